import { describe, expect, it } from 'vitest';
import { campaignTitle } from '../../../src/domain/messages/message-kinds';

describe("a message's title in lists and on its status page", () => {
  it('is its campaign name, else its kind as the menu names it, never the stored type', () => {
    expect(campaignTitle({ messageDescription: 'Big sale', messageType: 'quick sms' })).toBe('Big sale');
    expect(campaignTitle({ messageDescription: '', messageType: 'quick sms' })).toBe('Quick SMS');
    expect(campaignTitle({ messageType: 'birthday sms' })).toBe('Birthday Message');
    expect(campaignTitle({ messageType: 'recurring sms' })).toBe('Recurring SMS');
    expect(campaignTitle({ messageType: 'api' })).toBe('api');
    expect(campaignTitle({})).toBe('Message');
  });
});
