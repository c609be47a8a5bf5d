import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { cedisText, taxRows, unitPrice, type Invoice } from '../../../src/domain/money/invoice';
import { formatAccra } from '../../../src/domain/dates';

// An invoice as a PDF (docs/product.md#invoices): one A4 page in PDF's own Helvetica, made with pdf-lib.
// pdf-lib is imported on the first invoice, not when the gateway starts: loading it costs every process
// start about half a second of CPU, and most processes never make an invoice.

const A4 = [595.28, 841.89] as const;
const MARGIN = 56;

/** Helvetica writes WinAnsi only: a letter outside it (ɛ, ŋ, an emoji) is shown as '?', never a failure. */
function writable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

interface Pen {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
  y: number;
  black: Color;
  grey: Color;
}

function line(pen: Pen, text: string, options: { size?: number; bold?: boolean; grey?: boolean; x?: number } = {}) {
  const size = options.size ?? 10;
  const font = options.bold ? pen.bold : pen.font;
  pen.page.drawText(writable(font, text), {
    x: options.x ?? MARGIN,
    y: pen.y,
    size,
    font,
    color: options.grey ? pen.grey : pen.black,
  });
  pen.y -= size + 6;
}

/** A label on the left and its amount right-aligned on one line. */
function amountRow(pen: Pen, label: string, amount: string, bold = false) {
  const font = bold ? pen.bold : pen.font;
  const text = writable(font, amount);
  pen.page.drawText(writable(font, label), { x: 320, y: pen.y, size: 10, font });
  pen.page.drawText(text, { x: A4[0] - MARGIN - font.widthOfTextAtSize(text, 10), y: pen.y, size: 10, font });
  pen.y -= 16;
}

export async function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setSubject(`${invoice.seller.name}: SMS credits`);
  doc.setCreationDate(new Date(invoice.issuedAt));
  doc.setModificationDate(new Date(invoice.issuedAt));
  const page = doc.addPage([...A4]);
  const pen: Pen = {
    page,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    y: A4[1] - MARGIN,
    black: rgb(0, 0, 0),
    grey: rgb(0.35, 0.35, 0.35),
  };
  const money = (amount: number) => cedisText(invoice.currency, amount);

  line(pen, 'Tax invoice', { size: 20, bold: true });
  line(pen, `${invoice.number}, issued ${formatAccra(invoice.issuedAt)} (Accra)`, { grey: true });
  pen.y -= 10;
  line(pen, 'From', { bold: true });
  line(pen, invoice.seller.name);
  if (invoice.seller.host) line(pen, invoice.seller.host);
  line(pen, invoice.seller.tin ? `TIN: ${invoice.seller.tin}` : 'TIN: not given');
  pen.y -= 8;
  line(pen, 'To', { bold: true });
  line(pen, invoice.buyer.name);
  for (const detail of [invoice.buyer.phone, invoice.buyer.email]) if (detail) line(pen, detail);
  pen.y -= 14;

  line(pen, 'Description', { bold: true });
  pen.y += 16;
  amountRow(pen, '', 'Amount', true);
  line(pen, `${invoice.credits.toLocaleString('en-GB')} SMS credits at ${invoice.currency} ${unitPrice(invoice)} each`);
  pen.y += 16;
  amountRow(pen, '', money(invoice.base));
  pen.y -= 8;
  amountRow(pen, 'Taxable value', money(invoice.base));
  for (const row of taxRows(invoice)) amountRow(pen, row.label, money(row.amount));
  amountRow(pen, 'Total paid', money(invoice.total), true);
  pen.y -= 14;
  line(pen, `Payment ${invoice.paymentId}`, { grey: true });
  if (invoice.taxLaw) line(pen, `Taxes under the ${invoice.taxLaw}, on one taxable value.`, { grey: true });
  line(pen, invoice.includesTax ? 'The price paid included these taxes.' : 'These taxes were added to the price.', {
    grey: true,
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
