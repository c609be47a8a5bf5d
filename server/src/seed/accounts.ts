import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { DomainsTable, UsersTable } from '../db/schema-core';
import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { apiKeyHash, newApiKey, newReferralCode } from '../auth/tokens';
import { openAccount } from '../money/balance';

export type NewAccount = Partial<Omit<Insertable<UsersTable>, 'password_hash'>> & {
  username: string;
  password: string;
};

/**
 * Creates a user with sensible defaults; an explicit profile_id is honoured (profile 6 matters). Its
 * balance is given by money, as its ledger's opening row.
 */
export async function createUser(ctx: GatewayContext, account: NewAccount) {
  const { password, creditbalance = 0, ...fields } = account;
  const row = await ctx.db
    .insertInto('users')
    .values({
      email: `${account.username}@example.com`,
      telnumber: '233200000000',
      companyname: '',
      country: 'Ghana',
      accountType: 'REGULAR',
      apikey: apiKeyHash(newApiKey()),
      referralcode: newReferralCode(),
      created_at: ctx.now(),
      ...fields,
      password_hash: await hashPassword(password, ctx.scryptCost),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (account.profile_id !== undefined) await syncSequence(ctx, 'users', 'profile_id');
  const why = { reason: 'opening', ref: { kind: 'account', id: row.profile_id }, actor: null, at: ctx.now() } as const;
  return { ...row, creditbalance: await openAccount(ctx.db, row.profile_id, Number(creditbalance), why) };
}

export async function createDomain(
  ctx: GatewayContext,
  domain: Partial<Insertable<DomainsTable>> & { host: string; profile_id: number },
) {
  return ctx.db
    .insertInto('domains')
    .values({ created_at: ctx.now(), ...domain })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** After inserting explicit ids on PostgreSQL, move the serial past them. */
export async function syncSequence(ctx: GatewayContext, table: string, column: string): Promise<void> {
  if (ctx.db.dialectName !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), (select max(${sql.ref(column)}) from ${sql.table(table)}))`.execute(
    ctx.db,
  );
}
