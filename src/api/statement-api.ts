import type { z } from './zod';
import { callGateway } from './http';
import { STATEMENT, type StatementSchema } from '../domain/contract/statement';

/** A month's statement as the app reads it (docs/product.md#statements). */
export type StatementAnswer = z.infer<typeof StatementSchema>;

/** statement: the caller's month, or (an admin) its client's. */
export async function fetchStatement(
  token: string,
  profileId: number,
  month: string,
  clientId: number | null,
): Promise<StatementAnswer> {
  const body = { profile_id: profileId, month, ...(clientId === null ? {} : { clientprofile_id: clientId }) };
  return (await callGateway(STATEMENT, { auth: token, body })).statement;
}
