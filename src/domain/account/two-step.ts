// Two-step sign-in (docs/product.md#two-step-sign-in): its texts, shared by the gateway and the app.

export const RECOVERY_CODE_COUNT = 10;
export const TWO_STEP_WRONG_CODE = 'Wrong code, please enter the 6-digit code your authenticator app shows now';
export const TWO_STEP_CODE_USED = 'This code has already been used, please wait for the next code';
export const TWO_STEP_EXPIRED = 'This sign-in has expired, please sign in again';
export const TWO_STEP_TOO_MANY = 'Too many wrong codes, please sign in again';
export const TWO_STEP_ALREADY_ON = 'Two-step sign-in is already on';
export const TWO_STEP_NOT_ON = 'Two-step sign-in is not on';
export const TWO_STEP_NOT_STARTED = 'Please start setting up two-step sign-in first';
export const TWO_STEP_REQUIRED_STAYS = 'Two-step sign-in is required for your account and cannot be turned off';
export const TWO_STEP_ONLY_RESELLERS = 'Only resellers and the platform can require two-step sign-in';
export const TWO_STEP_OWN_FIRST = 'Please turn on two-step sign-in for your own account first';
export const TWO_STEP_TEAM_REQUIRED_STAYS =
  'Two-step sign-in is required of every member of your team and cannot be turned off';
