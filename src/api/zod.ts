// The app's schemas take `z` from the contract's module, which makes zod safe under the app's CSP first.
export { z } from '../domain/contract/zod';
