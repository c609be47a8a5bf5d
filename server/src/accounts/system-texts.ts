import type { GatewayContext } from '../core/context';
import { deliverSystemText } from '../carrier/carrier';
import { SENDER_ID_MAX_LENGTH } from '../../../src/domain/constants';
import { canonicalPhone } from '../../../src/domain/phone-number';
import { takeAttempt } from './attempts';

/** The sender and company name a supervisor's texts go out under: its domain's sender ID, else its company. */
async function brandOf(ctx: GatewayContext, supervisorId: number): Promise<{ from: string; company: string }> {
  const domain = await ctx.db
    .selectFrom('domains')
    .select(['senderid', 'companyname'])
    .where('profile_id', '=', supervisorId)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
  const company = domain?.companyname.trim() || 'SMS';
  const from = (domain?.senderid.trim() || company).slice(0, SENDER_ID_MAX_LENGTH);
  return { from, company };
}

/** One more code texted to `phone`: 429 once the number has had its share this hour. */
const countCodeTo = (ctx: GatewayContext, phone: string) =>
  takeAttempt(ctx, 'codeToNumber', `tel:${canonicalPhone(phone)}`);

export async function sendSignupCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  await countCodeTo(ctx, phone);
  const { from, company } = await brandOf(ctx, supervisorId);
  const text = `Your ${company} verification code is ${code}. It expires in 10 minutes.`;
  await deliverSystemText(ctx, phone, from, text);
}

/** Quietly sends nothing past the number's limit: the reset answer is the same either way. */
export async function sendResetCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  try {
    await countCodeTo(ctx, phone);
  } catch {
    return;
  }
  const { from, company } = await brandOf(ctx, supervisorId);
  const text = `Your ${company} password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
  await deliverSystemText(ctx, phone, from, text);
}
