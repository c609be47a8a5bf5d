import { escapeHtml } from '../core/html';

/** A short link's own pages: server-rendered, no script, a few kilobytes, for a cheap phone. */

/** No script at all, nothing loaded from elsewhere. */
export const LINK_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:1rem;color:#212529;line-height:1.5}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** What a page answer is: its HTTP status and HTML. */
export interface LinkPage {
  status: number;
  html: string;
}

export const NOT_FOUND: LinkPage = {
  status: 404,
  html: page(
    'Link not found',
    '<h1>Link not found</h1><p>This link does not exist. Please check that it was copied whole from the message.</p>',
  ),
};

export const TOO_MANY: LinkPage = {
  status: 429,
  html: page(
    'Please wait',
    '<h1>Please wait</h1><p>Too many requests from your network. Please try again in a minute.</p>',
  ),
};

/** A link past its 90 days: it names who sent it and goes nowhere. */
export function expiredPage(senderName: string): LinkPage {
  const name = escapeHtml(senderName);
  return {
    status: 410,
    html: page(
      'Link expired',
      `<h1>This link has expired</h1><p>This link came in a message from <strong>${name}</strong> and worked for 90 days after it was sent.</p><p>Please contact ${name} for the page it led to.</p>`,
    ),
  };
}
