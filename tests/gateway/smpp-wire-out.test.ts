import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { receiptDeliverSm, submitSmResp } from '../../server/src/smpp/pdu-out';

// The SMPP server's own encoders of submit_sm_resp and of a receipt's deliver_sm: byte for byte what
// the `smpp` package makes of the same fields, and read back by it.
const numbered = (pdu: ReturnType<typeof submitSmResp>, sequence: number) => {
  pdu.sequence_number = sequence;
  return (pdu as unknown as { toBuffer(): Buffer }).toBuffer();
};
const packaged = (command: string, fields: Record<string, unknown>) =>
  (new smpp.PDU(command, fields) as unknown as { toBuffer(): Buffer }).toBuffer();

describe("the SMPP server's own PDU encoders", () => {
  it('encodes submit_sm_resp with its message_id, and with an error status as a header alone', () => {
    expect(numbered(submitSmResp(7, { messageId: '1234567' }), 7)).toEqual(
      packaged('submit_sm_resp', { sequence_number: 7, message_id: '1234567' }),
    );
    const refused = numbered(submitSmResp(0x7fffffff, { status: smpp.errors.ESME_RTHROTTLED! }), 0x7fffffff);
    expect(refused).toEqual(
      packaged('submit_sm_resp', { sequence_number: 0x7fffffff, command_status: smpp.errors.ESME_RTHROTTLED }),
    );
    expect(refused).toHaveLength(16);
  });

  it('encodes a receipt as the package does, and the package reads every field back', () => {
    const text =
      'id:98765 sub:001 dlvrd:001 submit date:2611271010 done date:2611271011 stat:DELIVRD err:000 text:Your parcel is rea';
    for (const [destTon, destNpi, destination] of [
      [5, 0, 'DEMO'],
      [1, 1, '233241234567'],
    ] as const) {
      const bytes = numbered(
        receiptDeliverSm({
          sourceTon: 1,
          sourceNpi: 1,
          source: '233241234567',
          destTon,
          destNpi,
          destination,
          text: Buffer.from(text, 'latin1'),
          receiptedMessageId: '98765',
          messageState: 2,
        }),
        42,
      );
      const fields = {
        sequence_number: 42,
        source_addr_ton: 1,
        source_addr_npi: 1,
        source_addr: '233241234567',
        dest_addr_ton: destTon,
        dest_addr_npi: destNpi,
        destination_addr: destination,
        esm_class: 0x04,
        data_coding: 0,
        short_message: Buffer.from(text, 'latin1'),
        receipted_message_id: '98765',
        message_state: 2,
      };
      expect(bytes).toEqual(packaged('deliver_sm', fields));
      const read = new smpp.PDU(bytes);
      expect(read).toMatchObject({
        command: 'deliver_sm',
        sequence_number: 42,
        source_addr: '233241234567',
        destination_addr: destination,
        esm_class: 0x04,
        receipted_message_id: '98765',
        message_state: 2,
      });
      expect((read.short_message as { message: string }).message).toBe(text);
    }
  });

  it('refuses a receipt text over the 254 octets short_message holds', () => {
    const make = () =>
      receiptDeliverSm({
        sourceTon: 1,
        sourceNpi: 1,
        source: '1',
        destTon: 1,
        destNpi: 1,
        destination: '2',
        text: Buffer.alloc(255, 0x41),
        receiptedMessageId: '1',
        messageState: 2,
      });
    expect(make).toThrow(/over 254/);
  });
});
