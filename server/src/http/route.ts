import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import { authenticateToken, authenticateApiKey } from './authenticate';
import { forbidden, refuse } from '../core/errors';
import { resolveDomain } from '../tenancy/domains';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';

/** Who may call: anyone, any signed-in user, an admin (isAdmin), or the top-level supervisor. */
export type Access = 'public' | 'user' | 'admin' | 'profile6' | 'apikey';

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

/** Registers a POST route with its access rule and body schema; every answer is `no-store`. */
export function post<S extends z.ZodType>(
  app: FastifyInstance,
  ctx: GatewayContext,
  path: string,
  access: 'public',
  schema: S,
  handler: Handler<RouteArgs<z.infer<S>>>,
): void;
export function post<S extends z.ZodType>(
  app: FastifyInstance,
  ctx: GatewayContext,
  path: string,
  access: Exclude<Access, 'public'>,
  schema: S,
  handler: Handler<SignedInArgs<z.infer<S>>>,
): void;
export function post<S extends z.ZodType>(
  app: FastifyInstance,
  ctx: GatewayContext,
  path: string,
  access: Access,
  schema: S,
  handler: Handler<SignedInArgs<z.infer<S>>>,
): void {
  routeAccess.set(path, access);
  app.post(path, async (req, reply) => {
    const user = await caller(ctx, req, access);
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refuse(`Invalid request: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
    }
    const domain = await resolveDomain(ctx, req.hostname);
    return handler({ body: parsed.data, user: user as UserRow, domain, req, reply });
  });
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

const largeBodyCallers = new WeakMap<FastifyRequest, UserRow>();

/**
 * Like post(), for the few calls whose bodies outgrow MAX_BODY_BYTES (contact imports, images):
 * the token and role are checked in onRequest, before a large body is read.
 */
export function postLarge<S extends z.ZodType>(
  app: FastifyInstance,
  ctx: GatewayContext,
  path: string,
  access: 'user' | 'admin' | 'profile6',
  bodyLimit: number,
  schema: S,
  handler: Handler<SignedInArgs<z.infer<S>>>,
): void {
  routeAccess.set(path, access);
  const onRequest = async (req: FastifyRequest) => {
    largeBodyCallers.set(req, (await caller(ctx, req, access)) as UserRow);
  };
  app.post(path, { bodyLimit: Math.max(bodyLimit, ctx.maxBodyBytes), onRequest }, async (req, reply) => {
    const user = largeBodyCallers.get(req);
    if (!user) throw forbidden();
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refuse(`Invalid request: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
    }
    const domain = await resolveDomain(ctx, req.hostname);
    return handler({ body: parsed.data, user, domain, req, reply });
  });
}
