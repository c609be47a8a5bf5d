import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { Workbox } from 'workbox-window';
import { Providers } from '../../../src/app/providers';
import { UpdateOffer } from '../../../src/app/update-prompt';
import { db } from '../../../src/db/db';
import { addJob, updateJob } from '../../../src/db/outbox-store';
import type { OutboxJob } from '../../../src/db/app-db';

/** A service worker registration that has a new version waiting as soon as the prompt listens. */
function waitingWorkbox(): Workbox {
  return {
    addEventListener: (type: string, listener: () => void) => type === 'waiting' && listener(),
    removeEventListener: () => {},
    messageSkipWaiting: () => {},
    register: async () => undefined,
  } as unknown as Workbox;
}

const job = (state: OutboxJob['state']): OutboxJob => ({
  id: `job-${state}`,
  profile_id: 7,
  state,
  createdAt: 1,
  updatedAt: 1,
  total: 2,
  sent: 1,
  batchCount: 1,
  nextBatch: 0,
  split: false,
  bytes: 100,
  attempts: 0,
  notBefore: 0,
  lastSentAt: 0,
  senderIds: ['DEMO'],
  summary: { messageType: 'quick sms', text: 'Hello', campaign: '' },
});

const PROMPT = 'A new version is available';

describe('the update prompt', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it.each(['queued', 'sending', 'paused'] as const)(
    'is held back while a %s send waits, and offered again once it is finished',
    async (state) => {
      render(
        <Providers env="test">
          <UpdateOffer workbox={waitingWorkbox()} />
        </Providers>,
      );
      expect(await screen.findByText(PROMPT)).toBeTruthy();
      await addJob(job(state), []);
      await waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull());
      await updateJob(job(state).id, { state: 'done' });
      expect(await screen.findByText(PROMPT)).toBeTruthy();
    },
  );
});
