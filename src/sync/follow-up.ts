// A follow-up of a send with short links (docs/product.md#follow-up): the send form's draft gets the
// recipients who clicked, or who did not, as typed numbers; the form screens opt-outs as for any send.
import { fetchLinkAudience } from '../api/message-api';
import { currentAccount } from '../db/session-store';
import { readDraft, saveDraft } from '../db/draft-store';

/** Puts the follow-up's numbers and the send's sender ID in the account's draft (a quick, regular send); answers how many. */
export async function draftFollowUp(messageId: string, clicked: boolean): Promise<number> {
  const found = await currentAccount();
  if (!found) throw new Error('Sign in to follow up on your messages');
  const profileId = found.user.profile_id;
  const { numbers, senderId } = await fetchLinkAudience(found.session.token, profileId, messageId, clicked);
  const draft = await readDraft(profileId);
  await saveDraft(profileId, {
    ...draft?.fields,
    senderId,
    messageType: 'quick',
    subtype: 'regular',
    source: 'manual',
    sourceSwitchedFrom: null,
    groupIds: [],
    numbers: numbers.join(', '),
  });
  return numbers.length;
}
