import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { auditSource } from '../http/authenticate';
import { erasePerson, personExport, personSummary } from '../persondata/person-data';
import { plural } from '../../../src/domain/plural';
import { PERSON_DATA, PERSON_DATA_ERASE, PERSON_DATA_EXPORT } from '../../../src/domain/contract/person-data';

/** A person's data (docs/api.md#a-persons-data): the caller's own account only, whatever its role. */
export function registerPersonDataRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  register(app, ctx, PERSON_DATA, async ({ body, scope: { user } }) => {
    return personSummary(ctx, user, body.number);
  });

  register(app, ctx, PERSON_DATA_EXPORT, async ({ body, scope: { user }, req }) => {
    return personExport(ctx, user, body.number, auditSource(req));
  });

  register(app, ctx, PERSON_DATA_ERASE, async ({ body, scope: { user }, req }) => {
    const outcome = await erasePerson(ctx, user, body.number, body.confirm, auditSource(req));
    const message = `Erased: ${plural(outcome.contactsDeleted, 'contact')} deleted, ${plural(
      outcome.messagesMasked,
      'message',
    )} masked. The number stays on your opt-out list`;
    return { status: 'successful', message, ...outcome };
  });
}
