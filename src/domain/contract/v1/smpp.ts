// The integrators' API (docs/api-v1.md#smpp-access): the account's SMPP access, which the app's session
// manages too (its own module, so the app's SMPP card loads only the SMPP schemas).
import { KEY_ADMIN, op } from './operation';
import { smppAccess, updatedSmppAccess, updateSmppAccessBody } from '../../account/smpp-access';

export const GET_SMPP_ACCESS = op({
  operationId: 'getSmppAccess',
  method: 'GET',
  path: '/smpp-access',
  summary: "The account's SMPP access (docs/smpp.md): system_id, limits, allow-list and open binds; never the password",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], session: true, needs: 'developer' },
  answer: smppAccess,
  status: 200,
  errors: [],
});

/** SMPP credentials send as a live key does: changing them takes what making a key takes. */
export const UPDATE_SMPP_ACCESS = op({
  operationId: 'updateSmppAccess',
  method: 'POST',
  path: '/smpp-access',
  summary: 'Set up or change SMPP access; a password the gateway makes is in this answer only',
  description:
    'The first call makes the system_id (from the username) and, unless one is given, an 8-character password. A live key with every scope, or the session token.',
  access: {
    who: 'apikey',
    touches: 'self',
    scopes: KEY_ADMIN,
    session: true,
    liveOnly: 'change SMPP access',
    needs: 'developer',
  },
  body: updateSmppAccessBody,
  answer: updatedSmppAccess,
  status: 200,
  errors: [422],
});
