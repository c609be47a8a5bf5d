// Every row of a message's status, a page at a time (the status export's worker reads it: never the
// whole list in one answer).
import { fetchStatusPage, type StatusRow } from '../api/message-api';
import { STATUS_EXPORT_PAGE_SIZE } from '../domain/constants';

export interface StatusPages {
  rows: StatusRow[];
  /** Every row of the message (the progress bar's end). */
  total: number;
}

/** The pages of status/{id} in recipient order, each with how many rows there are in all. */
export async function* statusPages(
  token: string,
  profileId: number,
  messageId: string | number,
): AsyncGenerator<StatusPages> {
  for (let page = 1; ; page += 1) {
    const answer = await fetchStatusPage(token, profileId, messageId, { page, size: STATUS_EXPORT_PAGE_SIZE });
    const total = answer.matching ?? answer.status.length;
    yield { rows: answer.status, total };
    if (answer.status.length < STATUS_EXPORT_PAGE_SIZE || page * STATUS_EXPORT_PAGE_SIZE >= total) return;
  }
}
