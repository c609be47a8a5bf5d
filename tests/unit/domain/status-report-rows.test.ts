import { describe, expect, it } from 'vitest';
import { statusReportTable } from '../../../src/domain/messages/status-report-rows';
import { statusLabel } from '../../../src/domain/messages/message-status';

// 2026-05-01 10:00 UTC is 10:00 in Accra (GMT all year).
const AT = '2026-05-01T10:00:00.000Z';

describe('the status report export’s rows', () => {
  it('writes a personalized send’s recipients each with its own text, its status in words, time, network, parts and cost', () => {
    const table = statusReportTable([
      {
        mobilenumber: '233241000001',
        status: 'SENT',
        statusTime: AT,
        network: 'mtn',
        reason: '',
        text: 'Dear Kojo, your bill is GHS 10.',
        parts: 1,
      },
      {
        mobilenumber: '233201000002',
        status: 'PENDING',
        statusTime: AT,
        network: 'telecel',
        reason: '',
        text: `Dear Ama, ${'your statement is ready. '.repeat(8)}`,
        parts: 2,
      },
      {
        mobilenumber: '233261000003',
        status: 'OPTED_OUT',
        network: 'airteltigo',
        reason: '',
        text: 'Dear Nana',
        parts: 1,
      },
    ]);
    expect(table).toEqual([
      [
        'Mobile number',
        'Status',
        'Status time (Accra)',
        'Network',
        'Failure reason',
        'Message',
        'Parts',
        'Cost (credits)',
      ],
      ['233241000001', 'Delivered', '2026-05-01 10:00', 'MTN', '', 'Dear Kojo, your bill is GHS 10.', 1, 1],
      [
        '233201000002',
        'Pending',
        '2026-05-01 10:00',
        'Telecel',
        '',
        `Dear Ama, ${'your statement is ready. '.repeat(8)}`,
        2,
        2,
      ],
      // Never sent, never charged.
      ['233261000003', 'Opted out', '', 'AirtelTigo', '', 'Dear Nana', 1, 0],
    ]);
  });

  it('writes a failed recipient with its reason in words, and leaves the Message column out of a regular send', () => {
    const table = statusReportTable([
      {
        mobilenumber: '233271000005',
        status: 'FAILED',
        statusTime: AT,
        network: 'airteltigo',
        reason: 'The number does not exist on the network',
        parts: 1,
      },
      { mobilenumber: '233241000001', status: 'SENT', statusTime: AT, network: 'mtn', reason: '', parts: 1 },
    ]);
    expect(table).toEqual([
      ['Mobile number', 'Status', 'Status time (Accra)', 'Network', 'Failure reason', 'Parts', 'Cost (credits)'],
      ['233271000005', 'Failed', '2026-05-01 10:00', 'AirtelTigo', 'The number does not exist on the network', 1, 1],
      ['233241000001', 'Delivered', '2026-05-01 10:00', 'MTN', '', 1, 1],
    ]);
  });

  it('reads a row from an older gateway: network from the number, no status yet is Pending, no parts left blank', () => {
    expect(statusReportTable([{ mobilenumber: '0241000001', status: '' }])[1]).toEqual([
      '0241000001',
      'Pending',
      '',
      'MTN',
      '',
      '',
      '',
    ]);
  });

  it('says every status in words, keeping a name it does not know', () => {
    expect(['SENT', 'FAILED', 'PENDING', 'SCHEDULED', 'UNKNOWN', 'OPTED_OUT', 'DELIVRD?'].map(statusLabel)).toEqual([
      'Delivered',
      'Failed',
      'Pending',
      'Scheduled',
      'Unknown',
      'Opted out',
      'DELIVRD?',
    ]);
  });
});
