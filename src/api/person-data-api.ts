import { callGateway } from './http';
import type { CallAnswer } from '../domain/contract/call';
import { PERSON_DATA, PERSON_DATA_ERASE, PERSON_DATA_EXPORT } from '../domain/contract/person-data';

/** What the account holds about one number, counted (docs/api.md#a-persons-data). */
export type PersonSummary = CallAnswer<typeof PERSON_DATA>;
export type PersonDataAnswer = CallAnswer<typeof PERSON_DATA_EXPORT>;
export type PersonErasure = CallAnswer<typeof PERSON_DATA_ERASE>;

export const fetchPersonSummary = (token: string, profileId: number, number: string): Promise<PersonSummary> =>
  callGateway(PERSON_DATA, { auth: token, body: { profile_id: profileId, number } });

export const fetchPersonData = (token: string, profileId: number, number: string): Promise<PersonDataAnswer> =>
  callGateway(PERSON_DATA_EXPORT, { auth: token, body: { profile_id: profileId, number } });

export const erasePersonData = (token: string, profileId: number, number: string, confirm: string) =>
  callGateway(PERSON_DATA_ERASE, { auth: token, body: { profile_id: profileId, number, confirm } });
