// What a domain shows as its brand when its own details leave it out (docs/product.md#tenants-and-white-label).

export const DEFAULT_BRAND_NAME = 'Bulk SMS';
export const DEFAULT_THEME_COLOR = '#0b4a8b';

/** The company name, or the product's own. */
export const brandName = (companyname: string | null | undefined): string => companyname || DEFAULT_BRAND_NAME;

/** The domain's theme colour when it is a #rrggbb colour, else the product's own. */
export const brandThemeColor = (color: string | null | undefined): string =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_THEME_COLOR;

/** The most characters a launcher shows of an installed app's name. */
export const SHORT_NAME_MAX = 12;

/**
 * An installed app's short name: the whole name when it fits, else its first words that fit, never
 * a word cut in two ('Bulk SMS Ghana' is 'Bulk SMS'); a first word longer than the limit is cut.
 */
export function shortBrandName(name: string): string {
  const words = name.trim().split(/\s+/);
  let short = '';
  for (const word of words) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || name.trim().slice(0, SHORT_NAME_MAX);
}
