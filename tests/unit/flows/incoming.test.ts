import { afterEach, describe, expect, it, vi } from 'vitest';

type Consumer = (params: unknown) => void;

async function freshIncoming() {
  vi.resetModules();
  let consumer: Consumer | null = null;
  Object.defineProperty(window, 'launchQueue', {
    configurable: true,
    value: { setConsumer: (fn: Consumer) => (consumer = fn) },
  });
  const incoming = await import('../../../src/flows/incoming');
  incoming.listenForOpenedFiles();
  const file = new File(['numbers\n233240001001\n'], 'a.csv', { type: 'text/csv' });
  const launchFile = () => consumer!({ files: [{ getFile: async () => file }] });
  const launchAt = (url: string) => consumer!({ targetURL: url, files: [] });
  return { incoming, file, launchFile, launchAt };
}

afterEach(() => {
  delete (window as { launchQueue?: unknown }).launchQueue;
});

describe('what comes into the installed app', () => {
  it('goes to the screen shown last, and to the next one when it leaves', async () => {
    const { incoming, file, launchFile } = await freshIncoming();
    const sendForm = vi.fn();
    const phoneBook = vi.fn();
    incoming.takeIncoming(sendForm);
    const leave = incoming.takeIncoming(phoneBook);
    launchFile();
    await vi.waitFor(() => expect(phoneBook).toHaveBeenCalledWith({ file, text: '' }));
    expect(sendForm).not.toHaveBeenCalled();
    leave();
    launchFile();
    await vi.waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
  });

  it('waits when no screen takes it and asks the shell to open the send form, which then takes it', async () => {
    const { incoming, file, launchFile } = await freshIncoming();
    const open = vi.fn();
    incoming.setScreenOpener(open);
    launchFile();
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/'));
    const sendForm = vi.fn();
    incoming.takeIncoming(sendForm);
    expect(sendForm).toHaveBeenCalledWith({ file, text: '' });
  });

  it('opens a shortcut launched into the open window, and ignores a launch at the page shown', async () => {
    const { incoming, launchAt } = await freshIncoming();
    const open = vi.fn();
    incoming.setScreenOpener(open);
    launchAt(new URL('/phonebook', window.location.href).href);
    launchAt(window.location.href);
    launchAt('https://elsewhere.example/phonebook');
    expect(open.mock.calls).toEqual([['/phonebook']]);
  });
});
