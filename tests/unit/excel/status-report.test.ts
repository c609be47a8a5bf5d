import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { neutraliseFormula, writeStatusReport } from '../../../src/excel/status-report';
import { reportFileName } from '../../../src/excel/report-file-name';
import { buildStatusReport } from '../../../src/excel/export-file';
import { writeCustomerData, writeNumbers } from '../../../src/excel/client-exports';

describe('status report export', () => {
  it('writes each recipient with its status in words, time, network, reason, parts and cost, readable back with SheetJS', async () => {
    const bytes = await buildStatusReport([
      { mobilenumber: '0241000001', status: 'SENT', statusTime: '2026-05-01T10:00:00.000Z', parts: 2 },
      {
        mobilenumber: '233241000013',
        status: 'FAILED',
        network: 'mtn',
        reason: 'The number does not exist on the network',
        parts: 2,
      },
    ]);
    const book = XLSX.read(bytes, { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows).toEqual([
      ['Mobile number', 'Status', 'Status time (Accra)', 'Network', 'Failure reason', 'Parts', 'Cost (credits)'],
      ['0241000001', 'Delivered', '2026-05-01 10:00', 'MTN', undefined, 2, 2],
      ['233241000013', 'Failed', undefined, 'MTN', 'The number does not exist on the network', 2, 2],
    ]);
  });

  it('neutralises cells that would start a formula', () => {
    const hostile = ['=HYPERLINK("http://evil","x")', '+233241', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];
    for (const value of hostile) expect(neutraliseFormula(value)).toBe(`'${value}`);
    expect(neutraliseFormula('233241000001')).toBe('233241000001');
    const bytes = writeStatusReport(hostile.map((v) => ({ mobilenumber: v, status: '=1+1' })));
    const sheet = XLSX.read(bytes, { type: 'array', cellFormula: true }).Sheets['Status report']!;
    for (let r = 2; r <= hostile.length + 1; r += 1) {
      for (const col of ['A', 'B']) {
        const cell = sheet[`${col}${r}`] as XLSX.CellObject;
        expect(cell.f).toBeUndefined();
        expect(cell.t).toBe('s');
        expect(String(cell.v).startsWith("'")).toBe(true);
      }
    }
  });

  it('compresses the file', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      mobilenumber: `2332410${String(i).padStart(5, '0')}`,
      status: 'SENT',
    }));
    const bytes = writeStatusReport(rows);
    expect(bytes[0]).toBe(0x50); // PK: a zip
    expect(bytes.byteLength).toBeLessThan(250_000); // about 510 KB without compression
  });

  it('names the file safely', () => {
    expect(reportFileName('Weekend sale / 12')).toBe('status-report-Weekend-sale-12.xlsx');
    expect(reportFileName('')).toBe('status-report-message.xlsx');
  });
});

describe('client management exports', () => {
  it('writes customer data with text cells neutralised and balances as numbers, and numbers under a numbers heading', () => {
    const row = {
      username: 'ama',
      companyname: '=HYPERLINK("http://x","y")',
      email: '@ama@example.com',
      telnumber: '+233241234567',
      accountType: 'REGULAR',
      creditbalance: 1234,
      internationalcreditbalance: 0,
      creditexpires: Date.parse('2027-02-21T12:00:00Z') / 1000,
      senderidapproved: 'AMA',
      pendingsenderid: '',
      setuptime: '2026-11-20T10:00:00.000Z',
    };
    const book = XLSX.read(writeCustomerData([row]), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]).toEqual([
      'ama',
      `'=HYPERLINK("http://x","y")`,
      "'@ama@example.com",
      "'+233241234567",
      'REGULAR',
      1234,
      0,
      '2027-02-21',
      'AMA',
      '',
      '2026-11-20',
    ]);
    const numbers = XLSX.read(writeNumbers(['233241234567', '-1']), { type: 'array' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(numbers.Sheets.Numbers!, { header: 1 })).toEqual([
      ['numbers'],
      ['233241234567'],
      ["'-1"],
    ]);
  });
});
