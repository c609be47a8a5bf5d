import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { toSheetTable } from '../../../../src/excel/sheet-table';
import type * as ParseFile from '../../../../src/excel/parse-file';
import { wipeAccount } from '../../../../src/db/session-store';
import { stubFetch } from '../../support/fetch-stub';
import { choose, field, jobs, PROFILE, renderSendForm, resetDb, submit } from './send-helpers';

// happy-dom runs no module workers: the reader answers as the worker would for a one-sheet file.
vi.mock('../../../../src/excel/parse-file', async (actual) => ({
  ...(await actual<typeof ParseFile>()),
  openSpreadsheet: (file: File): Promise<ParseFile.OpenedSpreadsheet> => {
    const headings = ['numbers', 'Name', 'Amount due'];
    const rows = [
      { numbers: '233241000001', Name: 'Ama', 'Amount due': '10' },
      { numbers: '233241000002', Name: 'Kofi', 'Amount due': '20' },
      { numbers: '233241000003', Name: 'Esi', 'Amount due': '30' },
    ];
    const first = {
      ok: true as const,
      sheet: 'Customers',
      headings,
      table: toSheetTable(rows, headings),
      setAside: [],
      notes: [],
    };
    return Promise.resolve({
      fileName: file.name,
      sheetNames: ['Customers'],
      first,
      readSheet: () => Promise.resolve(first),
      close: () => undefined,
    });
  },
}));

// The sheet is read, stored and shown across several turns of IndexedDB: on two cores shared with
// other suites that has taken over the default 5 s.
const LOADED = { timeout: 15_000 };
const loaded = () => screen.findByText('Loaded 3 rows from Customers (customers.xlsx)', {}, LOADED);

const storedRecords = () => db.draftSheets.where('profile_id').equals(PROFILE).count();

async function fieldOptions(user: Awaited<ReturnType<typeof renderSendForm>>['user']) {
  await user.click(screen.getByRole('combobox', { name: 'Insert a field' }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

async function loadSheet() {
  const form = await renderSendForm({ senderidapproved: 'DEMO' });
  await choose(form.user, 'Sub-type', 'Personalized');
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await form.user.upload(input, new File(['numbers,Name'], 'customers.xlsx'));
  await loaded();
  // Header plus one chunk of rows, written once the sheet is read.
  await waitFor(async () => expect(await storedRecords()).toBe(2), LOADED);
  return form;
}

async function remount(form: Awaited<ReturnType<typeof renderSendForm>>) {
  form.off();
  form.unmount();
  const again = await renderSendForm({ senderidapproved: 'DEMO' });
  await loaded();
  return again;
}

describe('send form: the loaded sheet is part of the draft', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('finds the same sheet loaded after a re-mount: recipients, placeholders and file name', async () => {
    const first = await loadSheet();
    expect(screen.getByTestId('recipient-count').textContent).toBe('3 recipients');
    const placeholders = await fieldOptions(first.user);
    expect(placeholders).toEqual(['numbers', 'Name', 'Amount due']);

    const again = await remount(first);
    expect(screen.getByTestId('recipient-count').textContent).toBe('3 recipients');
    expect(await fieldOptions(again.user)).toEqual(placeholders);
    expect(screen.getByText('customers.xlsx')).toBeTruthy();
    expect(screen.queryByText('Restoring your loaded sheet…')).toBeNull();
  });

  it('sends each row its own text from the restored sheet, then forgets the sheet', async () => {
    const again = await remount(await loadSheet());
    await again.user.type(field('Message'), 'Hi {{Name}');
    await submit(again.user, 'Send Message');
    await waitFor(async () => expect(await jobs()).toHaveLength(1));
    const items = (await db.outboxBatches.toArray()).flatMap((b) => b.items);
    expect(items.map((i) => [i.destinationAddress, i.shortMessage])).toEqual([
      ['233241000001', 'Hi Ama'],
      ['233241000002', 'Hi Kofi'],
      ['233241000003', 'Hi Esi'],
    ]);
    await waitFor(async () => expect(await storedRecords()).toBe(0));
  });

  it('forgets the sheet when the file is removed', async () => {
    const form = await loadSheet();
    await form.user.click(screen.getByRole('button', { name: 'Remove the file' }));
    await waitFor(async () => expect(await storedRecords()).toBe(0));
    form.off();
    form.unmount();
    await renderSendForm({ senderidapproved: 'DEMO' });
    await screen.findByText('Choose an .xlsx, .xlsm, .xls, .xml or .csv file');
    expect(screen.queryByText(/^Loaded /)).toBeNull();
  });

  it('forgets the sheet on sign-out', async () => {
    await loadSheet();
    await wipeAccount(PROFILE);
    expect(await storedRecords()).toBe(0);
  });
});
