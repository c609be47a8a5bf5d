/**
 * What a short link's click says of its opener (docs/product.md#short-links): its device family from the
 * user agent (no address is kept), and whether it is a link previewer or a crawler, not a person.
 */

/** Link previewers and crawlers: a chat app's or a search engine's fetch of a link, never a person's click. */
const PREVIEWERS =
  /whatsapp|facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|slackbot|telegrambot|googlebot|google-inspectiontool|bingbot|skypeuripreview|discordbot|linkedinbot|pinterestbot|redditbot|applebot|embedly|quora link preview|vkshare|w3c_validator|yandexbot|baiduspider|duckduckbot|ia_archiver|iframely|outbrain|crawler|spider|preview/i;

export const isPreviewer = (userAgent: string): boolean => PREVIEWERS.test(userAgent);

export const DEVICE_FAMILIES = ['android', 'iphone', 'feature phone', 'desktop', 'other'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/** The device family of a user agent: a phone's system, a basic phone's browser, a computer, or other. */
export function deviceFamily(userAgent: string): DeviceFamily {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod|ios/i.test(userAgent)) return 'iphone';
  if (/kaios|opera mini|series ?40|symbian|nokia|j2me|midp|ucbrowser|blackberry/i.test(userAgent)) {
    return 'feature phone';
  }
  if (/windows|macintosh|mac os x|linux|cros/i.test(userAgent)) return 'desktop';
  return 'other';
}
