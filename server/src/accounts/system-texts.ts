import type { GatewayContext } from '../context';
import { deliverSystemText } from '../carrier/carrier';
import { SENDER_ID_MAX_LENGTH } from '../../../src/domain/constants';

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

export async function sendSignupCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  const { from, company } = await brandOf(ctx, supervisorId);
  const text = `Your ${company} verification code is ${code}. It expires in 10 minutes.`;
  await deliverSystemText(ctx, phone, from, text);
}

export async function sendResetCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  const { from, company } = await brandOf(ctx, supervisorId);
  const text = `Your ${company} password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
  await deliverSystemText(ctx, phone, from, text);
}
