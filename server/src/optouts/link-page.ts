import type { GatewayContext } from '../core/context';
import { escapeHtml } from '../core/html';
import { OPT_OUT_PATH } from '../../../src/domain/numbers/opt-out';
import { linkOf, markLinkUsed } from './links';
import { suppress } from './suppression';

/**
 * The opt-out link's page (docs/compliance.md#the-opt-out-link): server-rendered, no script, a few
 * kilobytes, for a cheap phone. It says who is writing and asks to confirm; the confirmation is a
 * plain form posted back to the same address.
 */

/** No script at all; forms post only to this origin. */
export const OPT_OUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:1rem;color:#212529;line-height:1.5}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0}.muted{color:#5c636a;font-size:.9rem}
button{width:100%;font-size:1.05rem;padding:.8rem 1rem;margin-top:1rem;border-radius:6px;border:1px solid #b02a37;background:#b02a37;color:#fff;cursor:pointer}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** What a page answer is: its HTTP status and HTML. */
export interface LinkPage {
  status: number;
  html: string;
}

const NOT_FOUND: LinkPage = {
  status: 404,
  html: page(
    'Link not found',
    '<h1>Link not found</h1><p>This opt-out link does not exist. Please check that it was copied whole from the message.</p>',
  ),
};

export const TOO_MANY: LinkPage = {
  status: 429,
  html: page(
    'Please wait',
    '<h1>Please wait</h1><p>Too many requests from your network. Please try again in a minute.</p>',
  ),
};

export const BAD_FORM: LinkPage = {
  status: 403,
  html: page(
    'Please try again',
    '<h1>Please try again</h1><p>Please open the link from your message and press the button there.</p>',
  ),
};

/** How the page names the sender: its company name, else its account name. */
interface Sender {
  companyname: string;
  username: string;
}

/** The number as the page shows it: only its last three digits. */
const ending = (number: string) => number.slice(-3);

/** Who owns the code's link and the host it belongs on, supplied by the composition (accounts, tenancy). */
export interface LinkOwner {
  sender: Sender;
  host: string;
}

/**
 * The link of a code when it is opened on its own tenant's host; undefined for an unknown code or
 * another tenant's host (both a plain 404: a code says nothing about other tenants).
 */
async function linkOnHost(
  ctx: GatewayContext,
  code: string,
  host: string,
  ownerOf: (profileId: number) => Promise<LinkOwner | undefined>,
) {
  const link = await linkOf(ctx.db, code);
  if (!link) return undefined;
  const owner = await ownerOf(link.profile_id);
  if (!owner || owner.host !== host) return undefined;
  return { link, owner };
}

/** GET /o/<code>: who is writing, and the button that confirms. */
export async function linkPage(
  ctx: GatewayContext,
  code: string,
  host: string,
  ownerOf: (profileId: number) => Promise<LinkOwner | undefined>,
): Promise<LinkPage> {
  const found = await linkOnHost(ctx, code, host, ownerOf);
  if (!found) return NOT_FOUND;
  const name = escapeHtml(found.owner.sender.companyname || found.owner.sender.username);
  const already = found.link.used_at !== null;
  if (already) return donePage(name, found.link.number, true);
  return {
    status: 200,
    html: page(
      'Stop messages',
      `<h1>Stop messages from ${name}?</h1>
<p>${name} sends text messages to the number ending in <strong>${ending(found.link.number)}</strong> through this service.</p>
<p>Confirm below and ${name} will send no more messages to that number.</p>
<form method="post" action="${escapeHtml(OPT_OUT_PATH + code)}"><input type="hidden" name="confirm" value="yes"><button type="submit">Stop messages from ${name}</button></form>
<p class="muted">Only messages from ${name} stop; nothing else changes.</p>`,
    ),
  };
}

/** POST /o/<code>: suppresses the number for the link's account, once; a second time says it is done already. */
export async function confirmLink(
  ctx: GatewayContext,
  code: string,
  host: string,
  ownerOf: (profileId: number) => Promise<LinkOwner | undefined>,
): Promise<LinkPage> {
  const found = await linkOnHost(ctx, code, host, ownerOf);
  if (!found) return NOT_FOUND;
  const { link, owner } = found;
  const name = escapeHtml(owner.sender.companyname || owner.sender.username);
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const added = await suppress(trx, link.profile_id, [link.number], 'link', 0, now);
    await markLinkUsed(trx, link.code, now);
    return added;
  });
  return donePage(name, link.number, outcome.added === 0);
}

function donePage(name: string, number: string, already: boolean): LinkPage {
  const head = already ? 'Already done' : 'Done';
  const line = already
    ? `You had already stopped messages from ${name} to the number ending in <strong>${ending(number)}</strong>. Nothing more is needed.`
    : `${name} will send no more messages to the number ending in <strong>${ending(number)}</strong>.`;
  return { status: 200, html: page(head, `<h1>${head}</h1><p>${line}</p>`) };
}
