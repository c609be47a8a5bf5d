// Card auto top-up (docs/product.md#auto-top-up): the account's settings and its saved card as the
// app shows them. The card's authorization stays on the gateway: no answer carries it.
import { z } from './zod';
import { frontendCall } from './call';
import { num, ownBody, profileId, shownText as text } from './fields';
import { capError, capValue } from '../money/caps';

export const AutoTopupSchema = z.object({
  /** The saved card ("visa •••• 4081"), or null: no card payment yet (or the last was mobile money). */
  card: text.nullable(),
  enabled: z.boolean(),
  threshold: num,
  /** Credits a top-up buys; 0 on a setting saved before, which buys for `amount` GHS. */
  credits: num,
  amount: num,
  failures: num,
  lastError: text,
  boughtToday: num,
  maxPerDay: num,
});

/** autotopup: the caller's auto top-up and saved card. */
export const AUTO_TOPUP = frontendCall(
  'autotopup',
  { who: 'user', touches: 'self', needs: 'purchase' },
  ownBody,
  z.object({ autoTopup: AutoTopupSchema }),
);

const wholeCredits = (empty: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .superRefine((v, c) => {
      const error = v.trim() === '' ? empty : capError(v);
      if (error) c.addIssue({ code: 'custom', message: error });
    })
    .transform((v) => capValue(v)!);

/** setautotopup: turns auto top-up on (below `threshold` credits, buy `credits` credits) or off. */
export const SET_AUTO_TOPUP = frontendCall(
  'setautotopup',
  { who: 'user', touches: 'self', needs: 'purchase' },
  z.discriminatedUnion('enabled', [
    z.object({
      profile_id: profileId,
      enabled: z.literal(true),
      threshold: wholeCredits('Enter the credits under which to buy'),
      credits: wholeCredits('Enter the credits to buy'),
    }),
    z.object({ profile_id: profileId, enabled: z.literal(false) }),
  ]),
  z.object({ autoTopup: AutoTopupSchema }),
);
