import type { z } from './zod';
import { callGateway } from './http';
import { AUTO_TOPUP, SET_AUTO_TOPUP, type AutoTopupSchema } from '../domain/contract/auto-topup';

/** The account's auto top-up and saved card, as the app is shown them (docs/product.md#auto-top-up). */
export type AutoTopupAnswer = z.infer<typeof AutoTopupSchema>;
export type AutoTopupSettings = { enabled: true; threshold: string; credits: string } | { enabled: false };

export async function fetchAutoTopup(token: string, profileId: number): Promise<AutoTopupAnswer> {
  return (await callGateway(AUTO_TOPUP, { auth: token, body: { profile_id: profileId } })).autoTopup;
}

export async function saveAutoTopup(
  token: string,
  profileId: number,
  settings: AutoTopupSettings,
): Promise<AutoTopupAnswer> {
  return (await callGateway(SET_AUTO_TOPUP, { auth: token, body: { profile_id: profileId, ...settings } })).autoTopup;
}
