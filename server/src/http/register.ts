import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { KeyScope, RecordScope, Scope } from '../core/scope';
import type { DomainRow } from '../db/schema-core';
import type { ApiKeyRow, ApiMode } from '../db/schema-integrations';
import type { MessageRow } from '../db/schema-messaging';
import { forbidden } from '../core/errors';
import { apiRefusal } from '../integrations/api-refusal';
import { takeAttempt } from '../accounts/attempts';
import { resolveDomain } from '../tenancy/domains';
import { clientKey } from './authenticate';
import { appCaller, keyCaller, type Caller } from './callers';
import { appIdempotencyKey, appParts, v1IdempotencyKey, v1Parts } from './request-parts';
import { appScope, keyScope } from './scope-of';
import { actAs } from '../core/acting-member';
import { limitRate } from './api-v1';
import type { Access } from '../../../src/domain/contract/access';
import type { Call, CallRequest } from '../../../src/domain/contract/call';
import type { KeyAccess, Operation } from '../../../src/domain/contract/v1/operation';
import type { IdempotencyRange } from '../../../src/domain/send/idempotency-key';

// The one registrar of both APIs (docs/architecture.md#access-declared): a call of the app's API
// (src/domain/contract) or an operation of the API v1 (src/domain/contract/v1) is registered by register(),
// which authenticates the caller and checks its role before the body is read, then parses the body (and an
// operation's query and path), counts attempts and rate limits, builds the scope its access declares (and
// checks that a body names no one else), reads the Idempotency-Key, and hands the handler all of it.

/** A call of the app's API or an operation of the API v1. */
export type Declared = Call | Operation;

/** Every route registered, by `METHOD path`, with what it declares: the contract and access-matrix tests read it. */
export const registered = new Map<string, { api: 'app' | 'v1'; method: string; path: string; declared: Declared }>();

/**
 * The body a public call (sign-in, sign-up, password reset) may send: each takes a few short fields.
 * Parsing a megabyte of JSON holds the event loop for 100 ms and more, so a visitor without a session
 * gets no more than this.
 */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

type Parsed<S> = [NonNullable<S>] extends [never] ? undefined : z.output<NonNullable<S> & z.ZodType>;
type ModeOf<K> = K extends { mode: 'named' } ? ApiMode : K extends { session: true } ? ApiMode | null : ApiMode;
type KeyOf<K> = K extends { session: true } ? ApiKeyRow | null : ApiKeyRow;

/** The scope a declaration's handler gets (core/scope.ts): none on a public call. */
type ScopeOf<D> =
  D extends Operation<infer _B, infer _Q, infer _P, infer _A, infer K>
    ? KeyScope<KeyOf<K>, ModeOf<K>>
    : D extends { access: { who: 'public' } }
      ? null
      : D extends { access: { touches: 'record' } }
        ? RecordScope<MessageRow>
        : Scope;

