import type { GatewayContext } from '../core/context';

/** The simulated carrier's verdict for a number (API.md): FAILED, PENDING forever, or SENT. */
export function carrierStatusFor(number: string): 'SENT' | 'FAILED' | 'PENDING' {
  const digits = number.replace(/^\+/, '');
  if (!/^\d+$/.test(digits) || digits.length < 9 || digits.length > 15 || digits.endsWith('13')) return 'FAILED';
  if (digits.endsWith('99')) return 'PENDING';
  return 'SENT';
}

/** Hands one system text (sign-up or reset code) to the simulated carrier; the dev inbox shows it. */
export async function deliverSystemText(ctx: GatewayContext, to: string, from: string, text: string): Promise<void> {
  await ctx.db
    .insertInto('carrier_messages')
    .values({
      to_number: to,
      from_id: from,
      text,
      job_id: null,
      recipient_index: null,
      message_id: null,
      status: carrierStatusFor(to),
      created_at: ctx.now(),
    })
    .execute();
}
