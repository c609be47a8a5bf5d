import { z } from './zod';
import { FRONTEND_PATH } from '../domain/api-paths';
import { CURRENCY } from '../domain/constants';
import { request } from './http';
import { OutcomeSchema, outcomeOf } from './answer-fields';
import { shownText as text } from '../domain/contract/fields';
import { ApiFailure } from './api-failure';
import { TRY_AGAIN } from '../domain/alerts';

/** checksupcredit (docs/api.md#calls-and-answers): `error.status` 'successful' is the go-ahead; a refusal throws with its message. */
export async function checkSupplierCredit(token: string, profileId: number, amount: string): Promise<void> {
  const answer = await request({
    path: `${FRONTEND_PATH}checksupcredit`,
    auth: token,
    body: { profile_id: profileId, amount },
    schema: OutcomeSchema,
  });
  outcomeOf(answer);
}

const LinkSchema = z.looseObject({
  status: z.unknown(),
  link: text,
  error: z.looseObject({ status: text, message: text }).optional(),
});

/** paystack-link/: the payment page to send the buyer to. */
export async function paymentLink(token: string, profileId: number, amount: string): Promise<string> {
  const answer = await request({
    path: `${FRONTEND_PATH}paystack-link/`,
    auth: token,
    body: {
      profile_id: profileId,
      amount,
      currency: CURRENCY,
      country: 'Ghana',
      title: 'SMS credit purchase',
      description: `${CURRENCY} ${amount} of SMS credits`,
    },
    schema: LinkSchema,
  });
  if (answer.status !== true || !answer.link) {
    throw new ApiFailure('refused', answer.error?.message || TRY_AGAIN, 200, answer.error?.status || 'failed');
  }
  return answer.link;
}
