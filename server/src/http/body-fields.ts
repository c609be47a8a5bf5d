// The field readers now live in the contract (src/domain/contract/fields.ts); this re-export goes once every route reads its body from there.
export { text, profileId, numericId } from '../../../src/domain/contract/fields';
