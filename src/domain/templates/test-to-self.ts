// A test to yourself (docs/product.md#a-test-to-yourself): the words both sides show.

/** The campaign name a test carries on the dashboard. */
export const TEST_TO_SELF_NAME = 'Test to myself';
export const NO_OWN_PHONE = 'Your account has no mobile number to send a test to: add one on your profile';
