// Every row of a message's status, a page at a time (the status export's worker reads it: never the
// whole list in one answer).
import { fetchStatusPage, type StatusRow } from '../api/message-api';
import { STATUS_EXPORT_PAGE_SIZE } from '../domain/constants';

export interface StatusPages {
  rows: StatusRow[];
  /** Every row of the message (the progress bar's end). */
  total: number;
}

/** Pages asked for at once after the first: the gateway answers one while the worker reads another. */
const AHEAD = 3;

/** The pages of status/{id} in recipient order, each with how many rows there are in all. */
export async function* statusPages(
  token: string,
  profileId: number,
  messageId: string | number,
): AsyncGenerator<StatusPages> {
  const pageOf = (page: number) =>
    fetchStatusPage(token, profileId, messageId, { page, size: STATUS_EXPORT_PAGE_SIZE });
  const first = await pageOf(1);
  const total = first.matching ?? first.status.length;
  yield { rows: first.status, total };
  const pages = Math.ceil(total / STATUS_EXPORT_PAGE_SIZE);
  if (first.status.length < STATUS_EXPORT_PAGE_SIZE) return;
  const asked = new Map<number, ReturnType<typeof pageOf>>();
  for (let page = 2; page <= pages; page += 1) {
    for (let next = page; next <= Math.min(pages, page + AHEAD - 1); next += 1) {
      if (asked.has(next)) continue;
      const answer = pageOf(next);
      // A failure is thrown when its page's turn comes, not reported unhandled before.
      answer.catch(() => undefined);
      asked.set(next, answer);
    }
    const answer = await asked.get(page)!;
    asked.delete(page);
    yield { rows: answer.status, total };
  }
}
