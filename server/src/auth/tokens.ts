import { createHash, randomBytes, randomInt } from 'node:crypto';

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export const newToken = () => randomBytes(32).toString('base64url');
export const newApiKey = () => `sk_${randomBytes(24).toString('base64url')}`;
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** What is stored of an API key (users.apikey): its hash, never the key. */
export const apiKeyHash = sha256;
/** A 4-digit code (docs/product.md#sign-up), uniformly drawn. */
export const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');
export const newReferralCode = () => randomBytes(5).toString('hex').toUpperCase();
