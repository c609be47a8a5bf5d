// A person's data export (docs/compliance.md#a-persons-data): its Messages sent sheet counts the person's
// clicks on each send's short links, and leaves the cell empty for a send without them.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { writePersonData } from '../../../src/excel/person-exports';

describe("a person's data export", () => {
  it('adds Link clicks to each message sent: a count with short links, empty without', () => {
    const bytes = writePersonData({
      number: '233241000550',
      contacts: [],
      messages: [
        {
          time: '2026-11-20 10:00',
          sender: 'DEMO',
          text: 'Sale: https://x.example/l/Ab3dE5g',
          status: 'Delivered',
          clicks: '2',
        },
        { time: '2026-11-21 10:00', sender: 'DEMO', text: 'No link', status: 'Delivered', clicks: '' },
      ],
      optout: null,
      inbound: [],
    });
    const book = XLSX.read(bytes, { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Messages sent']!, { header: 1 });
    expect(rows).toEqual([
      ['Time', 'Sender', 'Text', 'Status', 'Link clicks'],
      ['2026-11-20 10:00', 'DEMO', 'Sale: https://x.example/l/Ab3dE5g', 'Delivered', '2'],
      ['2026-11-21 10:00', 'DEMO', 'No link', 'Delivered', ''],
    ]);
  });
});
