import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { DEV_CARRIER_PATH, DEV_MAIL_PATH } from '../../../src/domain/navigation/api-paths';
import { devMailbox } from '../mail/dev-mailbox';
import { carrierInbox, carrierJobSummary } from '../carrier/sim/dev-inbox';

const inboxQuery = z.object({
  to: z.string().trim().optional(),
  jobId: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional().default(50),
});
const mailQuery = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(20),
});
const summaryQuery = z.object({ jobId: z.string().trim().min(1) });

function parsed<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw refuse(`Invalid query: ${result.error.issues[0]?.path.join('.') ?? ''}`);
  return result.data;
}

/** Dev mode only (app.ts registers these when GATEWAY_DEV=1): what the simulated carrier delivered, and the e-mail written. */
export async function registerDevRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.get(DEV_CARRIER_PATH, async (req) => {
    const server = { protocol: req.protocol, port: /:(\d+)$/.exec(req.host)?.[1] ?? '' };
    return { messages: await carrierInbox(ctx, parsed(inboxQuery, req.query), server) };
  });

  // What the gateway wrote as e-mail (no SMTP_URL in dev mode): receipts and alerts, as the buyer reads them.
  app.get(DEV_MAIL_PATH, async (req) => ({ mails: await devMailbox(ctx, parsed(mailQuery, req.query)) }));

  app.get(`${DEV_CARRIER_PATH}/summary`, async (req) => carrierJobSummary(ctx, parsed(summaryQuery, req.query).jobId));
}
