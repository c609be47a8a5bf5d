// The phone-book import's preview as a person reads it: what is new, what is skipped, what is left out.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ImportDialog } from '../../../../src/features/phonebook/import-dialog';
import { readContactSheet, type ContactSheet } from '../../../../src/domain/contacts/contact-sheet';
import type * as ContactImport from '../../../../src/sync/contact-import';
import { renderApp } from '../../support/render-app';
import { storedGroup } from '../../support/factories';

// The device's copy of the book holds the numbers listed here (the count the gateway will skip).
const inBook = new Set<string>();
vi.mock('../../../../src/sync/contact-import', async (actual) => ({
  ...(await actual<typeof ContactImport>()),
  countAlreadyInBook: (_group: number, numbers: readonly string[]) =>
    Promise.resolve(numbers.filter((n) => inBook.has(n)).length),
}));

// happy-dom runs no module workers: the file is read as the worker reads it.
let sheet: ContactSheet;
vi.mock('../../../../src/excel/contacts-file', () => ({
  readContactsFile: (file: File) => ({
    result: Promise.resolve({ ok: true, fileName: file.name, sheet }),
    cancel: () => {},
  }),
}));

function read(rows: unknown[][]): ContactSheet {
  const r = readContactSheet([['First name', 'Phone number', 'Email'], ...rows]);
  if (!r.ok) throw new Error(r.message);
  return r.sheet;
}

const FOUR = [
  ['Ama', '0244100001', 'ama@example.com'],
  ['Kofi', '0244100002', ''],
  ['Esi', '0244100003', ''],
  ['Yaw', '0244100004', ''],
];

function open() {
  return renderApp(
    <ImportDialog group={storedGroup(3)} start={{ file: new File(['x'], 'contacts.xlsx') }} onClose={() => {}} />,
  );
}

describe('the import preview', () => {
  it('says a file loaded again has nothing new, and offers no Load button', async () => {
    sheet = read(FOUR);
    FOUR.forEach(([, n]) => inBook.add(`233${n!.slice(1)}`));
    open();
    const ready = await screen.findByTestId('import-ready');
    expect(ready.textContent).toBe('Nothing new to load: every contact in this file is already in this phone book');
    expect(screen.getByTestId('import-skips').textContent).toContain(
      '4 contacts are already in this phone book: skipped',
    );
    expect(screen.queryByRole('button', { name: /^Load/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByTestId('import-left-out')).toBeNull();
    inBook.clear();
  });

  it('counts only the contacts new to the book as ready to load', async () => {
    sheet = read(FOUR);
    inBook.add('233244100001');
    open();
    expect((await screen.findByTestId('import-ready')).textContent).toBe('3 contacts ready to load');
    expect(screen.getByRole('button', { name: 'Load 3 contacts' })).toBeTruthy();
    inBook.clear();
  });

  it('loads a contact whose e-mail is no address without it, naming the row', async () => {
    sheet = read([...FOUR, ['Efua', '0244100005', 'efua@example'], ['Abena', '0244', 'abena@example.com']]);
    open();
    expect((await screen.findByTestId('import-ready')).textContent).toBe('5 contacts ready to load');
    const leftOut = screen.getByTestId('import-left-out');
    expect(within(leftOut).getByText('1 e-mail left out: not an e-mail address (row 6)')).toBeTruthy();
    // The number is required: that row is still refused.
    expect(screen.getByText('Row 7: Too short for a phone number (fewer than 8 digits)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load 5 contacts' })).toBeTruthy();
  });
});
