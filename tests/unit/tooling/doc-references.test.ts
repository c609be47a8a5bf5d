import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lint-text';

// The code states a rule or points to a file of this repository (docs/product.md#sender-ids); it never
// names a document outside it, nor an issue number, which a newcomer cannot follow.

/** Where code, tests, scripts and lint rules live, and the configuration files at the top. */
const SCANNED_FOLDERS = ['src', 'sw', 'server/src', 'tests', 'scripts', 'eslint', '.ci'];
const SCANNED_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|html|jsonc|md)$|^run$/;
const SKIPPED = new Set(['node_modules', 'fixtures']);
/** This file spells out what it looks for. */
const SELF = 'tests/unit/tooling/doc-references.test.ts';

/** Names of documents that are not in the repository, and issue numbers. */
const OUTSIDE_REFERENCES: readonly RegExp[] = [
  /\bSPEC\b/,
  /\b(API|STACK|ARCHITECTURE|STYLE)\.md\b/,
  /\b[Ii]ssues? #?\d+/,
  /\/work\/shared\b/,
];

/** docs/<path>.md from the top of the repository, with its #anchor when there is one. */
const DOC_LINK = /\bdocs\/([\w/-]+\.md)(?:#([\w-]+))?/g;
/** A markdown link, relative to the file it is in: (api.md#sends), (docs/carrier.md), (../smpp.md). */
const MARKDOWN_LINK = /\]\(((?:\.\.\/)*[\w/-]+\.md)(?:#([\w-]+))?\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = text!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The headings of a markdown file (its path from the top), or null when there is no such file. */
const docAnchors = new Map<string, Set<string> | null>();
function anchorsOf(doc: string): Set<string> | null {
  if (!docAnchors.has(doc)) {
    const path = join(root, doc);
    docAnchors.set(doc, existsSync(path) ? headingAnchors(readFileSync(path, 'utf8')) : null);
  }
  return docAnchors.get(doc)!;
}

/** The file a link points to, from the top of the repository: docs/ links from the top, the rest from `from`'s folder. */
const target = (link: RegExp, found: string, from: string) =>
  link === DOC_LINK ? `docs/${found}` : normalize(join(dirname(from), found));

/** What is wrong in one file's text: outside references, and links to a doc or heading that does not exist. */
function referenceProblems(
  text: string,
  links: RegExp[] = [DOC_LINK],
  anchors: (doc: string) => Set<string> | null = anchorsOf,
  from = 'README.md',
): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const pattern of OUTSIDE_REFERENCES) {
      const found = pattern.exec(line);
      if (found) problems.push(`line ${i + 1}: '${found[0]}' names something outside the repository`);
    }
    for (const link of links) {
      for (const [whole, found, anchor] of line.matchAll(link)) {
        const doc = target(link, found!, from);
        const headings = anchors(doc);
        if (!headings) problems.push(`line ${i + 1}: ${whole}: ${doc} does not exist`);
        else if (anchor && !headings.has(anchor)) problems.push(`line ${i + 1}: ${whole}: no such heading in ${doc}`);
      }
    }
  });
  return problems;
}

function filesUnder(folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return SCANNED_EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

const topConfigs = readdirSync(root).filter((name) => /\.(ts|js|mjs|jsonc)$/.test(name));
const scanned = [...SCANNED_FOLDERS.flatMap(filesUnder), ...topConfigs].filter((path) => path !== SELF);

describe('comments point into the repository', () => {
  it('scans the code, tests, scripts and lint rules', () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(scanned).toContain('server/src/main.ts');
    expect(scanned).toContain('tests/unit/tooling/lint-walls.test.ts');
  });

  it('names no document outside the repository and no issue number, and cites only headings that exist', () => {
    const problems = scanned.flatMap((path) =>
      referenceProblems(readFileSync(join(root, path), 'utf8')).map((p) => `${path} ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('keeps the docs and the README free of outside references, linking files and headings that exist', () => {
    const docs = ['README.md', ...filesUnder('docs')];
    expect(docs).toContain('docs/perf/smpp-server.md');
    const problems = docs.flatMap((path) =>
      referenceProblems(readFileSync(join(root, path), 'utf8'), [DOC_LINK, MARKDOWN_LINK], anchorsOf, path).map(
        (p) => `${path} ${p}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('a planted violation is caught', () => {
  const fake = (doc: string) => (doc === 'docs/product.md' ? new Set(['sender-ids']) : null);

  it.each([
    ['// SPEC 5: the sender ID is required.', "'SPEC'"],
    ['/** As SPEC.md says. */', "'SPEC'"],
    ['// The wire of API.md.', "'API.md'"],
    ['// See STACK.md.', "'STACK.md'"],
    ['// Layers of ARCHITECTURE.md.', "'ARCHITECTURE.md'"],
    ["it('keeps the free credits once (issue 11)', () => {});", "'issue 11'"],
    ['// Issue 16: the first screen.', "'Issue 16'"],
    ['// /work/shared/spec/SPEC.md', "'/work/shared'"],
  ])('%s', (line, named) => {
    const problems = referenceProblems(line, [DOC_LINK], fake);
    expect(problems.some((p) => p.includes(named))).toBe(true);
  });

  it('a heading or doc that does not exist', () => {
    expect(referenceProblems('// docs/product.md#sender-id', [DOC_LINK], fake)).toEqual([
      'line 1: docs/product.md#sender-id: no such heading in docs/product.md',
    ]);
    expect(referenceProblems('// docs/products.md#sender-ids', [DOC_LINK], fake)).toEqual([
      'line 1: docs/products.md#sender-ids: docs/products.md does not exist',
    ]);
  });

  it('a link from a doc in a folder, resolved from that folder', () => {
    const line = 'See [the sender IDs](product.md#sender-ids) and [them](../product.md#sender-ids).';
    expect(referenceProblems(line, [MARKDOWN_LINK], fake, 'docs/perf/bench.md')).toEqual([
      'line 1: ](product.md#sender-ids): docs/perf/product.md does not exist',
    ]);
  });

  it('passes what points into the repository', () => {
    expect(referenceProblems('// The rule: docs/product.md#sender-ids.', [DOC_LINK], fake)).toEqual([]);
    expect(referenceProblems('const specialUnicodeSupport = true; // the product spec', [DOC_LINK], fake)).toEqual([]);
  });

  it('computes GitHub anchors', () => {
    const anchors = headingAnchors(
      '# Title\n## Sender IDs\n### Paystack (no token)\n## Sender IDs\n### Texts (`sms.ts`, [x](y.md))\n',
    );
    expect([...anchors]).toEqual(['title', 'sender-ids', 'paystack-no-token', 'sender-ids-1', 'texts-smsts-x']);
  });
});
