// The platform's carrier at a glance (docs/api.md#calls-and-answers, docs/carrier.md#watching-it).
import { z } from './zod';
import { frontendCall } from './call';
import { ownBody } from './fields';

/** Profile 6 only: the carrier's connectors, queue and parts; no screen of the app reads it. */
export const CARRIER_HEALTH = frontendCall(
  'carrierhealth',
  { who: 'profile6', touches: 'platform', needs: 'settings' },
  ownBody,
  z.unknown(),
);
