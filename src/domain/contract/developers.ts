// The Developers page's own call (docs/api.md#developers); keys, endpoints and the rest are the
// integrators' API itself (docs/api-v1.md), called with the session.
import { z } from './zod';
import { frontendCall } from './call';
import { num, ownBody, shownText as text, intId } from './fields';

/** An admin's clients' use of the API: active keys, last use, and live sends of the last 30 days. */
export const CLIENT_API_USAGE = frontendCall(
  'clientapiusage',
  { who: 'admin', touches: 'clients', needs: 'developer' },
  ownBody,
  z.object({
    clients: z.array(
      z.looseObject({
        profile_id: intId,
        username: text,
        active_keys: num,
        last_used_at: text.nullable(),
        batches_30d: num,
        recipients_30d: num,
        credits_30d: num,
      }),
    ),
  }),
);
