// Every path of the gateway's API (docs/api.md), once: the PWA calls them and the gateway registers them.

/** Everything the gateway answers starts here (never cached by the service worker). */
export const GATEWAY_PREFIX = '/smsgateway/';
export const FRONTEND_PATH = '/smsgateway/api/frontend/';
export const SEND_PATH = '/smsgateway/api/sendsms';
/** The integrators' API (docs/api-v1.md); its document is at `${API_V1_PATH}/openapi.json`. */
export const API_V1_PATH = '/smsgateway/api/v1';
export const SIGNUP_PATH = '/smsgateway/api/temporalsignup';
export const DOMAIN_PATH = '/smsgateway/api/domain';
export const IMAGES_PATH = `${FRONTEND_PATH}images/`;
/** The (dev-mode) checkout page of a payment reference. */
export const CHECKOUT_PATH = '/smsgateway/pay/';
/** Where Paystack sends the customer back after paying (it appends ?trxref=&reference=). */
export const PAYSTACK_CALLBACK_PATH = '/smsgateway/paystack/callback';
/** Where Paystack posts its signed events (set on each domain's Paystack dashboard). */
export const PAYSTACK_WEBHOOK_PATH = '/smsgateway/paystack/webhook';
export const DEV_CARRIER_PATH = '/smsgateway/dev/carrier';
/** Dev mode only: the e-mail the gateway would have sent (no SMTP_URL). */
export const DEV_MAIL_PATH = '/smsgateway/dev/mail';
