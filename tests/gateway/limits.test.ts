import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { call, login, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { IMPORT_BODY_LIMIT } from '../../src/domain/contract/phonebook';

// Limits that keep one user from hurting others (docs/product.md#limits).

describe('limits per account', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('lets at most 10 sender IDs await approval at once', async () => {
    const me = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    const ask = (ids: string) =>
      call(
        gw,
        'senderidrequest',
        { profile_id: me.profile_id, pendingsenderid: ids },
        { token: me.token, host: 'acme.localhost' },
      );
    expect((await ask('ID1,ID2,ID3,ID4,ID5,ID6,ID7,ID8,ID9')).status).toBe(200);
    expect((await ask('ID10')).body.userInfo.pendingsenderid.split(',')).toHaveLength(10);
    const eleventh = await ask('ID11');
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.error.message).toBe('At most 10 sender IDs can await approval at once');
    // Asking again for one already pending is no new request.
    expect((await ask('ID3')).status).toBe(200);
  });

  it('refuses a scheduled or recurring send for a time already gone, but not the later batches of a job started in time', async () => {
    const demo = await account(gw, 'demouser');
    const past = '2026-11-20 09:30:00'; // the test clock reads 10:00 Accra
    const scheduled = (extra: object = {}) =>
      sendItem({
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: past,
        ...extra,
      });
    const refused = await sendSms(gw, demo.apikey, [scheduled()]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('The delivery time has already passed, please choose a time in the future');
    const recurring = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'recurring sms',
        typeandsubtype: 'recurring:regular',
        expectedDeliveryTime: past,
        recurringPeriod: 'Daily',
        recurringInterval: 1,
      }),
    ]);
    expect(recurring.status).toBe(400);
    // Ten minutes ago is within the picker's step: accepted.
    expect((await sendSms(gw, demo.apikey, [scheduled({ expectedDeliveryTime: '2026-11-20 09:50:00' })])).status).toBe(
      200,
    );

    // A job whose first batch came in time keeps going after the time has passed (413 batches drain slowly).
    const job = randomUUID();
    const soon = '2026-11-20 10:15:00';
    expect(
      (
        await sendSms(
          gw,
          demo.apikey,
          [scheduled({ expectedDeliveryTime: soon, destinationAddress: '233241000001' })],
          { key: `${job}:0-0` },
        )
      ).status,
    ).toBe(200);
    gw.clock.advance(3_600_000);
    const late = await sendSms(
      gw,
      demo.apikey,
      [scheduled({ expectedDeliveryTime: soon, destinationAddress: '233241000002' })],
      { key: `${job}:1-1` },
    );
    expect(late.status).toBe(200);
  });

  it('refuses to move a scheduled message to a time already gone', async () => {
    const demo = await account(gw, 'demouser');
    const at = new Date(gw.clock.now + 2 * 3_600_000);
    const when = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)}:00`;
    const reg = await sendSms(gw, demo.apikey, [
      sendItem({ messageType: 'scheduled sms', typeandsubtype: 'scheduled:regular', expectedDeliveryTime: when }),
    ]);
    expect(reg.status).toBe(200);
    const past = new Date(gw.clock.now - 3_600_000);
    const res = await call(
      gw,
      'updatescheduled',
      {
        message_id: reg.body.message_id,
        expectedDeliveryTime: `${past.toISOString().slice(0, 10)} ${past.toISOString().slice(11, 16)}:00`,
      },
      { token: demo.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The delivery time has already passed, please choose a time in the future');
  });

  it('refuses a contact import larger than 16 MiB before reading it', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const huge = JSON.stringify({
      profile_id: me.profile_id,
      groupname: 'x',
      excelData: [{ firstname: 'a'.repeat(IMPORT_BODY_LIMIT) }],
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/createcontactexel',
      payload: huge,
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Request body is too large');
  });
});
