import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshNumbers } from '../unit/support/phone-numbers';
import { DESKTOP, PHONE } from './support/browser';
import { downloadedSheet } from './support/downloads';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { carrierMessages, eventually } from './support/carrier';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('send SMS from a real-world spreadsheet: values that are not phone numbers are set aside, shown and downloadable', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const)(
    'a portal CSV saved as .xls at %s px: two numbers sent once each, five rows set aside with why and their rows',
    async (width, viewport) => {
      const [ama, kofi] = freshNumbers(2) as [string, string];
      // Excel's sep= line, a number written with spaces and one with thousands separators, and five that are not numbers.
      const spaced = `${ama.slice(0, 3)} ${ama.slice(3, 5)} ${ama.slice(5, 8)} ${ama.slice(8)}`;
      const grouped = kofi.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      const lines = [
        'sep=;',
        'numbers;name',
        `${spaced};Ama`,
        'TRUE;Yes',
        `"${grouped}";Kofi`,
        '2.33241E+11;Lost',
        '0241;Short',
        '-241234567;Minus',
        ';No number',
      ];
      const file = join(world.scratch, `portal-${width}.xls`);
      writeFileSync(file, lines.join('\r\n'));

      const { page, send } = await world.openSignedInKept({ viewport });
      await send.choose('Sender ID', 'DEMO');
      await send.choose('Contact source', 'Excel or CSV file');
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByText(`Loaded 2 rows from Sheet1 (portal-${width}.xls)`).waitFor();
      const setAside = page.getByRole('alert', { name: 'Rows set aside' });
      await setAside.getByText('5 rows set aside: their numbers are not phone numbers and will not be sent').waitFor();
      expect(await setAside.getByRole('listitem').allTextContents()).toEqual([
        'TRUE or FALSE, not a phone number: row 4',
        'Digits lost to scientific notation (e.g. 2.33241E+11): row 6',
        'Too short for a phone number (fewer than 8 digits): row 7',
        'A negative number: row 8',
        'No number: row 9',
      ]);
      await expect.poll(() => send.recipientCount.textContent()).toBe('2 recipients');
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await setAside.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `send-set-aside-${width}.png`), fullPage: true });
      }

      const { rows } = await downloadedSheet<unknown[]>(
        page,
        setAside.getByRole('button', { name: 'Download the rows set aside' }),
      );
      expect(rows).toEqual([
        ['Row', 'numbers', 'Why it was set aside'],
        [4, 'TRUE', 'TRUE or FALSE, not a phone number'],
        [6, '2.33241E+11', 'Digits lost to scientific notation (e.g. 2.33241E+11)'],
        [7, '0241', 'Too short for a phone number (fewer than 8 digits)'],
        [8, "'-241234567", 'A negative number'],
        [9, '', 'No number'],
      ]);

      await send.message.fill('Your parcel is ready');
      await send.submit();
      await send.shell.alert('Messages sent successfully').waitFor();
      for (const number of [ama, kofi]) {
        const got = await eventually(
          () => carrierMessages(world.gateway, number),
          (m) => m.length > 0,
          15_000,
        );
        expect(got.map((m) => m.text)).toEqual(['Your parcel is ready']);
      }
    },
  );

  it('refuses a sheet with two numbers columns, naming both', async () => {
    const file = join(world.scratch, 'two.csv');
    writeFileSync(file, 'numbers,name,Numbers\r\n0241234567,Ama,0201234567\r\n');
    const { page, send } = await world.openSignedInKept();
    await send.choose('Contact source', 'Excel or CSV file');
    await page.locator('input[type="file"]').setInputFiles(file);
    await send.shell.saidInline(/^2 columns are headed "numbers": column A \("numbers"\) and column C \("Numbers"\)/);
  });
});
