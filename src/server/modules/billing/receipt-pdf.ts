// The receipt as a PDF (docs/product/billing.md#receipts), drawn with pdfkit: one
// A4 page whose content also fits Letter, the same texts as the page
// (receipt.ts). Noto Sans is embedded (only the glyphs used), as the PDF's own
// Helvetica writes only Western European letters and a business may be named in
// any (docs/decisions/0028).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Receipt, ReceiptRow } from './receipt.js';

const PAGE = { width: 595.28, margin: 56 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const COLOR = { text: '#111827', muted: '#4b5563', line: '#d1d5db', warn: '#92400e' };
const FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold' };

const require = createRequire(import.meta.url);
/** The font files, read once. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontFiles = () =>
  (fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    ),
    bold: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
    ),
  });

export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'en-US',
    info: {
      Title: `Receipt ${receipt.number}`,
      Author: receipt.seller.name,
      Subject: `Receipt ${receipt.number} from ${receipt.seller.name}`,
    },
  });
  doc.registerFont(FONT.regular, fontFiles().regular);
  doc.registerFont(FONT.bold, fontFiles().bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, receipt);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, receipt: Receipt) {
  const { seller, buyer, item } = receipt;
  const left = PAGE.margin;
  const top = PAGE.margin;
  const sellerWidth = CONTENT_WIDTH * 0.6;

  // The seller, top left; "Receipt", its number and any refund, top right.
  doc.fillColor(COLOR.text).font(FONT.bold).fontSize(14);
  doc.text(seller.name, left, top, { width: sellerWidth });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
  for (const line of seller.addressLines) doc.text(line, { width: sellerWidth });
  if (seller.taxId) doc.text(`Tax ID: ${seller.taxId}`, { width: sellerWidth });
  const sellerBottom = doc.y;

  const titleWidth = CONTENT_WIDTH - sellerWidth;
  doc.font(FONT.bold).fontSize(24).fillColor(COLOR.text);
  doc.text('Receipt', RIGHT - titleWidth, top - 4, { width: titleWidth, align: 'right' });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
  doc.text(receipt.number, RIGHT - titleWidth, doc.y, { width: titleWidth, align: 'right' });
  if (receipt.refunded) {
    doc.moveDown(0.4).font(FONT.bold).fontSize(10).fillColor(COLOR.warn);
    doc.text(`REFUNDED: ${receipt.refunded}`, RIGHT - titleWidth, doc.y, {
      width: titleWidth,
      align: 'right',
    });
  }
  let y = Math.max(sellerBottom, doc.y) + 18;
  rule(doc, y);
  y += 18;

  // Billed to (left) and the payment's details (right).
  const half = CONTENT_WIDTH / 2;
  heading(doc, 'Billed to', left, y);
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.text);
  if (buyer.name) doc.text(buyer.name, left, doc.y, { width: half - 16 });
  doc.font(FONT.regular).text(buyer.email, left, doc.y, { width: half - 16 });
  const buyerBottom = doc.y;
  heading(doc, 'Payment', left + half, y);
  const detailsBottom = labelled(doc, receipt.details, left + half, doc.y, half, false);
  y = Math.max(buyerBottom, detailsBottom) + 18;
  rule(doc, y);
  y += 18;

  // The line item.
  const amountWidth = 100;
  heading(doc, 'Description', left, y);
  doc.text('AMOUNT', RIGHT - amountWidth, y, { width: amountWidth, align: 'right' });
  y = doc.y + 6;
  rule(doc, y);
  y += 10;
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.text);
  doc.text(item.description, left, y, { width: CONTENT_WIDTH - amountWidth - 16 });
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted).text(item.period, left, doc.y);
  const itemBottom = doc.y;
  doc.fontSize(11).fillColor(COLOR.text);
  doc.text(item.amount, RIGHT - amountWidth, y, { width: amountWidth, align: 'right' });
  y = Math.max(itemBottom, doc.y) + 10;
  rule(doc, y);
  y += 12;

  // Subtotal, tax, total, amount paid: right-aligned.
  const totalsWidth = 230;
  y = labelled(doc, receipt.totals, RIGHT - totalsWidth, y, totalsWidth, true);

  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
  doc.text('Thank you for your business.', left, y + 36, { width: CONTENT_WIDTH });
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(COLOR.line).stroke();
}

function heading(doc: PDFKit.PDFDocument, text: string, x: number, y: number) {
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.muted);
  doc.text(text.toUpperCase(), x, y, { characterSpacing: 0.6 });
  doc.moveDown(0.4);
}

/** Rows of a label and its value in `width` from `x`; answers where they end. */
function labelled(
  doc: PDFKit.PDFDocument,
  rows: ReceiptRow[],
  x: number,
  y: number,
  width: number,
  valuesRight: boolean,
): number {
  const labelWidth = valuesRight ? width * 0.5 : 90;
  const valueWidth = width - labelWidth;
  let rowY = y;
  for (const { label, value, grand } of rows) {
    doc.font(grand ? FONT.bold : FONT.regular).fontSize(10);
    doc.fillColor(grand ? COLOR.text : COLOR.muted).text(label, x, rowY, { width: labelWidth });
    const labelBottom = doc.y;
    doc.fillColor(COLOR.text).text(value, x + labelWidth, rowY, {
      width: valueWidth,
      align: valuesRight ? 'right' : 'left',
    });
    rowY = Math.max(labelBottom, doc.y) + 4;
  }
  return rowY;
}
