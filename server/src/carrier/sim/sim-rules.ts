import type { RecipientStatus } from '../../../../src/domain/messages/message-status';

/** The simulated carrier's verdict for a number (docs/api.md#dev-mode-only-gateway_dev1): FAILED, PENDING forever, or SENT. */
export function carrierStatusFor(number: string): Extract<RecipientStatus, 'SENT' | 'FAILED' | 'PENDING'> {
  const digits = number.replace(/^\+/, '');
  if (!/^\d+$/.test(digits) || digits.length < 9 || digits.length > 15 || digits.endsWith('13')) return 'FAILED';
  if (digits.endsWith('99')) return 'PENDING';
  return 'SENT';
}
