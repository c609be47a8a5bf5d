// The shared 'TEST' sender a new account is given reaches only the account's own number, on every send
// path: the app's send, the API v1's and an SMPP submit (docs/product.md#sender-ids).
import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { useTestGateway, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { bind, gsmAscii, smppAccessFor, startSmpp, submit } from './helpers/smpp-customer';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { TEST_SENDER_BODY, testSenderOwnNumberOnly } from '../../src/domain/messages/sender-id';

const setup = useTestGateway();

/** The demo user's phone on its profile, and the same number as people write it. */
const OWN = '233241234567';
const OWN_AS_TYPED = '024 123 4567';
const OTHER = '233241444441';
const REFUSAL = testSenderOwnNumberOnly(OWN);

/** A gateway whose demo user is a new account: 'TEST' its only sender, its own number on its profile. */
async function newAccount(): Promise<TestGateway> {
  const gw = await setup.open();
  await gw.ctx.db
    .updateTable('users')
    .set({ senderidapproved: 'TEST', telnumber: OWN, creditbalance: 100 })
    .where('username', '=', 'demouser')
    .execute();
  return gw;
}

const messagesOf = async (gw: TestGateway) =>
  (await gw.ctx.db.selectFrom('message_recipients').select('number').execute()).length;

describe("the 'TEST' sender", () => {
  it('sends from the app only to the own number, however it is written, and names the rule otherwise', async () => {
    const gw = await newAccount();
    const { apikey } = await account(gw, 'demouser');
    const before = await messagesOf(gw);
    for (const destinationAddress of [OTHER, `${OWN},${OTHER}`]) {
      const res = await sendSms(gw, apikey, [sendItem({ sourceAddress: 'TEST', destinationAddress })]);
      expect(res.status, destinationAddress).toBe(400);
      expect(res.body.error).toEqual({ status: 'failed', message: REFUSAL });
    }
    expect(REFUSAL).toBe(
      'Sender ID TEST sends only to your own number (024 123 4567), to show you its notice: request a sender ID of your own from your profile page to send to others',
    );
    expect(await messagesOf(gw)).toBe(before);
    expect(await balanceOf(gw, 'demouser')).toBe(100);

    const own = await sendSms(gw, apikey, [sendItem({ sourceAddress: 'TEST', destinationAddress: OWN_AS_TYPED })]);
    expect(own.status).toBe(200);
    expect(await balanceOf(gw, 'demouser')).toBe(99);
    await tickCarrier(gw.ctx);
    const logged = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select(['from_id', 'to_number', 'text'])
      .where('message_id', '=', own.body.message_id)
      .execute();
    expect(logged).toEqual([{ from_id: 'TEST', to_number: OWN, text: TEST_SENDER_BODY }]);
  });

  it('sends through the API v1 only to the own number: 422 sender_not_approved on from otherwise', async () => {
    const gw = await newAccount();
    const { token } = await account(gw, 'demouser');
    const key = await makeKey(gw, token);
    const send = (to: string[]) =>
      v1(gw, 'POST', '/messages', { auth: key.secret, body: { from: 'TEST', to, text: 'Our sale starts today' } });
    const refused = await send([OWN, OTHER]);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'sender_not_approved', param: 'from', message: REFUSAL });
    expect(await balanceOf(gw, 'demouser')).toBe(100);

    const own = await send([OWN_AS_TYPED]);
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ accepted: 1, rejected: 0, cost: 1 });
    expect(await balanceOf(gw, 'demouser')).toBe(99);
  });

  it('takes an SMPP submit only to the own number: ESME_RINVSRCADR otherwise, nothing charged', async () => {
    const gw = await newAccount();
    const smppServer = await startSmpp(gw, { carrier: false });
    setup.onStop(smppServer.stop);
    const { systemId } = await smppAccessFor(gw, 'demouser');
    const c = await bind(smppServer.port, systemId);
    setup.onStop(c.close);
    expect(c.status).toBe(0);
    const text = { source_addr: 'TEST', short_message: gsmAscii('Our sale starts today') };

    const refused = await submit(c.session, { ...text, destination_addr: OTHER });
    expect(refused.command_status).toBe(smpp.errors.ESME_RINVSRCADR);
    expect(await balanceOf(gw, 'demouser')).toBe(100);

    const own = await submit(c.session, { ...text, destination_addr: OWN });
    expect(own.command_status).toBe(0);
    expect(await balanceOf(gw, 'demouser')).toBe(99);
  });
});
