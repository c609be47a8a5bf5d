// The reference's address of an operation: the link a sample gives is the address the reference reads,
// and an error code's anchor does not open the reference.
import { describe, expect, it } from 'vitest';
import { operationAsked, operationSlug, referenceHrefOf } from '../../../../src/features/developers/reference-address';

describe("the reference's address of an operation", () => {
  it('links a sample to the name the viewer gives its operation', () => {
    const href = referenceHrefOf('getMessage');
    expect(href).toBe('/developers/api#operation/getMessage');
    const slug = operationSlug({ operationId: 'getMessage', method: 'GET', path: '/messages/{messageId}' });
    expect(`#${slug}`).toBe(new URL(href, 'https://sms.example.com').hash);
    expect(operationAsked(new URL(href, 'https://sms.example.com').hash)).toBe('getMessage');
  });

  it('names an operation without an operationId by its method and path, as the viewer does', () => {
    expect(operationSlug({ method: 'GET', path: '/messages' })).toBe('GET/messages');
  });

  it('leaves an error code and an empty address to the page', () => {
    expect(operationAsked('#missing_scope')).toBeNull();
    expect(operationAsked('')).toBeNull();
    expect(operationAsked('#operation/')).toBeNull();
  });
});
