import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { deliverSmResp, shortMessagePdu } from '../../server/src/smpp/pdu-out';
import { wireSegments } from '../../server/src/smpp/segments';

// The carrier's own encoders of submit_sm and deliver_sm_resp: byte for byte what the `smpp` package
// made of the same fields before, and read back by it.
type Numbered = { sequence_number: number; toBuffer(): Buffer };
const numbered = (pdu: unknown, sequence: number) => {
  (pdu as Numbered).sequence_number = sequence;
  return (pdu as Numbered).toBuffer();
};
const packaged = (command: string, fields: Record<string, unknown>) =>
  (new smpp.PDU(command, fields) as unknown as { toBuffer(): Buffer }).toBuffer();

describe("the carrier's own PDU encoders", () => {
  it('encodes each wire segment of a GSM, a UCS-2 and a long message as the package did', () => {
    const texts: [string, boolean][] = [
      ['Your parcel is ready {collect} at 5pm', false],
      ['Akwaaba! Wo ho te sɛn? 😀', true],
      ['Long '.repeat(60), false],
      ['Ɛyɛ '.repeat(40), true],
    ];
    let checked = 0;
    for (const [text, unicode] of texts) {
      for (const [k, piece] of wireSegments(text, unicode, 7).entries()) {
        const fields = {
          sourceTon: 5,
          sourceNpi: 0,
          source: 'DEMO SHOP',
          destTon: 1,
          destNpi: 1,
          destination: '233241234567',
          esmClass: piece.esmClass,
          registeredDelivery: 1,
          dataCoding: piece.dataCoding,
          message: piece.shortMessage,
        };
        const bytes = numbered(shortMessagePdu('submit_sm', fields), 100 + k);
        expect(bytes).toEqual(
          packaged('submit_sm', {
            sequence_number: 100 + k,
            source_addr_ton: 5,
            source_addr_npi: 0,
            source_addr: 'DEMO SHOP',
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: '233241234567',
            esm_class: piece.esmClass,
            data_coding: piece.dataCoding,
            registered_delivery: 1,
            short_message: piece.shortMessage,
          }),
        );
        const read = new smpp.PDU(bytes);
        expect(read).toMatchObject({
          command: 'submit_sm',
          sequence_number: 100 + k,
          destination_addr: '233241234567',
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('refuses a short_message over 254 octets', () => {
    const make = () =>
      shortMessagePdu('submit_sm', {
        sourceTon: 1,
        sourceNpi: 1,
        source: '233200000000',
        destTon: 1,
        destNpi: 1,
        destination: '233241234567',
        esmClass: 0,
        registeredDelivery: 1,
        dataCoding: 0,
        message: Buffer.alloc(255, 0x41),
      });
    expect(make).toThrow(/255 octets, over 254/);
  });

  it('answers deliver_sm with the deliver_sm_resp the package made', () => {
    const bytes = numbered(deliverSmResp(77), 77);
    const request = new smpp.PDU('deliver_sm', { sequence_number: 77, short_message: 'x' });
    expect(bytes).toEqual((request.response() as unknown as { toBuffer(): Buffer }).toBuffer());
    expect(new smpp.PDU(bytes)).toMatchObject({ command: 'deliver_sm_resp', sequence_number: 77, command_status: 0 });
  });
});
