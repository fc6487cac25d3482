// What the Import screen reads of the chosen file before anything is sent (docs/product/testimonials.md#import-screen):
// whether it is CSV or JSON, its columns, its first rows for the preview, how many rows it has, and the format
// its header row or shape says. The server reads the whole file again; this is only the preview.
import Papa from 'papaparse';
import {
  detectCsvFormat,
  isGoogleReview,
  jsonColumnsOf,
  jsonItemsOf,
  type KnownImportFormat,
} from '../../../shared/import-formats';
import { IMPORT_MAX_BYTES } from '../../../shared/schemas/imports';
import { TEXT } from './texts';

export type FileKind = 'csv' | 'json';

export type ReadImportFile = {
  kind: FileKind;
  /** The columns a mapping can name: the CSV's header row, or the keys of a JSON list's items. */
  columns: string[];
  /** The first rows, for the preview: records of the columns, or (Google) the reviews as they are. */
  rows: unknown[];
  rowCount: number;
  detected: KnownImportFormat;
};

/** The rows the preview shows. */
const PREVIEW_ROWS = 5;

/** A file the screen cannot read, with the reason to show. */
export class ImportFileProblem extends Error {
  override readonly name = 'ImportFileProblem';
}

/** CSV or JSON, by the file's extension, else its type; null for anything else. */
export function fileKind(file: Pick<File, 'name' | 'type'>): FileKind | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  if (file.type === 'text/csv') return 'csv';
  if (file.type === 'application/json') return 'json';
  return null;
}

/** What the file's request says it is. */
export const CONTENT_TYPES: Record<FileKind, string> = {
  csv: 'text/csv',
  json: 'application/json',
};

/**
 * The formats the owner may choose for a file: a CSV is any export's; a JSON file is Google's reviews when it holds
 * one (the server reads it so whatever is chosen), else a list of flat items of any columns.
 */
export function formatsOf(read: Pick<ReadImportFile, 'kind' | 'detected'>): KnownImportFormat[] {
  if (read.kind === 'csv') return ['csv', 'senja', 'testimonialto', 'trustpilot'];
  return [read.detected];
}

/** Why the file is refused before it is read, or null. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (fileKind(file) === null) return TEXT.notCsvOrJson;
  if (file.size > IMPORT_MAX_BYTES) return TEXT.tooLarge;
  return null;
}

function readCsv(text: string): ReadImportFile {
  const rows: Record<string, string>[] = [];
  let rowCount = 0;
  let columns: string[] = [];
  Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    // As the server reads them: a mapping names the columns so.
    transformHeader: (header) => header.trim(),
    step: (result) => {
      columns = result.meta.fields ?? columns;
      rowCount += 1;
      if (rows.length < PREVIEW_ROWS) rows.push(result.data);
    },
  });
  if (columns.length === 0 && rowCount === 0) {
    // No row at all: the header row is read, if there is one.
    columns =
      Papa.parse<string[]>(text, { preview: 1 })
        .data[0]?.map((cell) => cell.trim())
        .filter((cell) => cell) ?? [];
  }
  if (columns.length === 0) throw new ImportFileProblem(TEXT.csvUnreadable);
  if (rowCount === 0) throw new ImportFileProblem(TEXT.csvEmpty);
  return { kind: 'csv', columns, rows, rowCount, detected: detectCsvFormat(columns) };
}

function readJson(text: string): ReadImportFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileProblem(TEXT.jsonUnreadable);
  }
  // The list the server reads, and its columns as the server finds them.
  const list = jsonItemsOf(data);
  if (list === null) throw new ImportFileProblem(TEXT.jsonNotAList);
  if (list.length === 0) throw new ImportFileProblem(TEXT.jsonEmpty);
  return {
    kind: 'json',
    columns: jsonColumnsOf(list),
    rows: list.slice(0, PREVIEW_ROWS),
    rowCount: list.length,
    // As the server tells them: one Google review makes the file Google's.
    detected: list.some(isGoogleReview) ? 'google' : 'csv',
  };
}

/** Reads a file's text as its kind says; throws ImportFileProblem with the reason to show. */
export function readImportText(kind: FileKind, text: string): ReadImportFile {
  return kind === 'csv' ? readCsv(text) : readJson(text);
}

/** Reads a chosen file: its bytes as UTF-8 (as the server takes them), then as its kind says. */
export async function readImportFile(file: Blob, kind: FileKind): Promise<ReadImportFile> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new ImportFileProblem(TEXT.notUtf8);
  }
  return readImportText(kind, text);
}
