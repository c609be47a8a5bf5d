import { describe, expect, it } from 'vitest';
import { ruleIds } from './lint-text';

describe('only src/db touches the Dexie tables', () => {
  it.each([
    ['src/app/x.tsx', "import { db } from '../db/db';\nexport const y = db;\n"],
    ['src/outbox/x.ts', "import Dexie from 'dexie';\nexport const y = Dexie;\n"],
  ])('%s: refused', async (path, code) => {
    expect(await ruleIds(path, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/db/x.ts', "import { db } from './db';\nimport Dexie from 'dexie';\nexport const y = [db, Dexie];\n"],
    ['src/app/x.tsx', "import { anyWaitingJob } from '../db/outbox-store';\nexport const y = anyWaitingJob;\n"],
  ])('%s: allowed', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('no-restricted-imports');
  });
});
