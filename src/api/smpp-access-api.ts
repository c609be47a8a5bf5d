// The account's SMPP access through the v1 API's getSmppAccess / updateSmppAccess (docs/api-v1.md#smpp-access),
// which take the app's session token.
import { callOperation } from './v1';
import { GET_SMPP_ACCESS, UPDATE_SMPP_ACCESS } from '../domain/contract/v1/smpp';
import type { SmppAccess, UpdatedSmppAccess, UpdateSmppAccessBody } from '../domain/account/smpp-access';

export const fetchSmppAccess = (token: string): Promise<SmppAccess> => callOperation(GET_SMPP_ACCESS, { auth: token });

export const sendSmppAccess = (token: string, body: UpdateSmppAccessBody): Promise<UpdatedSmppAccess> =>
  callOperation(UPDATE_SMPP_ACCESS, { auth: token, body });
