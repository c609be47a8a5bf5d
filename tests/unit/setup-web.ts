import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { domainRefreshesSettled } from '../../src/sync/domain-sync';
import { forgetRefusedCopies } from '../../src/db/boot-mirror';

// The first screen's copy of the session and the domain (src/db/boot-mirror.ts) lives in
// localStorage: each test starts without it, as each starts from its own IndexedDB rows.
// A refresh of the domain's details writes IndexedDB and that copy after the screen answered: it
// ends before the next test clears them, or it would land in that test (a brand from the case before).
// findBy and waitFor wait for their condition up to 10 s: on two loaded cores (CI runs the browser tests beside) a screen's worker or
// IndexedDB answer can take longer than the library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  await domainRefreshesSettled();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  forgetRefusedCopies();
});
