import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { DEV_CARRIER_PATH } from '../../../src/domain/api-paths';

const inboxQuery = z.object({
  to: z.string().trim().optional(),
  jobId: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional().default(50),
});
const summaryQuery = z.object({ jobId: z.string().trim().min(1) });

function parsed<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw refuse(`Invalid query: ${result.error.issues[0]?.path.join('.') ?? ''}`);
  return result.data;
}

/** Dev mode only (app.ts registers these when GATEWAY_DEV=1): what the simulated carrier delivered. */
export async function registerDevRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.get(DEV_CARRIER_PATH, async (req) => {
    const { to, jobId, limit } = parsed(inboxQuery, req.query);
    let query = ctx.db.selectFrom('carrier_messages').selectAll();
    if (to) query = query.where('to_number', '=', to);
    if (jobId) query = query.where('job_id', '=', jobId);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return {
      messages: rows.map((r) => ({
        to: r.to_number,
        from: r.from_id,
        text: r.text,
        parts: r.parts,
        unicode: r.unicode === 1,
        jobId: r.job_id,
        index: r.recipient_index,
        status: r.status,
        time: new Date(r.created_at).toISOString(),
      })),
    };
  });

  // How often each recipient of one job reached the carrier: the e2e "exactly once" check. Each run of a
  // recurring job is its own delivery (message_id), so only a repeat within one delivery is a duplicate.
  app.get(`${DEV_CARRIER_PATH}/summary`, async (req) => {
    const { jobId } = parsed(summaryQuery, req.query);
    const ofJob = ctx.db.selectFrom('carrier_messages').where('job_id', '=', jobId.toLowerCase());
    const row = await ofJob.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const distinct = await ctx.db
      .selectFrom(ofJob.select(['message_id', 'recipient_index']).distinct().as('d'))
      .select((eb) => eb.fn.countAll<number>().as('unique'))
      .executeTakeFirstOrThrow();
    const unique = Number(distinct.unique);
    const total = Number(row.total);
    return { total, unique, duplicates: total - unique };
  });
}
