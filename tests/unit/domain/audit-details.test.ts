import { describe, expect, it } from 'vitest';
import { auditDetailsText } from '../../../src/domain/account/audit';

describe("an audit entry's details in words", () => {
  it('names each detail as people read it, with numbers grouped and yes or no', () => {
    expect(
      auditDetailsText({
        credits: 1500,
        client: 'acmeclient',
        balanceAfter: 2500,
        dailyCap: 'none',
        credentialsEnded: true,
        senderIds: ['DEMO', 'SHOP'],
      }),
    ).toBe(
      'Credits: 1,500 · Client: acmeclient · Balance after: 2,500 · Daily cap: none · Keys and SMPP access reset: yes · Sender IDs: DEMO, SHOP',
    );
  });

  it('writes out a name it does not know from its camelCase and leaves out empty details', () => {
    expect(auditDetailsText({ requireTwoStep: false, note: '', reason: null })).toBe('Require two step: no');
  });

  it('names the members the gateway named: whom it was about and who did it', () => {
    expect(auditDetailsText({ member: 'Ama Sender', roles: 'Sender,Approver', by: 'Kofi Admin' })).toBe(
      'Member: Ama Sender · Roles: Sender,Approver · By member: Kofi Admin',
    );
  });
});
