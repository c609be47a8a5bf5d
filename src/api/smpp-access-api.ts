// The account's SMPP access through the v1 API's getSmppAccess / updateSmppAccess (docs/api-v1.md#smpp-access),
// which take the app's session token.
import { request } from './http';
import {
  smppAccess,
  updatedSmppAccess,
  type SmppAccess,
  type UpdatedSmppAccess,
  type UpdateSmppAccessBody,
} from '../domain/account/smpp-access';

const SMPP_ACCESS_PATH = '/smsgateway/api/v1/smpp-access';

export const fetchSmppAccess = (token: string): Promise<SmppAccess> =>
  request({ path: SMPP_ACCESS_PATH, method: 'GET', auth: token, schema: smppAccess });

export const sendSmppAccess = (token: string, body: UpdateSmppAccessBody): Promise<UpdatedSmppAccess> =>
  request({ path: SMPP_ACCESS_PATH, method: 'POST', auth: token, body, schema: updatedSmppAccess });
