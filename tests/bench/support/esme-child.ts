// Customers' ESMEs for the SMPP server bench, in their own process so the gateway's memory and CPU are
// its own: BINDS transceivers to PORT, each keeping WINDOW submits in flight, TOTAL submits in all;
// every receipt answered; a submit refused with ESME_RTHROTTLED is sent again after a pause, as a
// customer's ESME does. Reports over IPC: when the last submit was answered, and receipts as they come.
import smpp, { type PDU, type Session } from 'smpp';

const port = Number(process.env.PORT);
const binds = Number(process.env.BINDS ?? 1);
const window = Number(process.env.WINDOW ?? 50);
const total = Number(process.env.TOTAL ?? 100_000);
const systemId = String(process.env.SYSTEM_ID);
const password = String(process.env.PASSWORD);

let next = 0;
let answered = 0;
let refused = 0;
let throttled = 0;
const THROTTLED = 0x58;
const THROTTLED_PAUSE_MS = 100;
let receipts = 0;
const statuses = new Map<number, number>();
const report = () => process.send?.({ type: 'progress', answered, refused, receipts, statuses: [...statuses] });

function bindOne(): Promise<Session> {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ host: '127.0.0.1', port }, () => {
      session.send(new smpp.PDU('bind_transceiver', { system_id: systemId, password }), (pdu: PDU) =>
        pdu.command_status === 0 ? resolve(session) : reject(new Error(`bind ${pdu.command_status}`)),
      );
    });
    session.on('error', reject);
    session.on('deliver_sm', (pdu: PDU) => {
      receipts += 1;
      session.send(pdu.response());
    });
  });
}

const sessions = await Promise.all(Array.from({ length: binds }, bindOne));
process.send?.({ type: 'bound' });
await new Promise<void>((resolve) => process.once('message', () => resolve()));
const started = performance.now();
const cpuStart = process.cpuUsage();

const pump = (session: Session) =>
  new Promise<void>((resolve) => {
    let open = 0;
    const again: number[] = [];
    const fill = () => {
      while (open < window && (again.length > 0 || next < total)) {
        const i = again.length > 0 ? again.shift()! : next++;
        open += 1;
        session.send(
          new smpp.PDU('submit_sm', {
            source_addr_ton: 5,
            source_addr: 'DEMO',
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: `23324${String(i).padStart(6, '0')}0`,
            registered_delivery: 1,
            data_coding: 0,
            short_message: Buffer.from(`Akwaaba! Your order ${i} is ready for pickup at the Osu branch.`, 'latin1'),
          }),
          (resp: PDU) => {
            open -= 1;
            if (resp.command_status === THROTTLED) {
              throttled += 1;
              again.push(i);
            } else {
              answered += 1;
              if (resp.command_status !== 0) {
                refused += 1;
                statuses.set(resp.command_status, (statuses.get(resp.command_status) ?? 0) + 1);
              }
            }
            // Once throttled, the bind pauses when its window has drained, then sends those again first.
            if (again.length > 0) {
              if (open === 0) setTimeout(fill, THROTTLED_PAUSE_MS);
            } else if (next >= total && open === 0) resolve();
            else fill();
          },
        );
      }
    };
    fill();
  });

const ticker = setInterval(report, 250);
await Promise.all(sessions.map(pump));
const cpu = process.cpuUsage(cpuStart);
process.send?.({
  type: 'submitted',
  ms: performance.now() - started,
  cpuUs: cpu.user + cpu.system,
  answered,
  refused,
  throttled,
  statuses: [...statuses],
});
process.on('message', (m: { type: string }) => {
  if (m.type === 'stop') {
    clearInterval(ticker);
    for (const s of sessions) s.destroy();
    process.exit(0);
  }
});
