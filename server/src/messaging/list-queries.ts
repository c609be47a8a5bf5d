import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Owners } from '../core/scope';
import { phoneSearchForms } from '../../../src/domain/numbers/phone-number';
import type { MessageList, MessageRow } from '../db/schema-messaging';

/** Paging: 20 a page, newest first (docs/api.md#calls-and-answers). */
export const PAGE_SIZE = 20;

/** `%needle%` for LIKE with the wildcards of the needle itself escaped. */
export function containsPattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listPage(
  ctx: GatewayContext,
  list: MessageList,
  scope: Owners,
  search: string,
  pageNum: number,
  memberId: number | null = null,
): Promise<{ rows: MessageRow[]; pageNum: number; hasMore: boolean }> {
  const page = Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1;
  let query = ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('list', '=', list)
    .where('state', '<>', 'deleted')
    // A test key's sends reached no one (docs/api-v1.md#test-mode): the app's lists show real sends only.
    .where('api_mode', '<>', 'test');
  query = 'own' in scope ? query.where('profile_id', '=', scope.own) : query.where('supid', '=', scope.clientsOf);
  // One team member's (docs/product.md#who-did-what): within the account's own rows, so another account's member finds none.
  if (memberId !== null && 'own' in scope) query = query.where('member_id', '=', memberId);
  // search_text holds every searchable field lower-cased once (docs/product.md#lists-and-status), so this is one LIKE on both databases.
  if (search.trim()) {
    // A number typed as 024… also finds the messages sent to it, stored as 233… (docs/product.md#phone-numbers).
    const patterns = [search, ...phoneSearchForms(search)].map(containsPattern);
    query = query.where((eb) =>
      eb.or(patterns.map((pattern) => sql<boolean>`search_text like ${pattern} escape '\\'`)),
    );
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, PAGE_SIZE), pageNum: page, hasMore: rows.length > PAGE_SIZE };
}
