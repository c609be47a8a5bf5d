import { describe, expect, it } from 'vitest';
import { deliveryCounts, recipientCount, submissionInProgress } from '../../../src/domain/messages/message-summary';

describe('deliveryCounts', () => {
  it("adds up the gateway's summary", () => {
    const message = {
      destinationAddress: '1,2',
      destinationCount: 6,
      messageStatus: [
        { status: 'SENT', count: 3 },
        { status: 'FAILED', count: 1 },
        { status: 'PENDING', count: 2 },
      ],
    };
    expect(deliveryCounts(message)).toEqual({ sent: 3, failed: 1, pending: 2, optedOut: 0, total: 6 });
  });

  it('counts opted-out recipients apart from the pending ones', () => {
    const message = {
      destinationCount: 4,
      messageStatus: [
        { status: 'SENT', count: 2 },
        { status: 'PENDING', count: 0 },
        { status: 'OPTED_OUT', count: 2 },
      ],
    };
    expect(deliveryCounts(message)).toEqual({ sent: 2, failed: 0, pending: 0, optedOut: 2, total: 4 });
  });

  it('counts a row per recipient, and recipients without a row as pending', () => {
    const message = { destinationAddress: '1,2,3', messageStatus: [{ status: 'SENT' }, { status: 'DELIVRD?' }] };
    expect(deliveryCounts(message)).toEqual({ sent: 1, failed: 0, pending: 2, optedOut: 0, total: 3 });
    expect(recipientCount({ destinationAddress: '1, 2' })).toBe(2);
  });
});

describe('submissionInProgress', () => {
  it('uses submitted and posted when the gateway gives them', () => {
    expect(submissionInProgress({ posted: 5, submitted: 4 })).toBe(true);
    expect(submissionInProgress({ posted: 5, submitted: 5 })).toBe(false);
  });

  it('falls back to status rows fewer than numbers', () => {
    expect(submissionInProgress({ destinationAddress: '1,2', messageStatus: [{ status: 'SENT' }] })).toBe(true);
    expect(submissionInProgress({ destinationAddress: '1', messageStatus: [{ status: 'SENT' }] })).toBe(false);
    expect(submissionInProgress({ destinationAddress: '1,2', messageStatus: [{ status: 'SENT', count: 1 }] })).toBe(
      false,
    );
  });
});
