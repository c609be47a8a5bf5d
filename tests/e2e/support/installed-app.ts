// Stand-ins for what only an installed app on a phone or desktop gets: Chromium in a tab has no
// launchQueue that fires and, on a desktop, no Contact Picker. Each has the real API's shape.
import type { BrowserContext, Page } from 'playwright-core';

/** Installs a launchQueue whose launches the test starts with `launch`. */
export async function withLaunchQueue(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const queued: unknown[] = [];
    let consumer: ((params: unknown) => void) | null = null;
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: {
        setConsumer(fn: (params: unknown) => void) {
          consumer = fn;
          queued.splice(0).forEach((p) => fn(p));
        },
      },
    });
    // Chromium hands an app launched with a file a real file handle, from the origin's private files here.
    Object.assign(window, {
      launchWith: async (launch: { file?: { name: string; text: string }; targetURL?: string }) => {
        const files = [];
        if (launch.file) {
          const dir = await navigator.storage.getDirectory();
          const handle = await dir.getFileHandle(launch.file.name, { create: true });
          const writable = await handle.createWritable();
          await writable.write(launch.file.text);
          await writable.close();
          files.push(handle);
        }
        const params = { targetURL: launch.targetURL ?? location.href, files };
        if (consumer) consumer(params);
        else queued.push(params);
      },
    });
  });
}

/** The installed app launched into this window: with a file opened with it, or at a shortcut's address. */
export const launch = (page: Page, what: { file?: { name: string; text: string }; targetURL?: string }) =>
  page.evaluate((w) => (window as unknown as { launchWith: (l: typeof w) => Promise<void> }).launchWith(w), what);

/** Installs Android's Contact Picker, answering with these people as the phone would. */
export async function withContactPicker(
  context: BrowserContext,
  people: ReadonlyArray<{ name: string[]; tel: string[] }>,
): Promise<void> {
  await context.addInitScript((picked) => {
    class ContactsManager {
      async select() {
        return picked;
      }
    }
    Object.assign(window, { ContactsManager });
    Object.defineProperty(navigator, 'contacts', { value: new ContactsManager() });
  }, people);
}
