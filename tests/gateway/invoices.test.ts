// Invoices of confirmed purchases (docs/product.md#invoices): issued by the seller in the purchase's
// transaction, numbered without gaps per seller, with Ghana's tax lines to the pesewa, as data, as a PDF
// and attached to the receipt e-mail; read by the buyer and the seller only.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { createUser } from '../../server/src/seed/accounts';

let gw: TestGateway;
let demo: Session;
let acme: Session;
let acmeClient: Session;
let sup: Session;

beforeAll(async () => {
  gw = await makeTestApp();
  [demo, acme, acmeClient, sup] = await Promise.all([
    login(gw, 'demouser', 'demo12345'),
    login(gw, 'acmeadmin', 'acme12345', 'acme.localhost'),
    login(gw, 'acmeclient', 'client12345', 'acme.localhost'),
    login(gw, 'supervisor', 'supervisor123'),
  ]);
});
afterAll(() => gw.close());

const as = (s: Session, path: string, body: Record<string, unknown>, host = 'localhost') =>
  call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token, host });

/** A purchase through the simulated checkout, paid: its payment id. */
async function buy(s: Session, amount: number, host = 'localhost'): Promise<string> {
  const link = await as(
    s,
    'paystack-link/',
    { amount, currency: 'GHS', country: 'Ghana', title: 'SMS credit', description: '' },
    host,
  );
  expect(link.body.status, JSON.stringify(link.body)).toBe(true);
  const paid = await gw.app.inject({
    method: 'POST',
    url: link.body.link as string,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBe(303);
  const history = await as(s, 'purchasehistory', { search: '', pageNum: 1 }, host);
  return history.body.credithistory[0].paymentid as string;
}

/** The text a PDF draws: its content streams inflated, Helvetica's hex strings read back. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    let body: string;
    try {
      body = inflateSync(bytes).toString('latin1');
    } catch {
      body = bytes.toString('latin1');
    }
    for (const t of body.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) parts.push(Buffer.from(t[1]!, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

describe('invoices', () => {
  it('a purchase on prices that include tax: the taxes are inside what was paid, to the pesewa', async () => {
    const paymentid = await buy(demo, 100);
    const res = await as(demo, 'invoice', { paymentid });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      number: 'INV-000001',
      paymentId: paymentid,
      seller: { name: expect.any(String), tin: '' },
      buyer: { name: expect.any(String) },
      credits: 3760,
      currency: 'GHS',
      includesTax: true,
      taxLaw: 'VAT Act 2025 (Act 1151)',
      rates: { vat: 1500, nhil: 250, getfund: 250 },
      base: 83.34,
      vat: 12.5,
      nhil: 2.08,
      getfund: 2.08,
      total: 100,
    });
    // The seller that issued it reads it too; another account is told there is none.
    expect((await as(sup, 'invoice', { paymentid })).body.number).toBe('INV-000001');
    const other = await as(acmeClient, 'invoice', { paymentid }, 'acme.localhost');
    expect(other).toMatchObject({
      status: 404,
      body: { error: { message: 'No invoice was issued for this payment' } },
    });
    expect((await as(demo, 'invoice', { paymentid: '' })).status).toBe(400);
  });

  it('a reseller whose prices exclude tax: the buyer pays the price and the taxes; its own TIN and numbers', async () => {
    const bad = await as(acme, 'update-domain-details/', { tin: '12345' }, 'acme.localhost');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Please enter the TIN as GRA issued it/);
    const saved = await as(
      acme,
      'update-domain-details/',
      { tin: 'c0012345678', pricesexcludetax: true },
      'acme.localhost',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const info = await call(gw, 'fetchuser', {}, { token: acme.token, host: 'acme.localhost' });
    expect(info.body.userInfo).toMatchObject({ tin: 'C0012345678', pricesexcludetax: true });
    const details = await gw.app.inject({
      method: 'GET',
      url: '/smsgateway/api/domain',
      headers: { host: 'acme.localhost' },
    });
    expect(details.json()).toMatchObject({ pricesexcludetax: true });

    const paymentid = await buy(acmeClient, 100, 'acme.localhost');
    const invoice = (await as(acmeClient, 'invoice', { paymentid }, 'acme.localhost')).body;
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      seller: { tin: 'C0012345678', host: 'acme.localhost' },
      includesTax: false,
      base: 100,
      vat: 15,
      nhil: 2.5,
      getfund: 2.5,
      total: 120,
    });
    const history = await as(acmeClient, 'purchasehistory', { search: '', pageNum: 1 }, 'acme.localhost');
    expect(history.body.credithistory[0]).toMatchObject({ paymentid, amount: 120 });

    // The seller's copy: the reseller reads its client's invoice, the operator does not.
    expect((await as(acme, 'invoice', { paymentid }, 'acme.localhost')).body.number).toBe('INV-000001');
    expect((await as(sup, 'invoice', { paymentid })).status).toBe(404);
  });

  it('the PDF says what the invoice says', async () => {
    const paymentid = await buy(demo, 250);
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/invoice-pdf',
      payload: { profile_id: demo.profile_id, paymentid },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INV-000002.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const shown of [
      'Tax invoice',
      'INV-000002',
      'Taxable value',
      'GHS 208.33',
      'VAT 15%',
      'GHS 31.25',
      'NHIL 2.5%',
      'GETFund 2.5%',
      'GHS 5.21',
      'Total paid',
      'GHS 250.00',
      paymentid,
    ])
      expect(text).toContain(shown);
  });

  it('numbers each seller’s invoices without a gap when purchases settle at once', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createUser(gw.ctx, { username: `buyer${i}`, password: 'buyer12345', supid: 6, creditbalance: 0 }),
      ),
    );
    const sessions = await Promise.all(buyers.map((b) => login(gw, b.username, 'buyer12345')));
    const before = await gw.ctx.db.selectFrom('invoices').select('number').where('seller_id', '=', 6).execute();
    await Promise.all(sessions.map((s) => buy(s, 50)));
    const numbers = (await gw.ctx.db.selectFrom('invoices').select('number').where('seller_id', '=', 6).execute())
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: before.length + 6 }, (_, i) => i + 1));
  });

  it('the receipt e-mail carries the invoice’s number, its tax lines and its PDF', async () => {
    await gw.ctx.db
      .updateTable('users')
      .set({ email: 'demo@example.com' })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    await buy(demo, 100);
    const box = await gw.app.inject({ method: 'GET', url: '/smsgateway/dev/mail?to=demo@example.com' });
    const [mail] = box.json().mails ?? box.json();
    expect(mail.text).toMatch(/Invoice: {2}INV-\d{6} \(attached as a PDF\)/);
    expect(mail.text).toContain('VAT 15%: GHS 12.50');
    expect(mail.attachments).toEqual([
      { filename: expect.stringMatching(/^INV-\d{6}\.pdf$/), bytes: expect.any(Number) },
    ]);
  });
});
