import { z } from 'zod';

// Paystack's transaction API as documented: initialize, verify and charge_authorization, with the
// domain's secret key.
// @paystack/paystack-sdk is not used: 1.2.1 is published without its code, and 1.2.0 hard-codes
// the API host (no PAYSTACK_BASE_URL for tests), sends JSON without a content type, has no
// timeout and ignores HTTP status. Two calls over fetch are smaller than working around that.

/** Paystack's own API, used outside dev mode unless PAYSTACK_BASE_URL names another. */
export const PAYSTACK_API = 'https://api.paystack.co';

/** How long the gateway waits for Paystack before telling the user to try again. */
const TIMEOUT_MS = 15_000;

/** Paystack did not answer, or answered something that is not its documented shape. */
export class PaystackUnreachable extends Error {
  override name = 'PaystackUnreachable';
}

/** Paystack answered and said no (status false): its message, and whether the key itself was refused. */
export class PaystackRefused extends Error {
  override name = 'PaystackRefused';
  constructor(
    message: string,
    readonly badKey: boolean,
  ) {
    super(message);
  }
}

const Envelope = z.object({ status: z.boolean(), message: z.string().optional().default('') });

const Initialized = z.object({
  authorization_url: z.string(),
  access_code: z.string().optional(),
  reference: z.string(),
});

/**
 * How the customer paid: a card's authorization is `reusable` and may be charged again without them
 * (charge_authorization); mobile money's is not (Paystack's recurring charges are cards only).
 */
const Authorization = z.object({
  authorization_code: z.string(),
  reusable: z.boolean().nullish(),
  channel: z.string().nullish(),
  card_type: z.string().nullish(),
  brand: z.string().nullish(),
  last4: z.string().nullish(),
});
export type PaystackAuthorization = z.infer<typeof Authorization>;

/** The fields of a verified transaction the gateway settles on (amount in pesewas). */
const Verified = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
  channel: z.string().nullish(),
  authorization: Authorization.nullish().catch(null),
});
export type VerifiedTransaction = z.infer<typeof Verified>;

export interface InitializeRequest {
  email: string;
  /** In pesewas (GHS x 100), a whole number. */
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  cancelUrl: string;
  metadata: Record<string, string | number>;
}

async function paystackCall<T>(
  base: string,
  secretKey: string,
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new PaystackUnreachable(`Paystack ${path.split('/')[2] ?? ''}: ${(error as Error).name}`);
  }
  const json: unknown = await res.json().catch(() => null);
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) throw new PaystackUnreachable(`Paystack answered HTTP ${res.status} without its JSON`);
  if (!res.ok || !envelope.data.status) {
    throw new PaystackRefused(envelope.data.message || `HTTP ${res.status}`, res.status === 401);
  }
  const data = schema.safeParse((json as { data?: unknown }).data);
  if (!data.success) throw new PaystackUnreachable('Paystack answered without the expected data');
  return data.data;
}

/** POST /transaction/initialize: the page the customer pays on. */
export function initializeTransaction(base: string, secretKey: string, req: InitializeRequest) {
  return paystackCall(base, secretKey, '/transaction/initialize', Initialized, {
    email: req.email,
    amount: String(req.amount),
    currency: req.currency,
    reference: req.reference,
    callback_url: req.callbackUrl,
    // Paystack sends a customer who cancels on its page to metadata.cancel_action.
    metadata: { ...req.metadata, cancel_action: req.cancelUrl },
  });
}

/** GET /transaction/verify/:reference: what Paystack says happened to the payment. */
export function verifyTransaction(base: string, secretKey: string, reference: string) {
  return paystackCall(base, secretKey, `/transaction/verify/${encodeURIComponent(reference)}`, Verified);
}

/** POST /transaction/charge_authorization: charges a saved card (amount in pesewas) under our reference. */
export function chargeAuthorization(
  base: string,
  secretKey: string,
  req: { email: string; amount: number; currency: string; authorizationCode: string; reference: string },
) {
  return paystackCall(base, secretKey, '/transaction/charge_authorization', Verified, {
    email: req.email,
    amount: String(req.amount),
    currency: req.currency,
    authorization_code: req.authorizationCode,
    reference: req.reference,
  });
}
