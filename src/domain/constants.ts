// The product's constants (docs/product.md#limits), named once for the PWA, the service worker and the gateway.

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 5;
/** The status export asks status/{id} for pages of this many rows (docs/api.md#a-messages-status). */
export const STATUS_EXPORT_PAGE_SIZE = 1000;

export const ALERT_DURATION_MS = 5000;
export const ALL_RECURRING_ALERT_DURATION_MS = 20_000;

export const CODE_LENGTH = 4;
export const VALIDATION_TIMER_SECONDS = 600;
export const SEND_ATTEMPTS = 4;
export const VALIDATION_ATTEMPTS = 7;
export const RESET_ATTEMPTS = 3;

export const USERNAME_MIN_LENGTH = 5;
export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_MIN_LENGTH = 9;
export const SENDER_ID_MAX_LENGTH = 11;
export const SEARCH_MAX_LENGTH = 200;
export const CAMPAIGN_NAME_MAX_LENGTH = 100;

export const DOMAIN_CACHE_MS = 31_536_000_000;
export const LIST_HEIGHT = '72vh';
export const NARROW_BREAKPOINT_PX = 1000;
export const DATE_PICKER_STEP_MINUTES = 15;
export const TIME_ZONE = 'Africa/Accra';

export const FREE_SIGNUP_CREDITS = 10;
export const LANDING_REFERRAL_PERCENT = 10;
export const RECOMMENDED_MAX_RECIPIENTS = 100_000;
export const DEFAULT_CHARACTER_LIMIT = 160;

export const CURRENCY = 'GHS';
export const INTERNATIONAL_CURRENCY = 'USD';
export const SIGNUP_COUNTRY = 'Ghana';

export const TOP_SUPERVISOR_ID = 6;
/** The largest row id either of the gateway's databases holds (PostgreSQL's serial is a 32-bit integer). */
export const MAX_ID = 2 ** 31 - 1;
export const SIGNED_OUT_REDIRECT_DELAY_MS = 100;
export const END_OF_LIST_TEXT = 'Data fetch completed';
