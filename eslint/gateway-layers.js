// The gateway's walls (server/src/README.md) as a lint rule: routes → http → areas → db/core.
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

const ROOT = resolve(import.meta.dirname, '..');
const GATEWAY = ['server', 'src'];

/**
 * Areas import only areas of a lower rank (or themselves), so no two areas import each other.
 * A new area gets its rank here and a line in server/src/README.md.
 */
export const AREA_RANK = {
  audit: 0,
  auth: 0,
  images: 0,
  mail: 0,
  money: 0,
  phonebook: 0,
  smpp: 0,
  templates: 0,
  carrier: 1,
  messaging: 1,
  optouts: 1,
  links: 2,
  scheduler: 2,
  tenancy: 2,
  accounts: 3,
  payments: 3,
  sending: 4,
  integrations: 5,
  approvals: 5,
  'smpp-server': 5,
  persondata: 6,
};

const QUERY_CALLS = /^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction)$/;

/** 'core' | 'db' | 'http' | 'routes' | 'area' | 'root' (composition: app, main, config, seed), or null outside the gateway. */
export function partOf(file) {
  const rel = relative(ROOT, file).split(sep);
  if (rel[0] !== GATEWAY[0] || rel[1] !== GATEWAY[1]) return null;
  const dir = rel.length > 3 ? rel[2] : null;
  if (dir === 'core' || dir === 'db' || dir === 'http' || dir === 'routes') return { kind: dir, name: dir };
  if (dir && dir in AREA_RANK) return { kind: 'area', name: dir };
  return { kind: 'root', name: dir ?? 'root' };
}

/** Why `from` may not import `to`, or null when it may. */
function wallBetween(from, to, typeOnly) {
  if (from.name === to.name || from.kind === 'root') return null;
  if (to.kind === 'root') return `nothing imports the composition files (${to.name})`;
  if (to.kind === 'routes') return 'only app.ts registers routes';
  switch (from.kind) {
    case 'core':
      return to.kind === 'db' && typeOnly ? null : 'core imports only types from db';
    case 'db':
      return to.kind === 'core' && typeOnly ? null : 'db imports no other part of the gateway';
    case 'area':
      if (to.kind === 'http') return 'areas know nothing of HTTP: throw a core/errors refusal';
      if (to.kind === 'area' && AREA_RANK[to.name] >= AREA_RANK[from.name])
        return `area '${from.name}' may import only areas of a lower rank than ${AREA_RANK[from.name]} ('${to.name}' is ${AREA_RANK[to.name]})`;
      return null;
    case 'http':
      return null;
    case 'routes':
      return to.kind === 'db' && !typeOnly ? 'routes take only types from db: queries live in the areas' : null;
    default:
      return null;
  }
}

export const gatewayPlugin = {
  rules: {
    'gateway-walls': {
      meta: {
        type: 'problem',
        docs: { description: 'The gateway layers of server/src/README.md' },
        schema: [],
        messages: {
          wall: "'{{source}}': {{why}} (server/src/README.md).",
          http: "Area '{{area}}' may not use '{{source}}': areas know nothing of HTTP (server/src/README.md).",
          query: 'Routes hold no queries ({{call}}): call a function of the area (server/src/README.md).',
        },
      },
      create(context) {
        const from = partOf(context.filename);
        if (!from) return {};
        function check(node, source, typeOnly) {
          if (typeof source !== 'string') return;
          if (!source.startsWith('.')) {
            const httpPackage = /^(fastify|@fastify\/.*)$/.test(source);
            if (from.kind === 'area' && httpPackage && !typeOnly)
              context.report({ node, messageId: 'http', data: { area: from.name, source } });
            return;
          }
          const to = partOf(resolve(dirname(context.filename), source));
          if (!to) return;
          const why = wallBetween(from, to, typeOnly);
          if (why) context.report({ node, messageId: 'wall', data: { source, why } });
        }
        return {
          ...importVisitors(check),
          CallExpression: (node) => {
            if (from.kind !== 'routes' || node.callee.type !== 'MemberExpression') return;
            const name = node.callee.property.name;
            if (QUERY_CALLS.test(name ?? '')) context.report({ node, messageId: 'query', data: { call: name } });
          },
        };
      },
    },
  },
};
