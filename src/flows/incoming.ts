// Spreadsheets and text arriving from outside the app (docs/architecture.md#files-and-contacts-in):
// files opened with the installed app (File Handling's launchQueue) and shares the service worker
// kept (Web Share Target). They wait here until the send form takes them.
import { SHARED_CACHE, SHARED_FILE_URL, SHARED_ITEM_URL, type SharedItem } from '../domain/incoming';

export interface Incoming {
  file: File | null;
  text: string;
}

type Taker = (item: Incoming) => void;
let waiting: Incoming[] = [];
const takers = new Set<Taker>();

function offer(item: Incoming): void {
  if (takers.size === 0) waiting.push(item);
  for (const take of takers) take(item);
}

/** The send form takes what came in: what waited for it at once, later arrivals as they come. */
export function takeIncoming(take: Taker): () => void {
  takers.add(take);
  const now = waiting;
  waiting = [];
  now.forEach(take);
  return () => takers.delete(take);
}

type LaunchParams = { files?: ReadonlyArray<{ getFile(): Promise<File> }> };
type LaunchWindow = Window & { launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void } };

/** Files opened with the installed app: the first spreadsheet goes to the send form. */
export function listenForOpenedFiles(): void {
  (window as LaunchWindow).launchQueue?.setConsumer((params) => {
    const [handle] = params.files ?? [];
    if (handle) void handle.getFile().then((file) => offer({ file, text: '' }));
  });
}

/** What the service worker kept from a share, taken once (it works offline: nothing is fetched). */
export async function collectShared(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(SHARED_CACHE);
  const kept = await cache.match(SHARED_ITEM_URL);
  if (!kept) return;
  const item = (await kept.json()) as SharedItem;
  const body = item.fileName ? await cache.match(SHARED_FILE_URL) : undefined;
  const file = body ? new File([await body.blob()], item.fileName, { type: item.fileType }) : null;
  await Promise.all([cache.delete(SHARED_ITEM_URL), cache.delete(SHARED_FILE_URL)]);
  offer({ file, text: item.text });
}
