import { APP_PATHS } from '../../domain/navigation/app-paths';

// The full reference names each operation `operation/<operationId>` in the address's fragment
// (docs/api-v1.md, "The reference at an operation"): a link with it opens the reference on that operation.

const OPERATION_PREFIX = 'operation/';

/** The viewer's name of an operation: its operationId when it has one, else its method and path. */
export function operationSlug(op: { operationId?: string; method: string; path: string }): string {
  return op.operationId ? `${OPERATION_PREFIX}${op.operationId}` : `${op.method}${op.path}`;
}

/** The address of the reference opened on one operation. */
export const referenceHrefOf = (operationId: string) =>
  `${APP_PATHS.developersApi.getHref()}#${OPERATION_PREFIX}${encodeURIComponent(operationId)}`;

/** The operationId an address's fragment asks the reference for, or null. */
export function operationAsked(hash: string): string | null {
  const fragment = decodeURIComponent(hash.replace(/^#/, ''));
  return fragment.startsWith(OPERATION_PREFIX) ? fragment.slice(OPERATION_PREFIX.length) || null : null;
}
