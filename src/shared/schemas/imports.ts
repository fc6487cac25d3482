// Importing testimonials from a file (docs/product/imports.md): the query both import calls take, and the report they
// answer. The file itself is the request's body, CSV or JSON, read as it streams in.
import { z } from 'zod';
import { importFields, importFormats, type ImportMapping } from '../import-formats.js';
import { emptyAsUnset } from './testimonials.js';

/** Largest file one call imports. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The failed rows a report lists; past this it says how many more there were. */
export const IMPORT_FAILED_ROWS_LISTED = 1000;

const mappingSchema = z
  .string()
  .max(4000, 'Mapping is too long')
  .transform((text, context): ImportMapping => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'Mapping must be a JSON object' });
      return z.NEVER;
    }
    const result = z.partialRecord(z.enum(importFields), z.string().max(200)).safeParse(parsed);
    if (!result.success) {
      context.addIssue({
        code: 'custom',
        message:
          'Mapping must name a column (or "" for none) for fields among: ' +
          importFields.join(', '),
      });
      return z.NEVER;
    }
    return result.data;
  });

export const importQuerySchema = z.object({
  /** Which export the file is; `auto` reads it from the header row or the JSON's shape. */
  format: z.preprocess(
    emptyAsUnset,
    z
      .enum(importFormats, { error: `Format must be one of ${importFormats.join(', ')}` })
      .default('auto'),
  ),
  /** The status the testimonials arrive in. */
  status: z.preprocess(
    emptyAsUnset,
    z
      .enum(['pending', 'approved'], { error: 'Status must be pending or approved' })
      .default('pending'),
  ),
  /** `true`: the same report, and nothing stored. */
  dryRun: z.preprocess(
    emptyAsUnset,
    z
      .enum(['true', 'false'], { error: 'dryRun must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  /**
   * Optional, for CSV and flat JSON: which column fills which field, as a JSON object such as
   * `{"text":"Review","name":"Customer","email":""}`; `""` leaves a field out, and fields the mapping does not name
   * keep the format's own columns.
   */
  mapping: z.preprocess(emptyAsUnset, mappingSchema.optional()),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const importReportSchema = z.object({
  /** Testimonials stored (with dryRun: that would be stored). */
  imported: z.number().int(),
  /** Rows already here, from an earlier import of the same rows, or twice in this file. */
  duplicates: z.number().int(),
  /** Rows not imported, numbered from 1 after the header (or from 1 in a JSON list), with the reason. */
  failed: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  /** Failed rows past the first 1000, counted and not listed. */
  failedNotListed: z.number().int(),
  /** The format the file was read as (what `auto` found). */
  format: z.enum(importFormats),
  /** Photo URLs of imported rows, fetched in the background after the answer. */
  photosQueued: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The latest imports the Import screen lists. */
export const IMPORT_RUNS_LISTED = 10;

export const importRunSchema = z.object({
  id: z.string(),
  format: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  photos: z.object({
    queued: z.number().int(),
    /** Fetched or given up on; equal to `queued` when the background work is over. */
    done: z.number().int(),
    failures: z.array(z.object({ authorName: z.string(), url: z.string(), reason: z.string() })),
  }),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunListSchema = z.object({ runs: z.array(importRunSchema) });
