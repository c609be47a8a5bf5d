import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchListPage } from '../../../src/api/list-api';
import { fetchOwnGroups, fetchGroupContacts, deleteGroups } from '../../../src/api/phonebook-api';
import { fetchMessageStatus } from '../../../src/api/message-api';
import { sendSms } from '../../../src/api/send-api';
import { stubFetch } from '../support/fetch-stub';
import { makeItem } from '../domain/factories';

const query = { profile_id: 7, search: '', pageNum: 1 };
const answer = (body: unknown, status = 200) => stubFetch(() => ({ body, status }));

describe('answer schemas: tolerant of how gateways write fields, strict about shape', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads numbers given as text, nulls as empty text, and keeps fields it does not know', async () => {
    answer({
      bulksms: [{ message_id: 12, messagecount: '2', shortMessage: null, messageStatus: null, extra: 'kept' }],
      pageNum: '3',
      hasMore: 1,
    });
    const page = await fetchListPage('t', 'quick-own', query);
    expect(page).toMatchObject({ pageNum: 3, hasMore: true });
    expect(page.items[0]).toMatchObject({
      message_id: '12',
      messagecount: 2,
      shortMessage: '',
      messageStatus: [],
      extra: 'kept',
    });
  });

  it('pages on until an empty page when the gateway does not say hasMore', async () => {
    answer({ scheduled: [{ message_id: 'a1' }] });
    expect((await fetchListPage('t', 'scheduled-own', query)).hasMore).toBe(true);
    answer({ scheduled: [] });
    expect((await fetchListPage('t', 'scheduled-own', query)).hasMore).toBe(false);
  });

  it.each([
    ['no list array', { pageNum: 1 }],
    ['the list as text', { bulksms: 'none', pageNum: 1 }],
    ['an item without message_id', { bulksms: [{ shortMessage: 'x' }] }],
    ['an item with an empty id', { bulksms: [{ message_id: '' }] }],
  ])('rejects a list answer with %s as invalid-answer', async (_what, body) => {
    answer(body);
    await expect(fetchListPage('t', 'quick-own', query)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('reads credit histories under their own field names', async () => {
    answer({ allcredithistory: [{ paymentid: 'PAY-1', amount: '20.5', newbalance: 700 }], pageNum: 1, hasMore: false });
    const page = await fetchListPage('t', 'credit-client', query);
    expect(page.items[0]).toMatchObject({ paymentid: 'PAY-1', amount: 20.5, newbalance: 700, currency: '' });
    answer({ credithistory: [{ paymentid: 'PAY-1' }] });
    await expect(fetchListPage('t', 'credit-client', query)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('counts inline contacts when a group answer has no contactcount, and rejects groups without ids', async () => {
    answer({ groups: [{ id: '4', groupname: 'Choir', contacts: [{ id: 1, phonenumber: 233241110000 }] }] });
    expect((await fetchOwnGroups('t', 7))[0]).toMatchObject({
      id: 4,
      contactcount: 1,
      contacts: [{ id: 1, phonenumber: '233241110000' }],
    });
    answer({ groups: [{ groupname: 'No id' }] });
    await expect(fetchOwnGroups('t', 7)).rejects.toMatchObject({ kind: 'invalid-answer' });
    answer({ contacts: [{ id: 'x' }], total: 1 });
    await expect(fetchGroupContacts('t', 7, 4, 1)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('treats a 200 that carries error.status failed as a refusal with its message', async () => {
    answer({ error: { status: 'failed', message: 'Phone book is in use' } });
    await expect(deleteGroups('t', 7, [1])).rejects.toMatchObject({
      kind: 'refused',
      message: 'Phone book is in use',
      status: 'failed',
    });
  });

  it('rejects a status answer that is not a list', async () => {
    answer({ status: 'SENT' });
    await expect(fetchMessageStatus('t', 7, 1)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('never reads a missing balance as zero: a send answer without balances is invalid', async () => {
    answer({
      message: 'Messages sent successfully',
      creditbalance: '120',
      internationalcreditbalance: 3,
      message_id: '9',
    });
    expect(await sendSms('k', [makeItem()])).toMatchObject({
      creditbalance: 120,
      internationalcreditbalance: 3,
      message_id: 9,
    });
    answer({ message: 'Messages sent successfully' });
    await expect(sendSms('k', [makeItem()])).rejects.toMatchObject({ kind: 'invalid-answer', httpStatus: 200 });
    answer({ message: 'ok', creditbalance: null, internationalcreditbalance: 1 });
    await expect(sendSms('k', [makeItem()])).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('sends the API key as bearer and the Idempotency-Key header, and maps the send failures', async () => {
    const fetchMock = answer({ message: 'ok', creditbalance: 1, internationalcreditbalance: 0 });
    await sendSms('api-key-1', [makeItem()], { idempotencyKey: 'job:0-0' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer api-key-1',
      'Idempotency-Key': 'job:0-0',
      Accept: 'application/json',
    });
    expect(JSON.parse(init.body as string)).toEqual({ messageobject: [makeItem()] });
    answer({ error: { status: 'failed', message: 'Insufficient credit' } });
    await expect(sendSms('k', [makeItem()])).rejects.toMatchObject({
      kind: 'refused',
      message: 'Insufficient credit',
      httpStatus: 200,
    });
    answer({ error: { status: 'failed', message: 'Request body is too large' } }, 413);
    await expect(sendSms('k', [makeItem()])).rejects.toMatchObject({ kind: 'too-large' });
    stubFetch(() => undefined);
    await expect(sendSms('k', [makeItem()])).rejects.toMatchObject({ kind: 'network' });
  });
});
