import { resolve } from 'node:path';
import { buildApp } from './app';
import { ConfigError, configFromEnv, contextFrom, type GatewayConfig } from './config';
import { DEV_MAIL_PATH } from '../../src/domain/navigation/api-paths';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNTS } from './seed/demo';
import { prepareDatabase, type FirstStart } from './seed/first-start';
import { startBackground } from './background';
import { describeCarrier } from './carrier/carrier-url';
import { readFileSync } from 'node:fs';
import { SmppServer } from './smpp-server/listener';
import { createMetrics } from './http/metrics';
import { metricsPlace } from './http/metrics-config';
import { metricsServer, registerMetricsRoute } from './routes/metrics';
import { DEMO_SMPP } from './seed/demo';
import { observeLedger } from './money/ledger';
import { stopOnSignals } from './shutdown';

let config: ReturnType<typeof configFromEnv>;
try {
  config = configFromEnv();
} catch (error) {
  // A bad or missing variable stops the start with its name, never a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot start the gateway: ${error.message}`);
  process.exit(1);
}
// Statements are timed for metrics once they exist (below), and a lost connection is logged by the
// app's logger once it exists; the database opens first.
let reportLost = (error: Error) => console.error(`database connection lost: ${error.message}`);
let observeQuery: (ms: number, failed: boolean) => void = () => {};
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: resolve(config.dataDir, 'gateway.sqlite'),
  onConnectionLost: (error) => reportLost(error),
  onQuery: (ms, failed) => observeQuery(ms, failed),
});
await migrateToLatest(db);
const ctx = contextFrom(config, db);

let wrote: FirstStart;
try {
  wrote = await prepareDatabase(ctx, config);
} catch (error) {
  // No operator's account on an empty database, or no main domain for MAIN_HOST: named, no stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot start the gateway: ${error.message}`);
  await db.destroy();
  process.exit(1);
}

// Metrics (docs/operations.md#metrics): on their own port, on the main one with a token (or in dev mode), or off.
const metricsAt = metricsPlace(config.metrics, config.devMode);
const metrics = metricsAt === 'off' ? null : createMetrics(ctx, () => smppServer?.owner ?? null);
if (metrics) {
  ctx.observers = metrics.observers;
  observeQuery = (ms, failed) => metrics.observers.query(ms / 1000, failed);
  observeLedger((reason, amount) => metrics.observers.ledgerEntry(reason, amount));
}

const app = await buildApp(ctx);
reportLost = (error) => app.log.warn(`database connection lost: ${error.message}`);
if (metrics && metricsAt === 'main-port') registerMetricsRoute(app, metrics, config.metrics.token);
const stopBackground = startBackground(ctx);
await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as { port: number }).port;
const metricsApp = metrics && metricsAt === 'own-port' ? metricsServer(metrics, config.metrics.token) : null;
if (metricsApp) await metricsApp.listen({ port: config.metrics.port!, host: config.host });

// The SMPP server customers bind to (docs/smpp.md): off unless SMPP_PORT or SMPPS_PORT (2775 in dev mode).
const smppLines: string[] = [];
let smppServer: SmppServer | null = null;
if (config.smpp.port !== null || config.smpp.tlsPort !== null) {
  smppServer = new SmppServer(ctx, { idleMs: config.smpp.idleS * 1000 });
  const listeners: [string, number | null, { key: Buffer; cert: Buffer } | undefined][] = [
    ['SMPP', config.smpp.port, undefined],
    [
      'SMPP TLS',
      config.smpp.tlsPort,
      config.smpp.tlsPort === null
        ? undefined
        : { key: readFileSync(config.smpp.tlsKey!), cert: readFileSync(config.smpp.tlsCert!) },
    ],
  ];
  for (const [name, wanted, tls] of listeners) {
    if (wanted === null) continue;
    try {
      const bound = await smppServer.listen(wanted, config.host, tls);
      smppLines.push(`  ${`${name}:`.padEnd(11)} ${config.host}:${bound}`);
    } catch (error) {
      // Dev mode's default port may be another demo's: the demo goes on without it.
      if (!config.devMode) {
        console.error(`Cannot start the gateway: ${name} port ${wanted}: ${(error as Error).message}`);
        process.exit(1);
      }
      smppLines.push(`  ${`${name}:`.padEnd(11)} off (port ${wanted}: ${(error as Error).message})`);
    }
  }
}

const lines = [
  `Gateway ready (${db.dialectName}${config.devMode ? ', dev mode: demo data, dev inbox and simulated checkout' : ', production mode'})`,
  `  main host:  http://${config.mainHost}:${port}`,
  `  carrier:    ${describeCarrier(config.carrier)}`,
];
if (config.devMode) lines.push(`  reseller:   http://acme.${config.mainHost}:${port}`);
lines.push(...smppLines);
lines.push(`  e-mail:     ${describeMail(config)}`);
lines.push(`  metrics:    ${describeMetrics(port)}`);
if (wrote === 'operator')
  lines.push(`  operator:   ${config.operator!.username} (profile 6) created with the main domain`);
// Published demo passwords are printed for the demo only; production prints none.
if (wrote === 'demo' && config.devMode) {
  lines.push('  demo accounts (username / password):');
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(11)} ${a.password.padEnd(14)} ${a.note}`);
  if (smppServer)
    lines.push(
      `  demo SMPP (system_id / password): ${DEMO_SMPP.systemId} / ${DEMO_SMPP.password} (demouser's sender IDs DEMO, ALERTS)`,
    );
}

/** Where e-mail goes, with nothing of SMTP_URL's credentials. */
function describeMail(c: GatewayConfig): string {
  if (c.mail.smtpUrl) return `SMTP ${new URL(c.mail.smtpUrl).host}, from ${c.mail.fromAddress}`;
  if (c.devMode) return `not sent (no SMTP_URL): the dev mailbox shows it at ${DEV_MAIL_PATH}`;
  return 'SMTP_URL is not set: e-mail is kept and goes once it is set';
}

/** Where /metrics is, and whether it asks for the token; never the token. */
function describeMetrics(mainPort: number): string {
  const auth = config.metrics.token ? ' (Bearer METRICS_TOKEN)' : '';
  if (metricsApp)
    return `http://${config.host}:${(metricsApp.server.address() as { port: number }).port}/metrics${auth}`;
  if (metricsAt === 'main-port') return `http://${config.mainHost}:${mainPort}/metrics${auth}`;
  return 'off (set METRICS_PORT, or METRICS_TOKEN to serve them on the main port)';
}

// Graceful stop (docs/operations.md#graceful-stop): readiness 503 and new requests refused first; then
// customers' binds unbound, the loops and the carrier stopped (claimed parts released), requests in
// flight answered, and the database closed.
stopOnSignals(
  ctx.liveness!,
  () => [
    { name: 'the SMPP server', stop: async () => smppServer?.stop() },
    { name: 'the background loops and the carrier', stop: stopBackground },
    { name: 'the HTTP server', stop: () => app.close() },
    { name: 'the metrics server', stop: async () => metricsApp?.close() },
    { name: 'the database', stop: () => db.destroy() },
  ],
  { graceS: config.shutdownGraceS, log: (...a) => ctx.log?.(...a), exit: (code) => process.exit(code) },
);

// Printed once a stop is handled: whoever reads this line (the e2e harness waits for it to learn the
// port) may stop the gateway at once, and a SIGTERM before the handler would kill it outright.
console.log(lines.join('\n'));
console.log(`LISTENING ${port}`);
