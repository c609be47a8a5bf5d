// Each table of the gateway has one owning area (server/src/README.md "Tables"): only the owner's
// queries write it, and another area reads it only where READERS says so. A query names its table
// in insertInto / updateTable / deleteFrom / replaceInto / mergeInto (writes), selectFrom and the
// joins (reads), sql.table(), or in raw SQL (a write when it inserts into, updates or deletes from it).
import { relative, sep } from 'node:path';
import { partOf } from './gateway-layers.js';

export const TABLE_OWNERS = {
  users: 'accounts',
  tokens: 'accounts',
  temporal_signups: 'accounts',
  codes: 'accounts',
  rate_limits: 'auth',
  carrier_parts: 'carrier',
  carrier_receipts: 'carrier',
  carrier_instances: 'carrier',
  carrier_messages: 'carrier',
  carrier_sim_reports: 'carrier',
  messages: 'messaging',
  message_recipients: 'messaging',
  recipient_events: 'messaging',
  idempotent_answers: 'messaging',
  recipient_fields: 'messaging',
  message_counters: 'messaging',
  daily_counters: 'messaging',
  delivery_times: 'messaging',
  groups: 'phonebook',
  contacts: 'phonebook',
  payments: 'payments',
  checkouts: 'payments',
  auto_topups: 'payments',
  invoices: 'payments',
  invoice_counters: 'payments',
  domains: 'tenancy',
  api_keys: 'integrations',
  optouts: 'optouts',
  optout_log: 'optouts',
  optout_links: 'optouts',
  inbound_messages: 'optouts',
  webhook_endpoints: 'integrations',
  webhook_deliveries: 'integrations',
  webhook_attempts: 'integrations',
  webhook_cursor: 'integrations',
  webhook_secrets: 'integrations',
  webhook_quota: 'integrations',
  smpp_accounts: 'smpp-server',
  smpp_binds: 'smpp-server',
  smpp_submits: 'smpp-server',
  smpp_receipts: 'smpp-server',
  smpp_cursor: 'smpp-server',
  smpp_rate: 'smpp-server',
  audit_log: 'audit',
  mail_outbox: 'mail',
  recovery_codes: 'accounts',
  login_challenges: 'accounts',
  credit_ledger: 'money',
  balance_alerts: 'money',
  templates: 'templates',
  members: 'accounts',
  short_links: 'links',
  short_link_counts: 'links',
  short_link_urls: 'links',
  link_clicks: 'links',
  approvals: 'approvals',
};

/**
 * Reads outside the owner: an area ('tenancy'), a composition folder ('seed') or one file
 * ('carrier/dispatcher.ts', from server/src), each with its reason in server/src/README.md.
 */
export const READERS = {
  users: ['money', 'optouts', 'payments', 'phonebook', 'tenancy', 'scheduler/quiet-hours.ts', 'seed'],
  domains: ['accounts', 'payments', 'seed'],
  messages: ['optouts/inbound.ts'],
  message_recipients: ['carrier/dispatcher.ts', 'optouts/inbound.ts'],
  members: ['money/caps.ts', 'money/balance.ts', 'audit/audit-log.ts', 'audit/audit-members.ts'],
};

/** Writes outside the owner, each with its reason in server/src/README.md. */
export const WRITERS = {
  users: ['money/balance.ts', 'seed'],
  domains: ['seed'],
  groups: ['seed'],
  contacts: ['seed'],
};

/**
 * Columns one file alone writes, whoever owns their table: a balance changes only in money, where
 * each change gets its ledger row (server/src/README.md "Tables").
 */
export const COLUMN_WRITERS = {
  creditbalance: 'money/balance.ts',
};

/** Raw SQL that sets or inserts a column: `update users set ... creditbalance =`, `insert into users (... creditbalance`. */
const rawWritesColumn = (text, column) =>
  new RegExp(`\\bupdate\\s+"?users"?\\s+set\\b[\\s\\S]*\\b${column}\\s*=`, 'i').test(text) ||
  new RegExp(`\\binsert\\s+into\\s+"?users"?\\s*\\([^)]*\\b${column}\\b`, 'i').test(text);

const WRITE_CALLS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const READ_CALLS = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);

