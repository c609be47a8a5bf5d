import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import { authenticateToken, authenticateApiKey } from './authenticate';
import { forbidden, refuse } from '../core/errors';
import { resolveDomain } from '../tenancy/domains';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import type { Access, Call } from '../../../src/domain/contract/call';

export type { Access };

/** The declared access of every path registered through post()/postLarge(): the access-matrix test reads it. */
export const routeAccess = new Map<string, Access>();

export interface RouteArgs<B> {
  body: B;
  /** The caller; `null` only on public routes. */
  user: UserRow | null;
  /** The white-label domain of the request's host. */
  domain: DomainRow;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface SignedInArgs<B> extends RouteArgs<B> {
  user: UserRow;
}

type Handler<A> = (args: A) => Promise<unknown>;

/** What a call's handler gets: its body as the contract reads it, and the caller unless the call is public. */
type ArgsOf<C extends Call> = C['access'] extends 'public'
  ? RouteArgs<z.output<C['request']>>
  : SignedInArgs<z.output<C['request']>>;

/** The body checked by the call's request schema; the first problem is the refusal. */
function bodyOf<C extends Call>(call: C, req: FastifyRequest): z.output<C['request']> {
  const parsed = call.request.safeParse(req.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(`Invalid request: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data as z.output<C['request']>;
}

/**
 * The body a public call (sign-in, sign-up, password reset) may send: each takes a few short fields.
 * Parsing a megabyte of JSON holds the event loop for 100 ms and more, so a visitor without a session
 * gets no more than this.
 */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

/** The caller found in onRequest, before the body is read; `null` on public calls. */
const callers = new WeakMap<FastifyRequest, UserRow | null>();

/**
 * The token and role are checked in onRequest, before the body is read: a request that is refused
 * there never has its body parsed, so only a signed-in caller can make the gateway parse a large one.
 */
const checkCallerFirst = (ctx: GatewayContext, access: Access) => async (req: FastifyRequest) => {
  callers.set(req, await caller(ctx, req, access));
};

function callerChecked(req: FastifyRequest, access: Access): UserRow | null {
  const user = callers.get(req);
  if (user === undefined || (user === null && access !== 'public')) throw forbidden();
  return user;
}

/** Registers a call of the contract (src/domain/contract) at its path with its access rule; every answer is `no-store`. */
export function post<C extends Call>(
  app: FastifyInstance,
  ctx: GatewayContext,
  call: C,
  handler: Handler<ArgsOf<C>>,
): void {
  const options = {
    onRequest: checkCallerFirst(ctx, call.access),
    ...(call.access === 'public' ? { bodyLimit: Math.min(PUBLIC_BODY_LIMIT, ctx.maxBodyBytes) } : {}),
  };
  for (const path of [call.path, ...(call.aliases ?? [])]) {
    routeAccess.set(path, call.access);
    app.post(path, options, async (req, reply) => {
      const user = callerChecked(req, call.access);
      const body = bodyOf(call, req);
      const domain = await resolveDomain(ctx, req.hostname);
      return (handler as Handler<SignedInArgs<z.output<C['request']>>>)({
        body,
        user: user as UserRow,
        domain,
        req,
        reply,
      });
    });
  }
}

async function caller(ctx: GatewayContext, req: FastifyRequest, access: Access): Promise<UserRow | null> {
  if (access === 'public') return null;
  const user = access === 'apikey' ? await authenticateApiKey(ctx, req) : await authenticateToken(ctx, req);
  if (access === 'admin' && user.isAdmin !== 1) throw forbidden();
  if (access === 'profile6' && user.profile_id !== TOP_SUPERVISOR_ID) throw forbidden();
  return user;
}

/** The body's profile_id, when sent, must be the caller's own: no acting as someone else. */
export function ownProfile(user: UserRow, profileId: number | string | undefined): void {
  if (profileId !== undefined && profileId !== '' && Number(profileId) !== user.profile_id) throw forbidden();
}

/**
 * Like post(), for the few calls whose bodies outgrow MAX_BODY_BYTES (contact imports, images); the
 * caller is checked before the body is read, as for every call.
 */
export function postLarge<C extends Call<z.ZodType, z.ZodType, 'user' | 'admin' | 'profile6'>>(
  app: FastifyInstance,
  ctx: GatewayContext,
  call: C,
  bodyLimit: number,
  handler: Handler<SignedInArgs<z.output<C['request']>>>,
): void {
  routeAccess.set(call.path, call.access);
  const options = { bodyLimit: Math.max(bodyLimit, ctx.maxBodyBytes), onRequest: checkCallerFirst(ctx, call.access) };
  app.post(call.path, options, async (req, reply) => {
    const user = callerChecked(req, call.access)!;
    const body = bodyOf(call, req);
    const domain = await resolveDomain(ctx, req.hostname);
    return handler({ body, user, domain, req, reply });
  });
}
