import { describe, expect, it } from 'vitest';
import smpp, { type PDU } from 'smpp';
import { readCarrierPdu } from '../../server/src/smpp/pdu-in';
import { parseReceipt } from '../../server/src/carrier/smpp/smpp-receipt';

// The carrier's own reader of its answers and receipts: what the connector reads of each is what the
// `smpp` package read of the same bytes; anything else is left to the package.
const bytesOf = (command: string, fields: Record<string, unknown>, sequence = 7) =>
  (new smpp.PDU(command, { sequence_number: sequence, ...fields }) as unknown as { toBuffer(): Buffer }).toBuffer();
const byPackage = (raw: Buffer) => new smpp.PDU(raw as unknown as string) as PDU;

const text = (id: string, stat = 'DELIVRD') =>
  `id:${id} sub:001 dlvrd:001 submit date:2611281010 done date:2611281011 stat:${stat} err:000 text:Hello`;

describe("the carrier's own PDU reader", () => {
  it('reads a submit_sm_resp as the package does: its status, sequence and message_id', () => {
    for (const [fields, sequence] of [
      [{ message_id: '0A1B2C' }, 1],
      [{ message_id: '' }, 2],
      [{ command_status: smpp.errors.ESME_RTHROTTLED }, 3],
    ] as const) {
      const raw = bytesOf('submit_sm_resp', fields, sequence);
      const mine = readCarrierPdu(raw)!;
      const theirs = byPackage(raw);
      expect(mine.command).toBe('submit_sm_resp');
      expect(mine.isResponse()).toBe(true);
      expect([mine.command_status, mine.sequence_number, mine.message_id ?? '']).toEqual([
        theirs.command_status,
        theirs.sequence_number,
        theirs.message_id ?? '',
      ]);
    }
  });

  it('reads each form of receipt to the same receipt as the package', () => {
    const receipts: Record<string, unknown>[] = [
      // Appendix B text alone, as Kannel and most SMSCs send it.
      { esm_class: 0x04, source_addr: '233241000010', short_message: text('1234567890') },
      // The TLVs beside the text: they win.
      {
        esm_class: 0x04,
        source_addr: '233241000011',
        short_message: text('ABC123', 'ENROUTE'),
        receipted_message_id: 'abc123',
        message_state: 5,
      },
      // IA5 and Latin-1 texts, an intermediate notification, a failure with its code.
      { esm_class: 0x20, data_coding: 1, source_addr: '233241000012', short_message: text('77', 'ACCEPTD') },
      {
        esm_class: 0x04,
        data_coding: 3,
        source_addr: '233241000013',
        short_message: text('78', 'UNDELIV').replace('err:000', 'err:034'),
      },
      // The id in the TLV only, no text.
      {
        esm_class: 0x04,
        source_addr: '233241000014',
        short_message: '',
        receipted_message_id: 'ff00',
        message_state: 2,
      },
      // No id anywhere: no receipt.
      { esm_class: 0x04, source_addr: '233241000015', short_message: 'stat:DELIVRD' },
    ];
    for (const fields of receipts) {
      const raw = bytesOf('deliver_sm', fields);
      const mine = readCarrierPdu(raw);
      expect(mine).not.toBeNull();
      expect(mine!.sequence_number).toBe(7);
      expect(parseReceipt(mine!)).toEqual(parseReceipt(byPackage(raw)));
    }
  });

  it('reads an id the GSM alphabet would garble as the carrier sent it', () => {
    // The ASCII octets an SMSC sends: the package read `_` and `@` as the GSM alphabet's `§` and `¡`.
    const sent = Buffer.from(text('a_1@b'), 'latin1');
    const raw = bytesOf('deliver_sm', { esm_class: 0x04, source_addr: '233241000010', short_message: sent });
    expect(parseReceipt(readCarrierPdu(raw)!)?.carrierId).toBe('a_1@b');
    expect(parseReceipt(byPackage(raw))?.carrierId).not.toBe('a_1@b');
  });

  it('leaves every other PDU to the package: messages from phones, UCS-2 or UDH receipts, other commands', () => {
    const others = [
      bytesOf('deliver_sm', { source_addr: '233241000010', short_message: 'STOP' }),
      bytesOf('deliver_sm', { esm_class: 0x04, data_coding: 8, source_addr: '233241000010', short_message: text('1') }),
      bytesOf('deliver_sm', {
        esm_class: 0x44,
        source_addr: '233241000010',
        short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x01, 0x02, 0x01]), message: text('1') },
      }),
      bytesOf('enquire_link', {}),
      bytesOf('bind_transceiver_resp', { system_id: 'SMSC' }),
    ];
    for (const raw of others) expect(readCarrierPdu(raw)).toBeNull();
  });

  it('leaves a deliver_sm cut short to the package, which refuses it', () => {
    const raw = bytesOf('deliver_sm', { esm_class: 0x04, source_addr: '233241000010', short_message: text('1') });
    const cut = raw.subarray(0, 30);
    cut.writeUInt32BE(cut.length, 0);
    expect(readCarrierPdu(cut)).toBeNull();
  });
});
