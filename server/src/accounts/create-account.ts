import { YEAR_MS } from '../../../src/domain/dates';
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { apiKeyHash, newApiKey, newReferralCode } from '../auth/tokens';
import { refuse } from '../core/errors';
import { isUniqueViolation } from '../db/queries';
import { FREE_SIGNUP_CREDITS } from '../../../src/domain/constants';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { TEST_SENDER_ID } from '../../../src/domain/messages/sender-id';
import { SIGNUP_DONE, type TemporalRow } from './temporal';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './uniqueness';
import { openAccount } from '../money/balance';

/** The free credits last as long as a new regular tier's (0.25 years). */
const FREE_CREDIT_EXPIRY_YEARS = 0.25;

/**
 * Turns a finished sign-up into an account: 10 free credits (docs/product.md#sign-up), the referrer, the domain
 * owner as supervisor, every menu tab on. Claiming the sign-up row in the same transaction means
 * it can only ever make one account.
 */
export async function createAccount(ctx: GatewayContext, temporal: TemporalRow): Promise<UserRow> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([
            eb(sql`lower(username)`, '=', temporal.username.toLowerCase()),
            eb(sql`lower(email)`, '=', temporal.email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      if (clash)
        throw refuse(clash.username.toLowerCase() === temporal.username.toLowerCase() ? USERNAME_TAKEN : EMAIL_TAKEN);
      const referrer = temporal.referralcode
        ? await trx
            .selectFrom('users')
            .select('profile_id')
            .where(sql`upper(referralcode)`, '=', temporal.referralcode.toUpperCase())
            .where((eb) => eb.or([eb('supid', '=', temporal.supid), eb('profile_id', '=', temporal.supid)]))
            .executeTakeFirst()
        : undefined;
      // The free credits once per phone: a second account on a number starts with none.
      const phone = canonicalPhone(temporal.phone);
      const tail = phone.slice(-9);
      const sameNumber = await trx
        .selectFrom('users')
        .select('telnumber')
        .where('telnumber', 'like', `%${tail}`)
        .execute();
      const freeCredits = sameNumber.some((u) => canonicalPhone(u.telnumber) === phone) ? 0 : FREE_SIGNUP_CREDITS;
      const user = await trx
        .insertInto('users')
        .values({
          username: temporal.username,
          email: temporal.email,
          telnumber: temporal.phone,
          companyname: temporal.companyname,
          country: temporal.country,
          accountType: 'REGULAR',
          password_hash: temporal.password_hash,
          // No key until the user generates one (shown once): an unknowable hash in its place.
          apikey: apiKeyHash(newApiKey()),
          // Until its own ID is approved, an account sends as 'TEST' (the apply-for-an-ID notice).
          senderidapproved: TEST_SENDER_ID,
          isAdmin: 0,
          supid: temporal.supid,
          referralcode: newReferralCode(),
          referred_by: referrer?.profile_id ?? null,
          creditexpires: Math.floor((now + FREE_CREDIT_EXPIRY_YEARS * YEAR_MS) / 1000),
          content: 'local',
          dashboardTab: 1,
          scheduledsmsTab: 1,
          recurringsmsTab: 1,
          credithistoryTab: 1,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const claimed = await trx
        .updateTable('temporal_signups')
        // The account holds the password hash now; the sign-up row keeps no copy.
        .set({ profile_id: user.profile_id, verified: 1, password_hash: '' })
        .where('id', '=', temporal.id)
        .where('profile_id', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw refuse(SIGNUP_DONE);
      // The account's ledger opens with its free credits, or an opening row of none.
      const why = {
        reason: 'signup_gift',
        ref: { kind: 'account', id: user.profile_id },
        actor: null,
        at: now,
      } as const;
      return { ...user, creditbalance: await openAccount(trx, user.profile_id, freeCredits, why) };
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets a clear refusal.
    if (isUniqueViolation(error)) throw refuse('Username or email already exists');
    throw error;
  }
}
