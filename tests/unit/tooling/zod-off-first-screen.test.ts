import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './lint-text';

// The landing and login pages fetch the domain's details through src/api before zod is wanted
// (docs/architecture.md#one-contract-per-call): what they import must not pull zod's code in with it.

/** The modules a file imports for their values (type-only imports are erased), as repository paths. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
    const spec = node.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
    if (ts.isImportDeclaration(node) && clause?.isTypeOnly) continue;
    if (ts.isExportDeclaration(node) && node.isTypeOnly) continue;
    const named = clause?.namedBindings;
    if (clause && !clause.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly))
      continue;
    if (!spec.text.startsWith('.')) {
      found.push(spec.text);
      continue;
    }
    const base = join(dirname(file), spec.text);
    found.push([`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(join(root, p))) ?? base);
  }
  return found;
}

/** Every module reached from `start` through value imports. */
function reached(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.ts') || file.endsWith('.tsx')) for (const next of valueImports(file)) visit(next);
  };
  visit(start);
  return seen;
}

describe('zod stays off the first screen', () => {
  it.each(['src/api/http.ts', 'src/api/domain-api.ts'])('%s reaches no zod', (start) => {
    const modules = [...reached(start)].map((m) => relative(root, join(root, m)));
    expect(modules.filter((m) => m === 'zod' || m.startsWith('zod/') || m.endsWith('contract/zod.ts'))).toEqual([]);
  });

  it('sees zod where a module does import it', () => {
    expect([...reached('src/api/auth-api.ts')]).toContain('zod');
  });
});
