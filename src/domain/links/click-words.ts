// How the app words short links' clicks (docs/product.md#short-links, docs/product.md#follow-up).
import { formatNumber } from '../numbers/number-format';

export const FOLLOW_UP_CLICKED = 'Send to those who clicked';
export const FOLLOW_UP_NOT_CLICKED = 'Send to those who did not';

/** A click rate: unique clickers of the recipients sent a link, a whole percent (one decimal under 10%). */
export function clickRateText(unique: number, recipients: number, withBase = true): string {
  const share = recipients > 0 ? (unique / recipients) * 100 : 0;
  const percent = share > 0 && share < 10 ? share.toFixed(1) : String(Math.round(share));
  return withBase ? `${percent}% of ${formatNumber(recipients)} recipients` : `${percent}%`;
}

/** A status row's clicks on its short links, as the row and the export say them. */
export const clickedText = (clicks: number): string =>
  clicks === 0 ? 'Not clicked' : clicks === 1 ? 'Clicked once' : `Clicked ${formatNumber(clicks)} times`;
