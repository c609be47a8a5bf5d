import { describe, expect, it } from 'vitest';
import * as c from '../../../src/domain/constants';

describe("the product's constants", () => {
  it.each<[keyof typeof c, unknown]>([
    ['PAGE_SIZES', [5, 10, 25]],
    ['DEFAULT_PAGE_SIZE', 5],
    ['ALERT_DURATION_MS', 5000],
    ['ALL_RECURRING_ALERT_DURATION_MS', 20_000],
    ['CODE_LENGTH', 4],
    ['VALIDATION_TIMER_SECONDS', 600],
    ['SEND_ATTEMPTS', 4],
    ['VALIDATION_ATTEMPTS', 7],
    ['RESET_ATTEMPTS', 3],
    ['DOMAIN_CACHE_MS', 31_536_000_000],
    ['LIST_HEIGHT', '72vh'],
    ['NARROW_BREAKPOINT_PX', 1000],
    ['FREE_SIGNUP_CREDITS', 10],
    ['LANDING_REFERRAL_PERCENT', 10],
    ['SENDER_ID_MAX_LENGTH', 11],
    ['RECOMMENDED_MAX_RECIPIENTS', 100_000],
    ['USERNAME_MIN_LENGTH', 5],
    ['PASSWORD_MIN_LENGTH', 6],
    ['PHONE_MIN_LENGTH', 9],
    ['TIME_ZONE', 'Africa/Accra'],
    ['DATE_PICKER_STEP_MINUTES', 15],
    ['CURRENCY', 'GHS'],
    ['TOP_SUPERVISOR_ID', 6],
    ['SIGNED_OUT_REDIRECT_DELAY_MS', 100],
    ['END_OF_LIST_TEXT', 'Data fetch completed'],
  ])('%s is %j', (name, value) => {
    expect(c[name]).toEqual(value);
  });

  it('keeps the default page size among the choices', () => {
    expect(c.PAGE_SIZES).toContain(c.DEFAULT_PAGE_SIZE);
  });
});
