import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { resolveDomain } from '../tenancy/domains';
import { isSafeImageName } from '../images/image-files';
import { IMAGES_PATH } from '../../../src/domain/navigation/api-paths';
import { brandName, brandThemeColor, shortBrandName } from '../../../src/domain/brand/brand';
import { imageSize } from '../images/image-size';
import { APP_PATHS } from '../../../src/domain/navigation/app-paths';
import { SHARE_TARGET_PATH, SHARED_SHEET_FIELD, SHEET_FILE_TYPES } from '../../../src/domain/send/incoming';

type Icon = { src: string; sizes: string; type: string; purpose?: string };

const PLATFORM_ICONS: Icon[] = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
];

/** The smallest logo an installed app takes as its icon: launchers ask for 192 px. */
const LOGO_ICON_MIN = 192;

/**
 * A domain's installed app wears its own logo when the logo is a square PNG or JPEG of at least
 * 192 px (no image library resizes it here): then it is the only icon, so no launcher picks the
 * platform's. Any other logo, or none, leaves the platform's icons (docs/product.md#tenants-and-white-label).
 */
function iconsOf(ctx: GatewayContext, logo: string): Icon[] {
  const file = logo.startsWith(IMAGES_PATH) ? logo.slice(IMAGES_PATH.length) : '';
  if (!file || !isSafeImageName(file) || !existsSync(join(ctx.imagesDir, file))) return PLATFORM_ICONS;
  const size = imageSize(join(ctx.imagesDir, file));
  if (!size || size.w !== size.h || size.w < LOGO_ICON_MIN) return PLATFORM_ICONS;
  return [{ src: logo, sizes: `${size.w}x${size.h}`, type: size.type, purpose: 'any' }];
}

/** The web app manifest of the request's domain: its name, colour and logo (docs/product.md#tenants-and-white-label). */
export async function registerManifestRoute(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.get('/manifest.webmanifest', async (req, reply) => {
    const domain = await resolveDomain(ctx, req.hostname);
    const name = brandName(domain.companyname);
    const icons = iconsOf(ctx, domain.logo);
    const shortcutIcons = icons.slice(0, 1);
    reply.header('Content-Type', 'application/manifest+json; charset=utf-8');
    reply.header('Cache-Control', 'no-cache');
    return {
      id: '/',
      name,
      short_name: shortBrandName(name),
      description: `${name}: bulk SMS for businesses. Write a send with no network and it goes out when the phone is back online; send to thousands from a spreadsheet or a phone book.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // On a desktop the header is the title bar (src/app/shell); elsewhere a plain standalone window.
      display_override: ['window-controls-overlay', 'standalone'],
      orientation: 'any',
      background_color: '#ffffff',
      theme_color: brandThemeColor(domain.theme_color),
      icons,
      shortcuts: [
        { name: 'Send SMS', url: APP_PATHS.home.getHref(), icons: shortcutIcons },
        { name: 'Phone book', url: APP_PATHS.phonebook.getHref(), icons: shortcutIcons },
        { name: 'Dashboard', url: APP_PATHS.dashboard.getHref(), icons: shortcutIcons },
      ],
      screenshots: [
        {
          src: '/screenshots/send-phone.png',
          sizes: '390x844',
          type: 'image/png',
          form_factor: 'narrow',
          label: `${name}: Send SMS on a phone`,
        },
        {
          src: '/screenshots/send-desktop.png',
          sizes: '1280x800',
          type: 'image/png',
          form_factor: 'wide',
          label: `${name}: Send SMS on a desktop`,
        },
      ],
      // Spreadsheets opened with the installed app land in the send form, or in the import of the
      // phone book shown: an open window is reused and handed the file (src/flows/incoming.ts).
      file_handlers: [{ action: APP_PATHS.home.getHref(), accept: SHEET_FILE_TYPES }],
      launch_handler: { client_mode: ['focus-existing', 'auto'] },
      // Files and text shared to the app: the service worker keeps them until the send form takes them.
      share_target: {
        action: SHARE_TARGET_PATH,
        method: 'POST',
        enctype: 'multipart/form-data',
        params: {
          title: 'title',
          text: 'text',
          url: 'url',
          files: [
            {
              name: SHARED_SHEET_FIELD,
              accept: Object.keys(SHEET_FILE_TYPES).concat(Object.values(SHEET_FILE_TYPES).flat()),
            },
          ],
        },
      },
    };
  });
}
