import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import { rateLimit } from '../auth/rate-limit';
import { findAccount } from '../accounts/account-store';
import { normalizeHost, tenantHost } from '../tenancy/domains';
import { BAD_FORM, OPT_OUT_CSP, TOO_MANY, confirmLink, linkPage, type LinkPage } from '../optouts/link-page';
import { register } from '../http/register';
import { allOptOuts, clientCounts, listOptOuts, optOutView, suppressAll } from '../optouts/suppression';
import { removeOwnOptOut } from '../optouts/removal';
import { auditSource, clientKey } from '../http/authenticate';
import { inboundCounts } from '../optouts/inbound';
import { countText } from '../../../src/domain/plural';
import { OPT_OUT_PATH } from '../../../src/domain/numbers/opt-out';
import { displayPhone } from '../../../src/domain/numbers/phone-number';
import {
  ADD_OPT_OUTS,
  CLIENT_OPT_OUTS,
  OPT_OUT_NUMBERS,
  OPT_OUTS,
  REMOVE_OPT_OUT,
} from '../../../src/domain/contract/optouts';

/** Opt-out link pages opened or confirmed per address a minute: a person needs a few, a code walker many. */
export const LINK_HITS_PER_MINUTE = 20;

function html(reply: FastifyReply, answer: LinkPage) {
  return reply
    .status(answer.status)
    .header('Content-Security-Policy', OPT_OUT_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(answer.html);
}

/** A form post from this very page: a browser says where it comes from (Origin, Sec-Fetch-Site); another site is refused. */
function fromThisPage(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return normalizeHost(new URL(origin).host) === normalizeHost(req.hostname);
  } catch {
    return false;
  }
}

/**
 * The account's opt-out list (docs/api.md#opt-outs), and the opt-out link (docs/compliance.md#the-opt-out-link):
 * no sign-in, the code is the key, rate-limited per address.
 */
export async function registerOptOutRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, OPT_OUTS, async ({ body, scope: { user } }) => {
    const page = await listOptOuts(ctx.db, user.profile_id, body.search, body.pageNum);
    return {
      optouts: page.items.map(optOutView),
      total: page.total,
      inbound: await inboundCounts(ctx.db, user.profile_id),
      pageNum: body.pageNum,
      hasMore: page.hasMore,
    };
  });

  register(app, ctx, OPT_OUT_NUMBERS, async ({ scope: { user } }) => {
    return { optouts: (await allOptOuts(ctx.db, user.profile_id)).map(optOutView) };
  });

  register(app, ctx, ADD_OPT_OUTS, async ({ body, scope: { user } }) => {
    const now = ctx.now();
    const outcome = await suppressAll(
      ctx.db,
      user.profile_id,
      body.numbers,
      body.reason,
      user.profile_id,
      now,
      body.note,
      true,
    );
    const already = outcome.already ? `, ${countText(outcome.already, 'number')} already on it` : '';
    const leftOut = outcome.leftOut.length
      ? `. Not phone numbers, left out: ${outcome.leftOut.map((w) => `'${w.slice(0, 30)}'`).join(', ')}`
      : '';
    return {
      status: 'successful',
      message: `${countText(outcome.added, 'number')} added to your opt-out list${already}${leftOut}`,
      ...outcome,
    };
  });

  register(app, ctx, REMOVE_OPT_OUT, async ({ body, scope: { user }, req }) => {
    await removeOwnOptOut(ctx, user, body.number, body.reason, auditSource(req));
    return { status: 'successful', message: `${displayPhone(body.number)} may receive your messages again` };
  });

  register(app, ctx, CLIENT_OPT_OUTS, async ({ scope: { user } }) => {
    return { clients: await clientCounts(ctx.db, user.profile_id) };
  });

  const ownerOf = async (profileId: number) => {
    const owner = await findAccount(ctx, profileId);
    return owner ? { sender: owner, host: await tenantHost(ctx, owner) } : undefined;
  };
  const allowed = (req: FastifyRequest) =>
    rateLimit(ctx, `optout-link:${clientKey(req)}`, LINK_HITS_PER_MINUTE, 60_000);

  await app.register(async (scope) => {
    // The confirmation is a plain HTML form: only this scope reads url-encoded bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get<{ Params: { code: string } }>(`${OPT_OUT_PATH}:code`, async (req, reply) => {
      if (!(await allowed(req))) return html(reply, TOO_MANY);
      return html(reply, await linkPage(ctx, req.params.code, normalizeHost(req.hostname), ownerOf));
    });
    scope.post<{ Params: { code: string }; Body: Record<string, string> | undefined }>(
      `${OPT_OUT_PATH}:code`,
      async (req, reply) => {
        if (!(await allowed(req))) return html(reply, TOO_MANY);
        if (!fromThisPage(req) || req.body?.confirm !== 'yes') return html(reply, BAD_FORM);
        return html(reply, await confirmLink(ctx, req.params.code, normalizeHost(req.hostname), ownerOf));
      },
    );
  });
}
