import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { domainRefreshesSettled } from '../../src/sync/domain-sync';
import { forgetRefusedCopies } from '../../src/db/boot-mirror';

// The first screen's copy of the session and the domain (src/db/boot-mirror.ts) lives in
// localStorage: each test starts without it, as each starts from its own IndexedDB rows.
// A refresh of the domain's details writes IndexedDB and that copy after the screen answered: it
// ends before the next test clears them, or it would land in that test (a brand from the case before).
afterEach(async () => {
  cleanup();
  await domainRefreshesSettled();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  forgetRefusedCopies();
});