export interface Args<D extends Declared> {
  body: D extends Operation<infer B> ? Parsed<B> : D extends Call ? CallRequest<D> : never;
  query: D extends Operation<infer _B, infer Q> ? Parsed<Q> : undefined;
  params: D extends Operation<infer _B, infer _Q, infer P> ? Parsed<P> : undefined;
  scope: ScopeOf<D>;
  /** The white-label domain of the request's host (the app's calls). */
  domain: D extends Operation ? undefined : DomainRow;
  idempotencyKey: D extends Operation ? string | null : IdempotencyRange | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<D extends Declared> = (args: Args<D>) => Promise<D extends Operation ? z.input<D['answer']> : unknown>;

const isOperation = (d: Declared): d is Operation => 'operationId' in d;

/** A declaration the registrar cannot honour is a programming error: the gateway does not start. */
function checkDeclaration(d: Declared): void {
  const { who, touches, attempts }: Access = d.access;
  const problems = [
    (who === 'public') !== (touches === 'nothing') && 'only a public call touches nothing',
    touches === 'clients' && who !== 'admin' && who !== 'profile6' && 'only an admin has clients',
    touches === 'platform' && who !== 'profile6' && 'only profile 6 touches any account',
    attempts && who !== 'public' && 'attempts per address are for public calls',
    who !== 'public' && !d.access.needs && "a signed-in call names the permission a member's roles must give (needs)",
    'bodyLimit' in d && d.bodyLimit && who === 'public' && 'a public call takes small bodies only',
  ].filter(Boolean);
  const name = isOperation(d) ? d.operationId : d.name;
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')} (src/domain/contract/access.ts)`);
}

/** The body bound: small for a public call, larger where the call declares it. */
function bodyLimitOf(ctx: GatewayContext, d: Declared): { bodyLimit?: number } {
  if (isOperation(d)) return {};
  if (d.access.who === 'public') return { bodyLimit: Math.min(PUBLIC_BODY_LIMIT, ctx.maxBodyBytes) };
  return d.bodyLimit ? { bodyLimit: Math.max(d.bodyLimit, ctx.maxBodyBytes) } : {};
}

/** The caller found in onRequest, before the body is read; `null` on public calls. */
const callers = new WeakMap<FastifyRequest, Caller | null>();

function callerFound(req: FastifyRequest, d: Declared): Caller | null {
  const caller = callers.get(req);
  if (isOperation(d) && !caller) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
  if (caller === undefined || (caller === null && d.access.who !== 'public')) throw forbidden();
  return caller;
}

/** Registers a call or an operation at its path (and a call's aliases) with everything its declaration says. */
export function register<D extends Declared>(
  app: FastifyInstance,
  ctx: GatewayContext,
  declared: D,
  handler: Handler<D>,
): void {
  checkDeclaration(declared);
  const d: Declared = declared;
  const method = isOperation(d) ? d.method : 'POST';
  const urls = isOperation(d) ? [d.path] : [d.path, ...(d.aliases ?? [])];
  for (const url of urls) {
    registered.set(`${method} ${app.prefix}${url}`, {
      api: isOperation(d) ? 'v1' : 'app',
      method,
      path: app.prefix + url,
      declared,
    });
    app.route({
      method,
      url,
      ...bodyLimitOf(ctx, d),
      // The token or key, the role and an API key's rate are checked before the body is read: a request
      // refused there never has its body parsed, so only a real caller can make the gateway parse a large one.
      onRequest: async (req, reply) => {
        const caller = isOperation(d) ? await keyCaller(ctx, req, d) : await appCaller(ctx, req, d.access);
        if (isOperation(d) && caller) await limitRate(ctx, reply, caller);
        callers.set(req, caller);
        // The rest of the request's lines name its account.
        if (caller) req.log = reply.log = req.log.child({ accountId: caller.user.profile_id });
      },
      handler: async (req, reply) => {
        const caller = callerFound(req, d);
        const parts = isOperation(d) ? v1Parts(d, req) : appParts(d, req);
        const domain = isOperation(d) ? undefined : await resolveDomain(ctx, req.hostname);
        if (d.access.attempts) await takeAttempt(ctx, d.access.attempts, `ip:${clientKey(req)}`);
        const idempotencyKey = !d.idempotent ? null : isOperation(d) ? v1IdempotencyKey(req) : appIdempotencyKey(req);
        const scope = isOperation(d)
          ? keyScope(d.access as KeyAccess, caller!, parts)
          : await appScope(ctx, d.access, caller, parts);
        const args = { ...parts, scope, domain, idempotencyKey, req, reply };
        // What the handler writes names the member who acted (core/acting-member.ts).
        const answer = await actAs(scope?.user.profile_id ?? 0, scope?.member ?? null, () =>
          (handler as (a: typeof args) => Promise<unknown>)(args),
        );
        return isOperation(d) ? reply.status(d.status).send(answer) : answer;
      },
    });
  }
}
