// Kannel (1.4.5, `bearerbox` and `smsbox`) as a customer's ESME, configured from the sample in
// docs/smpp.md#kannel: it binds, sends GSM-7, UCS-2 and a long message, and gets a receipt for each,
// matched to what it sent and called back on its dlr-url.
import { describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestGateway } from './helpers/test-app';
import { fundedAccount } from './helpers/messaging';
import { PASSWORD, smppAccessFor, startSmpp } from './helpers/smpp-customer';
import { eventually } from './helpers/eventually';

const setup = useTestGateway();

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The Kannel configuration of docs/smpp.md, with this test's hosts, ports, credentials and files. */
function kannelConf(values: {
  smppPort: number;
  systemId: string;
  admin: number;
  box: number;
  send: number;
  dir: string;
}) {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/smpp.md'), 'utf8');
  const sample = /## Kannel[\s\S]*?```conf\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!sample) throw new Error('docs/smpp.md has no Kannel sample');
  return sample
    .replace('host = sms.example.com', 'host = 127.0.0.1')
    .replace('port = 2775', `port = ${values.smppPort}`)
    .replace('"SYSTEM_ID"', `"${values.systemId}"`)
    .replace('"PASSWORD"', `"${PASSWORD}"`)
    .replace('admin-port = 13000', `admin-port = ${values.admin}`)
    .replace('smsbox-port = 13001', `smsbox-port = ${values.box}`)
    .replace('sendsms-port = 13013', `sendsms-port = ${values.send}`)
    .replace('reconnect-delay = 10', 'reconnect-delay = 1')
    .replace('"/var/log/kannel/bearerbox.log"', `"${join(values.dir, 'bearerbox.log')}"`)
    .replace('"/var/log/kannel/smsbox.log"', `"${join(values.dir, 'smsbox.log')}"`);
}

function run(command: string, conf: string): ChildProcess {
  const child = spawn(command, [conf], { stdio: 'ignore' });
  setup.onStop(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  );
  return child;
}

describe('Kannel as the customer', () => {
  it('binds, sends GSM-7, UCS-2 and a long message, and gets each one its receipt', { timeout: 60_000 }, async () => {
    const gw = await setup.open({ carrierDelayMs: 0 });
    const smppServer = await startSmpp(gw);
    setup.onStop(smppServer.stop);
    await fundedAccount(gw, 'demouser', 100_000);
    const { systemId } = await smppAccessFor(gw, 'demouser');

    const dlrs: URLSearchParams[] = [];
    const callback: Server = createServer((req, res) => {
      dlrs.push(new URL(req.url ?? '/', 'http://x').searchParams);
      res.end('ok');
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    setup.onStop(() => new Promise<void>((resolve) => callback.close(() => resolve())));
    const callbackPort = (callback.address() as { port: number }).port;

    const dir = mkdtempSync(join(tmpdir(), 'kannel-'));
    setup.onStop(() => rmSync(dir, { recursive: true, force: true }));
    const [admin, box, send] = [await freePort(), await freePort(), await freePort()];
    const conf = join(dir, 'kannel.conf');
    writeFileSync(conf, kannelConf({ smppPort: smppServer.port, systemId, admin, box, send, dir }));
    run('bearerbox', conf);
    await vi.waitFor(() => expect(smppServer.server.bindCount).toBe(1), { timeout: 20_000, interval: 100 });
    run('smsbox', conf);

    const texts = {
      gsm: 'Hello from Kannel: {price} €5',
      ucs2: 'Ɛte sɛn? Yɛda wo ase 🎉',
      long: Array.from({ length: 30 }, (_, i) => `line ${i} of a long message.`).join(' '),
    };
    const numbers = { gsm: '233241000010', ucs2: '233241000020', long: '233241000030' };
    const sendsms = async (kind: keyof typeof texts) => {
      const q = new URLSearchParams({
        username: 'shop',
        password: 'change-me-too',
        from: 'DEMO',
        to: numbers[kind],
        text: texts[kind],
        'dlr-mask': '3',
        'dlr-url': `http://127.0.0.1:${callbackPort}/dlr?kind=${kind}&type=%d&reply=%A`,
        ...(kind === 'ucs2' ? { coding: '2', charset: 'UTF-8' } : { charset: 'UTF-8' }),
      });
      await vi.waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${send}/cgi-bin/sendsms?${q}`);
          expect(res.status, await res.text()).toBeLessThan(300);
        },
        { timeout: 20_000, interval: 200 },
      );
    };
    for (const kind of ['gsm', 'ucs2', 'long'] as const) await sendsms(kind);

    // Each text arrives whole, as one recipient, from the approved sender.
    await vi.waitFor(
      async () => {
        const rows = await setup.gw.ctx.db
          .selectFrom('message_recipients as r')
          .innerJoin('messages as m', 'm.id', 'r.message_id')
          .innerJoin('smpp_submits as s', 's.recipient_id', 'r.id')
          .select(['r.number', 'r.text', 'm.short_message', 'm.source_address', 'r.parts'])
          .distinct()
          .execute();
        const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
        for (const kind of ['gsm', 'ucs2', 'long'] as const) {
          const r = byNumber[numbers[kind]];
          expect(r, kind).toBeDefined();
          expect(r!.text ?? r!.short_message, kind).toBe(texts[kind]);
          expect(r!.source_address).toBe('DEMO');
        }
        expect(byNumber[numbers.long]!.parts).toBeGreaterThan(1);
      },
      { timeout: 20_000, interval: 200 },
    );

    // Kannel matched each receipt to its message and called back: delivered (type 1).
    await vi.waitFor(
      () => {
        const delivered = dlrs.filter((d) => d.get('type') === '1').map((d) => d.get('kind'));
        expect(new Set(delivered)).toEqual(new Set(['gsm', 'ucs2', 'long']));
      },
      { timeout: 30_000, interval: 200 },
    );
    // A receipt for every submit that asked for one (Kannel asks on the parts it wants), each answered.
    await eventually(async () => {
      const receipts = await setup.gw.ctx.db.selectFrom('smpp_receipts').select(['stat', 'state']).execute();
      const asked = await setup.gw.ctx.db.selectFrom('smpp_submits').select('registered_delivery').execute();
      expect(receipts).toHaveLength(asked.filter((s) => (s.registered_delivery & 3) !== 0).length);
      expect(receipts.filter((r) => r.stat !== 'DELIVRD' || r.state !== 'delivered')).toEqual([]);
    });
  });
});
