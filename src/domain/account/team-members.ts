// A team's members (docs/product.md#members-and-roles): their statuses, the invitation's life and the
// texts both sides show.
import { PASSWORD_MIN_LENGTH } from '../constants';

export const MEMBER_STATUSES = ['invited', 'active'] as const;

export const MEMBER_NAME_MAX = 100;

/** An invitation's link works this long, once. */
export const INVITATION_TTL_MS = 72 * 3600 * 1000;

/** The app's page an invitation's link opens (APP_PATHS.join). */
export const JOIN_PATH_PREFIX = '/join/';

export const INVITATION_GONE = 'This invitation has expired or was already used. Ask for a new one.';
export const MEMBER_NOT_FOUND = 'No such member in your team';
export const MEMBER_ALREADY_IN_TEAM = 'This phone number is already in your team';
export const MEMBER_PHONE_INVALID = 'Please enter a valid mobile number';
export const MEMBER_EMAIL_INVALID = 'Please enter a valid email address';
export const MEMBER_PASSWORD_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const MEMBER_PASSWORDS_DIFFER = 'Passwords do not match';
export const ONLY_OWNERS_OWNERSHIP = 'Only an Owner can give or take the Owner role, or change or remove an Owner';
export const NOT_YOURSELF = 'You cannot change or remove yourself';
export const ALREADY_JOINED = 'This member has already joined';

/** The invitation's SMS: fixed words and the link on the account's own domain (nothing a tenant typed). */
export const invitationText = (link: string): string =>
  `You have been invited to join a team. Set your password within 72 hours: ${link}`;
