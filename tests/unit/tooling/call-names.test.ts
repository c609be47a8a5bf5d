import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CALLS } from '../../../src/domain/contract/calls';
import type { Call } from '../../../src/domain/contract/call';
import { OPERATIONS } from '../../../src/domain/contract/v1/operations';
import type { Operation } from '../../../src/domain/contract/v1/operation';
import { API_V1_PATH } from '../../../src/domain/navigation/api-paths';
import { root } from './lint-text';

// A call's name and path are typed once, in its contract (src/domain/contract): the app's fetchers
// (src/api) and the gateway's routes (server/src/routes) take them from there, never as their own text.
// The API v1's paths likewise: the app calls each operation through its declaration (src/api/v1.ts).

type Source = { path: string; text: string };

/** Every way a call may be spelled: its name and path, its aliases, and its path before a `:param`. */
function spellingsOf(calls: readonly Call[]): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const call of calls) {
    for (const path of [call.path, ...(call.aliases ?? [])]) {
      const name = path.slice(path.lastIndexOf('/frontend/') + '/frontend/'.length);
      for (const spelling of [path, name, path.replace(/:\w+.*$/, ''), name.replace(/:\w+.*$/, '')])
        if (spelling) spellings.set(spelling, call.name);
    }
  }
  return spellings;
}

/** The text of every string literal and template piece of a file (import paths aside). */
function literalsOf(source: Source): Set<string> {
  const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The calls whose name or path is a literal on both sides. */
function callNamesTypedTwice(app: Source[], gateway: Source[], calls: readonly Call[] = CALLS): string[] {
  const spellings = spellingsOf(calls);
  const named = (sources: Source[]) =>
    new Set(sources.flatMap((s) => [...literalsOf(s)].flatMap((l) => (spellings.has(l) ? [spellings.get(l)!] : []))));
  const gatewayNames = named(gateway);
  return [...named(app)].filter((name) => gatewayNames.has(name)).sort();
}

function sourcesIn(folder: string): Source[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(root, folder, f))
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
}

describe('a call name is typed once, in its contract', () => {
  it('no call name or path is a literal in both src/api and server/src/routes', () => {
    expect(callNamesTypedTwice(sourcesIn('src/api'), sourcesIn('server/src/routes'))).toEqual([]);
  });

  it('catches a planted name typed on both sides, however each side writes it', () => {
    const app = [
      { path: 'src/api/x.ts', text: "request({ path: `${FRONTEND_PATH}login`, body });\nconst s = 'status/';\n" },
    ];
    const gateway = [
      { path: 'server/src/routes/x.ts', text: "post(app, ctx, FRONTEND_PATH + 'login', 'public', body, h);\n" },
      { path: 'server/src/routes/y.ts', text: "post(app, ctx, '/smsgateway/api/frontend/status/:id', 'user');\n" },
    ];
    const calls = [...CALLS, { ...CALLS[0]!, name: 'status/:id', path: '/smsgateway/api/frontend/status/:id' }];
    expect(callNamesTypedTwice(app, gateway, calls)).toEqual(['login', 'status/:id']);
  });

  it('lets one side name a call as long as the other takes it from the contract', () => {
    const app = [{ path: 'src/api/x.ts', text: 'callGateway(LOGIN, { body });\n' }];
    const gateway = [{ path: 'server/src/routes/x.ts', text: "issueCode(ctx, 'login');\n" }];
    expect(callNamesTypedTwice(app, gateway)).toEqual([]);
  });
});

/** The literals of src/ (its contract aside) that spell a path of the API v1: an operation's, or its document's. */
function v1PathsTyped(sources: Source[], operations: readonly Operation[] = OPERATIONS): string[] {
  const stems = new Set(operations.map((op) => op.path.replace(/\/:\w+.*$/, '')));
  const spellsV1 = (literal: string) =>
    literal.includes(API_V1_PATH) ||
    literal.endsWith('/openapi.json') ||
    [...stems].some((stem) => literal === stem || literal.startsWith(`${stem}/`) || literal.startsWith(`${stem}?`));
  return sources.flatMap((source) =>
    [...literalsOf(source)].filter(spellsV1).map((literal) => `${source.path}: ${literal}`),
  );
}

describe('the app calls the API v1 through its contract', () => {
  const app = sourcesIn('src').filter((s) => !s.path.startsWith(join('src', 'domain')));

  it('types no path of the API v1 outside src/domain', () => {
    expect(v1PathsTyped(app)).toEqual([]);
  });

  it('catches a planted path, however it is written', () => {
    const planted = [
      { path: 'src/api/x.ts', text: "v1(token, 'GET', '/api-keys', schema);\n" },
      { path: 'src/api/y.ts', text: 'request({ path: `/webhook-endpoints/${id}/test` });\n' },
      { path: 'src/api/z.ts', text: "const P = '/smsgateway/api/v1/smpp-access';\nconst D = `${API}/openapi.json`;\n" },
    ];
    expect(v1PathsTyped(planted)).toHaveLength(4);
  });
});
