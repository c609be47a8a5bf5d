// What a domain shows as its brand when its own details leave it out (docs/product.md#tenants-and-white-label).

export const DEFAULT_BRAND_NAME = 'Bulk SMS';
export const DEFAULT_THEME_COLOR = '#0b4a8b';

/** The company name, or the product's own. */
export const brandName = (companyname: string | null | undefined): string => companyname || DEFAULT_BRAND_NAME;

/** The domain's theme colour when it is a #rrggbb colour, else the product's own. */
export const brandThemeColor = (color: string | null | undefined): string =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_THEME_COLOR;
