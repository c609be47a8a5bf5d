import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { shownTemplates } from '../../db/template-store';
import type { StoredTemplate } from '../../db/app-db';
import { refreshTemplates } from '../templates';
import { useProfileId } from './use-profile-id';

export type TemplatesStatus = 'loading' | 'fresh' | 'stored';

/**
 * The account's templates from the device, live; refreshed from the gateway on mount and when the
 * network returns ('stored' while it is out of reach: the screen says it shows saved templates).
 */
export function useTemplates(): { templates: StoredTemplate[] | undefined; status: TemplatesStatus } {
  const profileId = useProfileId();
  const templates = useLiveQuery(
    async () => (profileId === undefined ? undefined : shownTemplates(profileId)),
    [profileId],
  );
  const [status, setStatus] = useState<TemplatesStatus>('loading');
  useEffect(() => {
    if (profileId === undefined) return;
    let live = true;
    const run = () =>
      refreshTemplates().then(
        () => live && setStatus('fresh'),
        () => live && setStatus('stored'),
      );
    void run();
    window.addEventListener('online', run);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
  }, [profileId]);
  return { templates, status };
}
