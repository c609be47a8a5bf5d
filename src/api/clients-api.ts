import type { z } from './zod';
import { callGateway } from './http';
import type { CallAnswer } from '../domain/contract/call';
import { GIFT_BY_AMOUNT, GIFT_BY_RATE, PLATFORM_NUMBERS } from '../domain/contract/payments';
import {
  APPROVE_SENDER_IDS,
  CLIENTS,
  REJECT_SENDER_IDS,
  type ClientSchema,
  type PendingRequestSchema,
} from '../domain/contract/account';

/** A client as an admin sees it (allusers, docs/api.md#calls-and-answers): user info without token, API key or secret keys. */
export type ClientAnswer = z.infer<typeof ClientSchema>;
/** Profile 6 only: a pending sender-ID request anywhere on the platform. */
export type PendingRequestAnswer = z.infer<typeof PendingRequestSchema>;
export type ClientsAnswer = CallAnswer<typeof CLIENTS>;

/** An admin's clients, and for profile 6 every pending sender-ID request (allusers). */
export async function fetchClients(token: string, profileId: number): Promise<ClientsAnswer> {
  return callGateway(CLIENTS, { auth: token, body: { profile_id: profileId } });
}

export type CreditGift = { profileId: number; clientProfileId: number; amount: string; currency: string };
type GiftAnswer = CallAnswer<typeof GIFT_BY_AMOUNT>;

/** Credit given by amount (manualcreditpurchase, docs/product.md#client-management): the amount is the number of credits. */
export async function giveCreditByAmount(token: string, gift: CreditGift): Promise<GiftAnswer> {
  return callGateway(GIFT_BY_AMOUNT, {
    auth: token,
    body: {
      profile_id: gift.profileId,
      amount: gift.amount,
      currency: gift.currency,
      clientprofile_id: gift.clientProfileId,
    },
  });
}

/** Credit given by rate (directcreditpurchase): credits = ceil(amount / rate). */
export async function giveCreditByRate(token: string, gift: CreditGift & { rate: string }): Promise<GiftAnswer> {
  return callGateway(GIFT_BY_RATE, {
    auth: token,
    body: {
      profile_id: gift.profileId,
      amount: gift.amount,
      rate: gift.rate,
      currency: gift.currency,
      clientprofile_id: gift.clientProfileId,
    },
  });
}

/** approvesenderid / rejectsenderid (profile 6): answers the client's updated info. */
export async function decideSenderIds(
  token: string,
  decision: { approve: boolean; profileId: number; clientProfileId: number; ids: string },
): Promise<ClientAnswer> {
  const answer = await callGateway(decision.approve ? APPROVE_SENDER_IDS : REJECT_SENDER_IDS, {
    auth: token,
    body: { profile_id: decision.profileId, id: decision.clientProfileId, pendingsenderid: decision.ids },
  });
  return answer.userInfo;
}

export type NumbersPage = CallAnswer<typeof PLATFORM_NUMBERS>;

/** Profile 6's numbers export (numbers/): every distinct phone-book number, 1,000 a page. */
export async function fetchNumbersPage(token: string, profileId: number, pageNum: number): Promise<NumbersPage> {
  return callGateway(PLATFORM_NUMBERS, { auth: token, body: { profile_id: profileId, pageNum } });
}
