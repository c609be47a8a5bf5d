// The test SMSC in its own process for the carrier bench, so the gateway has the other core to
// itself. It sends its port, then answers messages: 'count' (cheap, for polling), 'stats' (reassembles
// every text: only at the end), 'reset', 'drop'.
import { FakeSmsc } from '../../gateway/helpers/fake-smsc';
import { reassemble } from '../../../server/src/smpp/concatenation';

const smsc = new FakeSmsc();
await smsc.start();
if (process.env.SMSC_RECEIPTS === '0') smsc.setFaults({ receipts: false });
process.send?.({ port: smsc.port });

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    smsc.ledger.length = 0;
    smsc.receiptsSent = 0;
    smsc.receiptsAcked = 0;
    process.send?.({ type: 'reset' });
  } else if (message.type === 'drop') {
    smsc.dropAll();
    process.send?.({ type: 'drop' });
  } else if (message.type === 'count') {
    process.send?.({ type: 'count', parts: smsc.ledger.length });
  } else if (message.type === 'stats') {
    // The bench's own numbers (23324NNNNNN0): the demo data's scheduled runs may go out meanwhile.
    const texts = reassemble(smsc.ledger);
    let whole = 0;
    let duplicates = 0;
    for (const [to, list] of texts) {
      if (!/^23324\d{6}0$/.test(to)) continue;
      whole += list.length;
      duplicates += Math.max(0, list.length - 1);
    }
    process.send?.({
      type: 'stats',
      parts: smsc.ledger.length,
      recipients: texts.size,
      whole,
      duplicates,
      receiptsSent: smsc.receiptsSent,
      receiptsAcked: smsc.receiptsAcked,
      binds: smsc.binds,
    });
  } else if (message.type === 'stop') {
    void smsc.stop().then(() => process.exit(0));
  }
});
