// Reads an imported file as it streams in (docs/product/imports.md#reading-a-file): at most 10 MB, UTF-8, then CSV
// row by row through papaparse, or JSON as a whole. Answers the format the file turned out to be and its rows, each
// with its number (from 1 after the header, or in the JSON list) and its values by field.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import Papa from 'papaparse';
import {
  defaultMapping,
  detectCsvFormat,
  isGoogleReview,
  readGoogleReview,
  jsonColumnsOf,
  jsonItemsOf,
  readMappedRow,
  withMapping,
  type ImportFormat,
  type ImportMapping,
  type KnownImportFormat,
  type RawImportRow,
} from '../../../shared/import-formats.js';
import { IMPORT_MAX_BYTES } from '../../../shared/schemas/imports.js';
import { AppError, badRequest } from '../../errors.js';

/** The file's kind, from its Content-Type. */
export type ImportFileKind = 'csv' | 'json';

export type ImportRows = {
  format: KnownImportFormat;
  rows: AsyncIterable<{ row: number; raw: RawImportRow }>;
};

const NOT_UTF8 =
  'The file is not UTF-8 text. Save it as "CSV UTF-8" (or export it again as UTF-8) and try again.';
const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

export const fileTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
const unreadable = (message: string) => new AppError(400, 'UNREADABLE_FILE', message);

/** The body's bytes as UTF-8 text, refused past the size cap or at the first byte that is not UTF-8. */
function utf8Text(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let received = 0;
  const decode = (chunk: Buffer | undefined, stream: boolean) => {
    try {
      return decoder.decode(chunk, { stream });
    } catch {
      throw unreadable(NOT_UTF8);
    }
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      received += chunk.length;
      if (received > IMPORT_MAX_BYTES) {
        done(fileTooLarge());
        return;
      }
      try {
        done(null, decode(chunk, true));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        done(null, decode(undefined, false));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The header row's names first, then each row as an object keyed by them. */
async function* csvRows(
  text: Transform,
): AsyncGenerator<{ headers: string[] } | { row: number; record: Record<string, unknown> }> {
  // One CSV row per chunk out of the parser; a header row first. Column names are kept as written (trimmed).
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  }) as unknown as Transform;
  const parsed = text.pipe(parser);
  // A refusal from upstream (not UTF-8, too large) reaches the reader through the parser.
  text.on('error', (error) => parser.destroy(error));
  let row = 0;
  let sentHeaders = false;
  for await (const record of parsed as AsyncIterable<Record<string, unknown>>) {
    if (!sentHeaders) {
      sentHeaders = true;
      yield { headers: Object.keys(record).filter((key) => key !== '__parsed_extra') };
    }
    row += 1;
    yield { row, record };
  }
}

async function readAll(text: Transform): Promise<string> {
  let all = '';
  for await (const part of text as AsyncIterable<string>) all += part;
  return all;
}

const peerFormat = (format: ImportFormat, detected: KnownImportFormat): KnownImportFormat =>
  format === 'auto' ? detected : format;

/**
 * The rows of the file in `body`. Refuses at once what cannot be read at all (a Google format for a CSV, JSON that
 * does not parse, a list that is not one); a wrong byte or the size cap met later ends the iteration with the error.
 */
export async function readImportFile(
  body: Readable,
  kind: ImportFileKind,
  format: ImportFormat,
  mapping: ImportMapping | undefined,
): Promise<ImportRows> {
  const text = body.pipe(utf8Text());
  body.on('error', (error) => text.destroy(error));
  if (kind === 'csv') {
    if (format === 'google')
      throw badRequest('Google reviews come as a JSON file; choose another format for a CSV');
    return readCsv(text, format, mapping);
  }
  return readJson(await readAll(text), format, mapping);
}

async function readCsv(
  text: Transform,
  format: Exclude<ImportFormat, 'google'>,
  mapping: ImportMapping | undefined,
): Promise<ImportRows> {
  const iterator = csvRows(text)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done)
    return { format: format === 'auto' ? 'csv' : format, rows: (async function* () {})() };
  const headers = 'headers' in first.value ? first.value.headers : [];
  const resolved = peerFormat(format, detectCsvFormat(headers));
  if (resolved === 'google') throw new Error('a CSV resolved to the Google format');
  const columns = withMapping(defaultMapping(resolved, headers), mapping);
  async function* rows() {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if ('row' in next.value)
        yield { row: next.value.row, raw: readMappedRow(next.value.record, columns) };
    }
  }
  return { format: resolved, rows: rows() };
}

function readJson(
  text: string,
  format: ImportFormat,
  mapping: ImportMapping | undefined,
): ImportRows {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    throw unreadable('The file is not valid JSON.');
  }
  const items = jsonItemsOf(root);
  if (!items)
    throw unreadable(
      'The JSON file holds no list of testimonials (a list, or { "reviews": [...] }).',
    );
  const resolved: KnownImportFormat =
    format === 'auto' || format === 'csv'
      ? items.some(isGoogleReview)
        ? 'google'
        : 'csv'
      : format;
  const headers = jsonColumnsOf(items);
  const columns =
    resolved === 'google' ? {} : withMapping(defaultMapping(resolved, headers), mapping);
  async function* rows() {
    let row = 0;
    for (const item of items ?? []) {
      row += 1;
      yield {
        row,
        raw: resolved === 'google' ? readGoogleReview(item) : readMappedRow(item, columns),
      };
    }
  }
  return { format: resolved, rows: rows() };
}
