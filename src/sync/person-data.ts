// A person's data from the Opt-outs page (docs/compliance.md#a-persons-data): online only, the account's own.
import {
  erasePersonData,
  fetchPersonData,
  fetchPersonSummary,
  type PersonErasure,
  type PersonSummary,
} from '../api/person-data-api';
import { currentAccount } from '../db/session-store';
import { dropContactsWithNumbers } from '../db/phonebook-store';
import { formatAccra } from '../domain/dates';
import { OPT_OUT_REASON_LABELS, type OptOutReason } from '../domain/numbers/opt-out';
import { personNumber, storedForms, type PersonExport } from '../domain/account/person-data';
import { statusLabel } from '../domain/messages/message-status';
import { refreshOptOuts } from './optouts';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

const when = (iso: string) => (iso ? formatAccra(iso, 'yyyy-MM-dd HH:mm') : '');

export async function personSummary(number: string): Promise<PersonSummary> {
  const { token, profileId } = await signedIn();
  return fetchPersonSummary(token, profileId, number);
}

/** Everything held about the number, in the export's words (times in Accra, statuses and reasons as shown). */
export async function personExport(number: string): Promise<PersonExport> {
  const { token, profileId } = await signedIn();
  const data = await fetchPersonData(token, profileId, number);
  return {
    number: data.number,
    contacts: data.contacts.map((c) => ({
      groupname: c.groupname,
      firstname: c.firstname,
      middlename: c.middlename,
      surname: c.surname,
      email: c.email,
      phonenumber: c.phonenumber,
      birthday: c.birthday,
      consentsource: c.consentsource,
      consentdate: c.consentdate,
    })),
    messages: data.messages.map((m) => ({
      time: when(m.time),
      sender: m.sender,
      text: m.text,
      status: statusLabel(m.status),
      clicks: m.clicks === undefined ? '' : String(m.clicks),
    })),
    optout: data.optout
      ? {
          reason: OPT_OUT_REASON_LABELS[data.optout.reason as OptOutReason] ?? data.optout.reason,
          date: when(data.optout.created_at),
          note: data.optout.note,
        }
      : null,
    inbound: data.inbound.map((m) => ({ time: when(m.time), to: m.to, text: m.text })),
  };
}

/** Erases the number at the gateway, then drops its contacts from the device's copy and refreshes the opt-out list. */
export async function erasePerson(number: string, confirm: string): Promise<PersonErasure> {
  const { token, profileId } = await signedIn();
  const answer = await erasePersonData(token, profileId, number, confirm);
  const forms = new Set(storedForms(personNumber(number) ?? number));
  await dropContactsWithNumbers(profileId, forms);
  await refreshOptOuts().catch(() => {});
  return answer;
}
