// A claimed part in its wire form (docs/carrier.md#what-goes-on-the-wire): its segment of its
// recipient's text, the sender and destination as SMPP addresses them.
import type { OutgoingPart } from '../core/connector';
import { destinationAddress, senderAddress } from '../smpp/addresses';
import { wireSegments, type WireSegment } from '../smpp/segments';
import { referenceOf, type ClaimedPart } from './parts/part-claims';

/** Cuts each recipient's text once for all its parts (they are sent one after another). */
export class WireParts {
  private lastSplit: { key: string; segments: WireSegment[] } | null = null;

  /** The wire form of a part; throws when its text does not have that many segments. */
  outgoing(part: ClaimedPart): OutgoingPart {
    const firstPartId = part.id - (part.seq - 1);
    const key = `${part.recipientId ?? `p${firstPartId}`}`;
    if (this.lastSplit?.key !== key) {
      this.lastSplit = {
        key,
        segments: wireSegments(part.text, part.unicode, referenceOf(part.recipientId, firstPartId)),
      };
    }
    const segment = this.lastSplit.segments[part.seq - 1];
    if (!segment) throw new Error(`part ${part.seq} of ${this.lastSplit.segments.length}`);
    const from = senderAddress(part.from);
    return {
      partId: part.id,
      to: destinationAddress(part.to),
      from: from.addr,
      fromTon: from.ton,
      fromNpi: from.npi,
      dataCoding: segment.dataCoding,
      esmClass: segment.esmClass,
      shortMessage: segment.shortMessage,
      meta: {
        recipientId: part.recipientId ?? 0,
        number: part.to,
        messageId: part.messageId,
        jobId: part.jobId,
        recipientIndex: part.recipientIndex,
        queuedAt: part.queuedAt,
        seq: part.seq,
        total: part.total,
        text: part.text,
        unicode: segment.dataCoding === 8,
      },
    };
  }
}
