import client from 'prom-client';
import type { Observers } from '../core/observers';

/** Seconds for requests, statements and webhook attempts. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from a carrier's submit answer to its receipt: from a second to two days. */
const RECEIPT_SECONDS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 12 * 3600, 48 * 3600];

/**
 * The figures that move as the gateway works (docs/operations.md#metrics): each observer's call is
 * counted as it happens, never read from the database at a scrape.
 */
export function eventFamilies(registers: client.Registry[]): Observers {
  const counter = (name: string, help: string, labelNames: string[]) =>
    new client.Counter({ name, help, labelNames, registers });
  const histogram = (name: string, help: string, labelNames: string[], buckets: number[]) =>
    new client.Histogram({ name, help, labelNames, buckets, registers });

  const requests = counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', [
    'method',
    'route',
    'status',
  ]);
  const requestSeconds = histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route pattern and status',
    ['method', 'route', 'status'],
    SECONDS,
  );
  const querySeconds = histogram(
    'db_query_duration_seconds',
    'Time of each database statement, by outcome',
    ['outcome'],
    SECONDS,
  );
  const receiptSeconds = histogram(
    'carrier_receipt_delay_seconds',
    "Time from the carrier's submit answer to the part's final receipt (parts this instance submitted)",
    [],
    RECEIPT_SECONDS,
  );
  const webhookSeconds = histogram(
    'webhook_attempt_duration_seconds',
    'Webhook attempts by outcome (succeeded, retry, failed, gone) and the time each took',
    ['outcome'],
    SECONDS,
  );
  const binds = counter(
    'smpp_server_binds_total',
    'Customer SMPP binds asked for, by account (when known) and outcome',
    ['account', 'outcome'],
  );
  const submits = counter('smpp_server_submits_total', 'Customer submit_sm answered, by account and outcome', [
    'account',
    'outcome',
  ]);
  const charged = counter('credits_charged_total', 'Credits taken from balances, by ledger reason', ['reason']);
  const added = counter('credits_added_total', 'Credits added to balances, by ledger reason', ['reason']);

  return {
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    query(seconds, failed) {
      querySeconds.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
    },
    receiptDelay(seconds) {
      receiptSeconds.observe(Math.max(0, seconds));
    },
    webhookAttempt(outcome, seconds) {
      webhookSeconds.observe({ outcome }, seconds);
    },
    smppBind(account, outcome) {
      binds.inc({ account: account === null ? '' : String(account), outcome });
    },
    smppSubmit(account, outcome) {
      submits.inc({ account: String(account), outcome });
    },
    ledgerEntry(reason, amount) {
      if (amount < 0) charged.inc({ reason }, -amount);
      else if (amount > 0) added.inc({ reason }, amount);
    },
  };
}
