// An account's SMPP access (docs/smpp.md#credentials): the v1 API's getSmppAccess / updateSmppAccess
// and the app's "SMPP access" card share these schemas.
import { z } from '../contract/zod';
import { MAX_CAP_CREDITS } from '../money/caps';

/** SMPP 3.4 allows a system_id of 15 characters and a password of 8. */
export const SMPP_SYSTEM_ID_MAX = 15;
export const SMPP_PASSWORD_MAX = 8;
export const SMPP_MAX_BINDS = 20;
export const SMPP_MAX_THROUGHPUT = 10_000;
export const SMPP_DEFAULTS = { maxBinds: 2, throughput: 50 } as const;

export const smppAccess = z.object({
  enabled: z.boolean().describe('Whether binds are accepted'),
  systemId: z.string().nullable().describe('The system_id to bind with; null until SMPP access is first set up'),
  passwordSet: z.boolean().describe('Whether a password is set (it is never shown again)'),
  maxBinds: z.number().int().describe('Simultaneous binds allowed, over all gateway instances'),
  throughput: z.number().int().describe('Parts per second accepted over all binds; 0 sends nothing'),
  allowedIps: z.array(z.string()).describe('Addresses or CIDR blocks binds may come from; any when empty'),
  binds: z.number().int().describe('Binds open now'),
  dailyCap: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('Credits its submits may spend an Africa/Accra day; null: no cap (docs/smpp.md#sending)'),
  clients: z
    .array(z.object({ username: z.string(), systemId: z.string(), binds: z.number().int() }))
    .optional()
    .describe("An admin's clients with SMPP access, and their open binds"),
});
export type SmppAccess = z.infer<typeof smppAccess>;

export const updateSmppAccessBody = z
  .object({
    enabled: z.boolean().optional().describe('Turn SMPP access on or off; on when first set up'),
    password: z
      .string()
      .min(6, 'must have at least 6 characters')
      .max(SMPP_PASSWORD_MAX, `must have at most ${SMPP_PASSWORD_MAX} characters (SMPP 3.4)`)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional()
      .describe('A new password of 6 to 8 characters; one is made and answered once when absent at set-up'),
    newPassword: z.boolean().optional().describe('Make a new password, answered once in `password`'),
    maxBinds: z.number().int().min(1).max(SMPP_MAX_BINDS).optional(),
    throughput: z.number().int().min(0).max(SMPP_MAX_THROUGHPUT).optional(),
    allowedIps: z
      .array(z.string().max(50))
      .max(20, 'holds more than 20 entries')
      .optional()
      .describe('Addresses or CIDR blocks binds may come from; any when empty'),
    dailyCap: z
      .number()
      .int('must be a whole number of credits')
      .min(1, 'must be at least 1')
      .max(MAX_CAP_CREDITS, `must be at most ${MAX_CAP_CREDITS}`)
      .nullable()
      .optional()
      .describe('Credits its submits may spend an Africa/Accra day; null for no cap'),
  })
  .strict();
export type UpdateSmppAccessBody = z.infer<typeof updateSmppAccessBody>;

export const updatedSmppAccess = smppAccess.extend({
  systemId: z.string(),
  password: z.string().optional().describe('The new password: shown in this answer only'),
});
export type UpdatedSmppAccess = z.infer<typeof updatedSmppAccess>;
