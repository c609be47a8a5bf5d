import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { checkoutPath } from './checkout';
import { escapeHtml } from '../core/html';

/** No script at all: the page works under the PWA's `script-src 'self'` and posts plain forms back. */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:2rem;color:#212529}
main{max-width:26rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.2rem;margin:0 0 .25rem}.muted{color:#868e96;font-size:.85rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}
dt{color:#495057}dd{margin:0;font-weight:600;text-align:right}form{display:inline}.row{display:flex;gap:.75rem;margin-top:1.25rem}
button{flex:1;font-size:1rem;padding:.7rem 1rem;border-radius:6px;border:1px solid #ced4da;background:#fff;cursor:pointer}
button.pay{background:#0b7d3e;border-color:#0b7d3e;color:#fff}a{color:#1c7ed6}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const money = (amount: number, currency: string) => `${escapeHtml(currency)} ${amount.toFixed(2)}`;
/** A price that excluded tax: what of the amount is VAT, NHIL and GETFund. */
const taxAdded = (c: Pick<CheckoutRow, 'tax_added' | 'currency'>) =>
  c.tax_added > 0 ? `<dt>Of which taxes</dt><dd>${money(c.tax_added / 100, c.currency)} (VAT, NHIL, GETFund)</dd>` : '';

/** The simulated Paystack checkout: what is bought, and Pay / Cancel. */
export function checkoutPage(c: CheckoutRow, merchant: string): string {
  const action = escapeHtml(checkoutPath(c.reference));
  const button = (value: 'pay' | 'momo' | 'cancel', label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button class="${value}" type="submit">${label}</button></form>`;
  return page(
    'Checkout',
    `<h1>${escapeHtml(merchant)}</h1><p class="muted">Dev mode: a simulated card payment, no card is charged and no money moves (mobile money can be simulated too).</p>
<dl><dt>Item</dt><dd>${escapeHtml(c.title || 'SMS credit')}</dd>
${c.description ? `<dt>Details</dt><dd>${escapeHtml(c.description)}</dd>` : ''}
<dt>Amount</dt><dd>${money(c.amount, c.currency)}</dd>${taxAdded(c)}<dt>SMS credits</dt><dd>${c.credits.toLocaleString('en-US')}</dd></dl>
<div class="row">${button('cancel', 'Cancel')}${button('pay', `Pay ${money(c.amount, c.currency)}`)}</div>
<div class="row">${button('momo', 'Pay by mobile money instead')}</div>`,
  );
}

/** A dead end (unknown, paid, cancelled or expired checkout) with a way back to the app. */
export function messagePage(message: string): string {
  return page(
    'Checkout',
    `<h1>Checkout</h1><p>${escapeHtml(message)}</p><p><a href="/purchasesms">Back to purchases</a></p>`,
  );
}
