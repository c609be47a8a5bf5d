import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';
import { SMTP_PASSWORD, startSmtpCapture, type SmtpCapture } from './helpers/smtp-capture';
import { smtpMailer } from '../../server/src/mail/smtp-mailer';
import { MAIL_RETRY_SCHEDULE_S, tickMail } from '../../server/src/mail/deliver-mail';
import { mailSettings } from '../../server/src/mail/mail-config';
import { DEV_MAIL_PATH } from '../../src/domain/navigation/api-paths';
import type { GatewayContext } from '../../server/src/core/context';

// E-mail through a real SMTP server on loopback (docs/deployment.md#e-mail): a purchase confirmed by
// the Paystack stand-in writes the buyer's receipt in its own transaction; the mail loop sends it.
// GHS 100 on the main domain buys 3,760 credits.

const MAIL_FROM = 'no-reply@sms.example.com';

describe('e-mail: receipts over SMTP, retried, never sent twice', () => {
  let gw: TestGateway;
  let paystack: FakePaystack;
  let smtp: SmtpCapture;
  let demo: Session;
  let acmeClient: Session;

  beforeAll(async () => {
    [paystack, smtp] = await Promise.all([startFakePaystack(['sk_test_main', 'sk_test_acme']), startSmtpCapture()]);
    gw = await makeTestApp({ paystackBaseUrl: paystack.url, mailer: smtpMailer(smtp.url), mailFrom: MAIL_FROM });
    demo = await login(gw, 'demouser', 'demo12345');
    acmeClient = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
  });
  afterAll(async () => {
    gw.ctx.mailer?.close();
    await gw.close();
    await Promise.all([paystack.close(), smtp.close()]);
  });
  afterEach(() => {
    smtp.mails.length = 0;
    smtp.refuse.clear();
  });

  /** A GHS 100 purchase confirmed by Paystack; answers its payment id as the buyer's history shows it. */
  async function bought(s: Session, host = 'localhost'): Promise<string> {
    paystack.transactions.clear();
    const res = await call(
      gw,
      'paystack-link/',
      {
        profile_id: s.profile_id,
        amount: '100',
        currency: 'GHS',
        country: 'Ghana',
        title: 'SMS credit',
        description: '',
      },
      { token: s.token, host },
    );
    expect(res.body.status).toBe(true);
    const { reference } = paystack.only();
    paystack.settle(reference, 'success');
    const back = await gw.app.inject({
      method: 'GET',
      url: `/smsgateway/paystack/callback?trxref=${reference}&reference=${reference}`,
      headers: { host },
    });
    expect(back.headers.location).toBe('/purchasesms?payment=success');
    const row = await gw.ctx.db
      .selectFrom('payments')
      .select('paymentid')
      .where('profile_id', '=', s.profile_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.paymentid;
  }
  const outbox = () => gw.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const balanceOf = async (profileId: number) =>
    Number(
      (
        await gw.ctx.db
          .selectFrom('users')
          .select('creditbalance')
          .where('profile_id', '=', profileId)
          .executeTakeFirstOrThrow()
      ).creditbalance,
    );

  it('a confirmed purchase e-mails the buyer a receipt from the seller’s name, once', async () => {
    const paymentId = await bought(demo);
    // Written with the purchase, sent by the loop: the request did not wait on SMTP.
    expect(smtp.mails).toHaveLength(0);
    await tickMail(gw.ctx);
    await tickMail(gw.ctx);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['demo@example.com']);
    expect(mail.from).toEqual({ name: 'Bulk SMS Ghana', address: MAIL_FROM });
    expect(mail.subject).toBe('Payment received: 3,760 SMS credits');
    expect(mail.text).toContain('Thank you for your payment to Bulk SMS Ghana.');
    expect(mail.text).toContain(`Payment:  ${paymentId}`);
    expect(mail.text).toContain('Credits:  3,760');
    expect(mail.text).toContain('Paid:     GHS 100.00');
    const balance = await balanceOf(demo.profile_id);
    expect(mail.text).toContain(`Balance:  ${balance.toLocaleString('en-GB')} credits`);
    expect((await outbox()).at(-1)).toMatchObject({ status: 'sent', attempts: 1, last_error: '' });
  });

  it('a reseller’s client gets the receipt under the reseller’s brand', async () => {
    await bought(acmeClient, 'acme.localhost');
    await tickMail(gw.ctx);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.from).toEqual({ name: 'Acme SMS', address: MAIL_FROM });
    expect(smtp.mails[0]!.text).toContain('Thank you for your payment to Acme SMS.');
  });

  it('a server that is down: the receipt waits, is tried again on schedule and arrives once', async () => {
    const port = smtp.port;
    await smtp.close();
    await bought(demo);
    await tickMail(gw.ctx);
    let row = (await outbox()).at(-1)!;
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row.last_error).not.toContain(SMTP_PASSWORD);
    expect(Number(row.next_at)).toBe(gw.clock.now + MAIL_RETRY_SCHEDULE_S[0] * 1000);

    smtp = await startSmtpCapture(port);
    await tickMail(gw.ctx);
    expect(smtp.mails).toHaveLength(0); // not before its time
    gw.clock.advance(MAIL_RETRY_SCHEDULE_S[0] * 1000);
    await tickMail(gw.ctx);
    await tickMail(gw.ctx);
    expect(smtp.mails).toHaveLength(1);
    row = (await outbox()).at(-1)!;
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('an address the server refuses is retried through the schedule, then kept as failed with its answer', async () => {
    await gw.ctx.db
      .updateTable('users')
      .set({ email: 'nobody@example.com' })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    smtp.refuse.add('nobody@example.com');
    try {
      await bought(demo);
      for (const wait of MAIL_RETRY_SCHEDULE_S) {
        await tickMail(gw.ctx);
        gw.clock.advance(wait * 1000);
      }
      await tickMail(gw.ctx);
      const row = (await outbox()).at(-1)!;
      expect(row).toMatchObject({
        status: 'failed',
        attempts: MAIL_RETRY_SCHEDULE_S.length + 1,
        to_address: 'nobody@example.com',
      });
      expect(row.last_error).toContain('550');
      gw.clock.advance(86_400_000);
      await tickMail(gw.ctx);
      expect((await outbox()).at(-1)!.attempts).toBe(MAIL_RETRY_SCHEDULE_S.length + 1);
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await gw.ctx.db
        .updateTable('users')
        .set({ email: 'demo@example.com' })
        .where('profile_id', '=', demo.profile_id)
        .execute();
    }
  });

  it('two gateways ticking together over one database send each e-mail once', async () => {
    await bought(demo);
    await bought(demo);
    // A slow server: the first loop's sends are in flight while the second looks for work.
    const release = smtp.hold();
    const second: GatewayContext = { ...gw.ctx, mailer: smtpMailer(smtp.url) };
    const first = tickMail(gw.ctx);
    await expect
      .poll(
        async () =>
          (await outbox()).filter((r) => r.status === 'queued' && Number(r.claimed_until) > gw.clock.now).length,
      )
      .toBe(2);
    await tickMail(second);
    release();
    await first;
    second.mailer!.close();
    expect(smtp.mails).toHaveLength(2);
    expect((await outbox()).slice(-2).map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('e-mail in dev mode without SMTP and in the configuration', () => {
  it('dev mode keeps e-mail for the dev mailbox; without dev mode there is no such page', async () => {
    const paystack = await startFakePaystack(['sk_test_main']);
    const dev = await makeTestApp({ paystackBaseUrl: paystack.url });
    const prod = await makeTestApp({ devMode: false, demo: false });
    try {
      const demo = await login(dev, 'demouser', 'demo12345');
      await call(
        dev,
        'paystack-link/',
        {
          profile_id: demo.profile_id,
          amount: '100',
          currency: 'GHS',
          country: 'Ghana',
          title: 'SMS credit',
          description: '',
        },
        { token: demo.token },
      );
      const { reference } = paystack.only();
      paystack.settle(reference, 'success');
      await dev.app.inject({
        method: 'GET',
        url: `/smsgateway/paystack/callback?trxref=${reference}&reference=${reference}`,
      });
      await tickMail(dev.ctx);
      const res = await dev.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}?to=Demo@Example.com` });
      expect(res.statusCode).toBe(200);
      const { mails } = res.json();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: 'demo@example.com',
        from: 'Bulk SMS Ghana <no-reply@localhost>',
        subject: 'Payment received: 3,760 SMS credits',
        status: 'captured',
      });
      expect((await prod.app.inject({ method: 'GET', url: DEV_MAIL_PATH })).statusCode).toBe(404);
      expect((await dev.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}?limit=0` })).statusCode).toBe(400);
    } finally {
      await Promise.all([dev.close(), prod.close(), paystack.close()]);
    }
  });

  it('SMTP_URL and MAIL_FROM are checked at start, and a bad SMTP_URL is never echoed', () => {
    expect(mailSettings({}, 'sms.example.com')).toEqual({ smtpUrl: null, fromAddress: 'no-reply@sms.example.com' });
    expect(
      mailSettings({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'billing@example.com' }, 'x'),
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      fromAddress: 'billing@example.com',
    });
    expect(() => mailSettings({ SMTP_URL: 'http://user:hunter2@mail' }, 'x')).toThrow(
      /^SMTP_URL must look like smtp:\/\//,
    );
    expect(() => mailSettings({ SMTP_URL: 'http://user:hunter2@mail' }, 'x')).not.toThrow(/hunter2/);
    expect(() => mailSettings({ MAIL_FROM: 'billing' }, 'x')).toThrow(
      "MAIL_FROM must be an e-mail address, e.g. no-reply@x; it is 'billing'",
    );
  });
});
