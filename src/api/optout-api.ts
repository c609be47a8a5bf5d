import type { z } from './zod';
import { callGateway } from './http';
import type { CallAnswer } from '../domain/contract/call';
import {
  ADD_OPT_OUTS,
  CLIENT_OPT_OUTS,
  OPT_OUT_NUMBERS,
  REMOVE_OPT_OUT,
  type ADD_REASONS,
  type OptOutSchema,
} from '../domain/contract/optouts';

/** A number on the account's opt-out list (docs/api.md#opt-outs). */
export type OptOutAnswer = z.infer<typeof OptOutSchema>;
export type AddReason = (typeof ADD_REASONS)[number];
export type ClientOptOutsAnswer = CallAnswer<typeof CLIENT_OPT_OUTS>;

/** The whole list (optoutnumbers): the device keeps it for offline reading and the send form's preview. */
export async function fetchOptOuts(token: string, profileId: number): Promise<OptOutAnswer[]> {
  return (await callGateway(OPT_OUT_NUMBERS, { auth: token, body: { profile_id: profileId } })).optouts;
}

export async function addOptOuts(token: string, profileId: number, numbers: string[], reason: AddReason) {
  return callGateway(ADD_OPT_OUTS, { auth: token, body: { profile_id: profileId, numbers, reason } });
}

export async function removeOptOut(token: string, profileId: number, number: string, reason: string) {
  return callGateway(REMOVE_OPT_OUT, { auth: token, body: { profile_id: profileId, number, reason } });
}

export async function fetchClientOptOuts(token: string, profileId: number): Promise<ClientOptOutsAnswer> {
  return callGateway(CLIENT_OPT_OUTS, { auth: token, body: { profile_id: profileId } });
}
