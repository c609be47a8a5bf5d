// A domain's own terms and privacy pages (docs/product.md#tenants-and-white-label): the owner gives their
// addresses; visitors' pages link them in the footer. The product writes no terms for anybody.

export const LEGAL_PAGE_MAX = 500;
export const LEGAL_PAGE_FORMAT =
  'Please enter the full address of the page, starting with https:// (for example https://example.com/terms)';

/** The address as kept ('' clears it), or null when it is not an https page without credentials. */
export function legalPageUrl(value: string): string | null {
  const raw = value.trim();
  if (raw === '') return '';
  if (raw.length > LEGAL_PAGE_MAX || !/^https:\/\//i.test(raw)) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

/** A link the footer may show: only what legalPageUrl keeps (an answer is checked again before use). */
export const safeLegalPage = (value: string | undefined): string | null => {
  const url = legalPageUrl(value ?? '');
  return url ? url : null;
};
