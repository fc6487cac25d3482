// Export of every testimonial of a business as CSV (RFC 4180) or JSON, produced
// page by page (keyset paging) so 10,000 rows never sit in one string.
// CSV cells are protected against formula injection (OWASP "CSV Injection"):
// a cell starting with = + - @ TAB or CR gets a leading single quote.
import { Readable } from 'node:stream';
import { exportColumns, type Testimonial } from '../../../shared/schemas/testimonials.js';
import type { Deps } from '../../deps.js';
import * as repository from './repository.js';
import { toTestimonial } from './service.js';

const EXPORT_PAGE_SIZE = 500;

export type ExportFormat = 'csv' | 'json';

type Column = (typeof exportColumns)[number];

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-protected, always quoted, quotes doubled. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function cellValue(testimonial: Testimonial, column: Column): string | number | null {
  switch (column) {
    case 'tags':
      return testimonial.tags.join('; ');
    case 'productImageUrls':
      return testimonial.productImageUrls.join('; ');
    default:
      return testimonial[column];
  }
}

/** One CSV record: its cells as csvCell writes them, ended by CRLF. */
export function csvRow(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvRecord(testimonial: Testimonial): string {
  return csvRow(exportColumns.map((column) => cellValue(testimonial, column)));
}

/** Testimonials of the business in list order (newest first), one page at a time. */
export async function* exportedTestimonials(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Testimonial> {
  let cursor: repository.PageCursor | null = null;
  do {
    const page = await repository.pageAfter(db, businessId, { cursor, limit: pageSize });
    for (const row of page.rows) yield toTestimonial(row);
    cursor = page.next;
  } while (cursor);
}

async function* csvChunks(testimonials: AsyncIterable<Testimonial>): AsyncGenerator<string> {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${csvRow([...exportColumns])}`;
  let batch = '';
  let count = 0;
  for await (const testimonial of testimonials) {
    batch += csvRecord(testimonial);
    if (++count % 100 === 0) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

async function* jsonChunks(testimonials: AsyncIterable<Testimonial>): AsyncGenerator<string> {
  yield '[';
  let separator = '\n';
  let batch = '';
  let count = 0;
  for await (const testimonial of testimonials) {
    batch += separator + JSON.stringify(testimonial);
    separator = ',\n';
    if (++count % 100 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}\n]\n`;
}

export function exportStream(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  format: ExportFormat,
): Readable {
  const testimonials = exportedTestimonials(deps, businessId);
  return Readable.from(format === 'csv' ? csvChunks(testimonials) : jsonChunks(testimonials), {
    objectMode: false,
  });
}

/** `testimonials-YYYY-MM-DD.csv` (UTC date). */
export function exportFilename(format: ExportFormat, now = new Date()): string {
  return `testimonials-${now.toISOString().slice(0, 10)}.${format}`;
}