/** The table a query names: 'messages as m' is messages. */
const tableOf = (text) =>
  text
    .trim()
    .split(/\s+as\s+/i)[0]
    .trim();

/** Whether `who` (an area or folder name, and a file under server/src) is in a list of readers or writers. */
const listed = (list, who, file) => (list ?? []).some((entry) => entry === who || entry === file);

/** Tables named in raw SQL text, each with whether the text writes it. */
function rawTables(text) {
  const found = [];
  for (const table of Object.keys(TABLE_OWNERS)) {
    if (!new RegExp(`\\b${table}\\b`, 'i').test(text)) continue;
    const writes = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table}\\b`, 'i').test(text);
    found.push({ table, writes });
  }
  return found;
}

export const tablesPlugin = {
  rules: {
    'table-owner': {
      meta: {
        type: 'problem',
        docs: { description: 'Only its owning area writes a table; others read it where documented' },
        schema: [],
        messages: {
          write:
            "'{{table}}' belongs to {{owner}}: {{who}} may not write it; call a function of {{owner}} (server/src/README.md).",
          read: "'{{table}}' belongs to {{owner}}: {{who}} may not read it; call a function of {{owner}} (server/src/README.md).",
          column:
            "'{{column}}' is written by {{writer}} alone: call its functions, so each change gets its ledger row (server/src/README.md).",
        },
      },
      create(context) {
        const part = partOf(context.filename);
        if (!part || part.kind === 'db') return {};
        const who = part.name;
        const file = relative(context.cwd ?? process.cwd(), context.filename)
          .split(sep)
          .slice(2)
          .join('/');
        function check(node, table, writes) {
          const owner = TABLE_OWNERS[table];
          if (!owner || owner === who) return;
          if (
            writes
              ? listed(WRITERS[table], who, file)
              : listed(READERS[table], who, file) || listed(WRITERS[table], who, file)
          )
            return;
          context.report({ node, messageId: writes ? 'write' : 'read', data: { table, owner, who } });
        }
        function checkColumn(node, column) {
          const writer = COLUMN_WRITERS[column];
          if (writer && file !== writer) context.report({ node, messageId: 'column', data: { column, writer } });
        }
        function checkRaw(node, text) {
          for (const { table, writes } of rawTables(text)) check(node, table, writes);
          for (const column of Object.keys(COLUMN_WRITERS))
            if (rawWritesColumn(text, column)) checkColumn(node, column);
        }
        /** `.set({ creditbalance: ... })` and `.values({ creditbalance: ... })` (or a list of such rows). */
        function checkColumnsSet(node) {
          const objects = node.arguments.flatMap((a) => (a.type === 'ArrayExpression' ? a.elements : [a]));
          for (const object of objects) {
            if (object?.type !== 'ObjectExpression') continue;
            for (const p of object.properties) {
              const key = p.type === 'Property' ? (p.key.type === 'Identifier' ? p.key.name : p.key.value) : null;
              if (typeof key === 'string' && key in COLUMN_WRITERS) checkColumn(p, key);
            }
          }
        }
        return {
          CallExpression(node) {
            const callee = node.callee;
            const name = callee.type === 'MemberExpression' ? callee.property.name : null;
            if (name === 'set' || name === 'values') checkColumnsSet(node);
            const first = node.arguments[0];
            if (!name || !first) return;
            const literals =
              first.type === 'Literal' ? [first] : first.type === 'ArrayExpression' ? first.elements : [];
            const names = literals.filter((l) => l?.type === 'Literal' && typeof l.value === 'string');
            if (WRITE_CALLS.has(name)) for (const l of names) check(node, tableOf(l.value), true);
            else if (READ_CALLS.has(name) || (name === 'table' && callee.object.name === 'sql'))
              for (const l of names) check(node, tableOf(l.value), false);
            else if (name === 'raw' && callee.object.name === 'sql') for (const l of names) checkRaw(node, l.value);
          },
          TaggedTemplateExpression(node) {
            const tag = node.tag;
            const isSql =
              tag.type === 'Identifier'
                ? tag.name === 'sql'
                : tag.type === 'TSInstantiationExpression' && tag.expression.name === 'sql';
            if (isSql) checkRaw(node, node.quasi.quasis.map((q) => q.value.cooked).join(' '));
          },
        };
      },
    },
  },
};
