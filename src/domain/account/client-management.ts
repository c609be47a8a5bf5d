// Client management's decisions as pure functions (docs/product.md#client-management).
import { findBeneficiary, USER_NOT_FOUND } from '../contacts/contact';
import { creditsError, moneyError, rateError } from '../money/money';
import { smsCredits } from '../money/pricing';
import { splitSenderIds } from '../messages/sender-id';

type Client = { profile_id: number; username: string; email: string; supid: number };

export type CreditPlan<T> =
  { ok: true; client: T; credits: number } | { ok: false; field: 'beneficiary' | 'amount' | 'rate'; message: string };

/**
 * A gift checked before it is confirmed: the beneficiary (exact username or e-mail among the giver's
 * own clients), then the rate and the amount; the credits it makes are shown before confirming.
 */
export function planCreditGift<T extends Client>(
  clients: readonly T[],
  giverId: number,
  input: { beneficiary: string; amount: string; rate?: string },
): CreditPlan<T> {
  const client = findBeneficiary(
    clients.filter((c) => c.supid === giverId),
    input.beneficiary,
  );
  if (!client) return { ok: false, field: 'beneficiary', message: USER_NOT_FOUND };
  // The gateway's own rules (money.ts), so what is confirmed is what it accepts; the product's texts first.
  if (input.rate !== undefined) {
    const rateProblem = rateError(input.rate);
    if (rateProblem) return { ok: false, field: 'rate', message: rateProblem };
    const amountProblem = moneyError(input.amount);
    if (amountProblem) return { ok: false, field: 'amount', message: amountProblem };
    return { ok: true, client, credits: smsCredits(Number(input.amount), Number(input.rate)) };
  }
  const problem = creditsError(input.amount);
  if (problem) return { ok: false, field: 'amount', message: problem };
  return { ok: true, client, credits: Number(input.amount) };
}

export type SenderIdRequest = {
  profile_id: number;
  username: string;
  companyname: string;
  supervisor: string;
  ids: string[];
};

/**
 * The pending sender-ID requests to show: profile 6's platform-wide list when it has one, otherwise
 * the admin's own clients that have pending IDs.
 */
export function senderIdRequests(
  users: readonly (Client & { companyname: string; pendingsenderid: string })[],
  platformWide: readonly {
    profile_id: number;
    username: string;
    companyname: string;
    supid: number;
    supervisor: string;
    pendingsenderid: string;
  }[],
  viewer: { profile_id: number; isPlatform: boolean },
): SenderIdRequest[] {
  const source = viewer.isPlatform ? platformWide : users.map((u) => ({ ...u, supervisor: '' }));
  return source
    .map((r) => ({
      profile_id: r.profile_id,
      username: r.username,
      companyname: r.companyname,
      // Named only when it is someone else's client (a reseller's), not the viewer's own.
      supervisor: r.supid === viewer.profile_id ? '' : r.supervisor,
      ids: splitSenderIds(r.pendingsenderid),
    }))
    .filter((r) => r.ids.length > 0);
}
