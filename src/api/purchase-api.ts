import { CURRENCY } from '../domain/constants';
import { callGateway } from './http';
import { outcomeOf } from './answer-fields';
import { ApiFailure } from './api-failure';
import { TRY_AGAIN } from '../domain/alerts';
import { CHECK_SUPPLIER_CREDIT, PAYSTACK_LINK } from '../domain/contract/payments';

/** checksupcredit (docs/api.md#calls-and-answers): `error.status` 'successful' is the go-ahead; a refusal throws with its message. */
export async function checkSupplierCredit(token: string, profileId: number, amount: string): Promise<void> {
  outcomeOf(await callGateway(CHECK_SUPPLIER_CREDIT, { auth: token, body: { profile_id: profileId, amount } }));
}

/** paystack-link/: the payment page to send the buyer to. */
export async function paymentLink(token: string, profileId: number, amount: string): Promise<string> {
  const answer = await callGateway(PAYSTACK_LINK, {
    auth: token,
    body: {
      profile_id: profileId,
      amount,
      currency: CURRENCY,
      country: 'Ghana',
      title: 'SMS credit purchase',
      description: `${CURRENCY} ${amount} of SMS credits`,
    },
  });
  if (answer.status !== true || !answer.link) {
    throw new ApiFailure('refused', answer.error?.message || TRY_AGAIN, 200, answer.error?.status || 'failed');
  }
  return answer.link;
}
