// Importing testimonials from a file: the owner's Import screen and the public API v1 take the same query and
// answer the same report (docs/product/imports.md). The body is the file, read as it streams in: the contracts
// declare no body schema, and the document says what it is.
import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importReportSchema,
  importRunListSchema,
} from '../schemas/imports.js';

const fileBody = z
  .string()
  .describe(
    `The file, as the request's whole body: CSV (\`Content-Type: text/csv\`, a header row first) or JSON ` +
      `(\`application/json\`: a list of flat objects, or of Google reviews, or \`{ "reviews": [...] }\`), ` +
      `UTF-8, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  );

export const importFile = defineContract({
  method: 'POST',
  path: '/api/imports',
  access: 'paid',
  summary: 'Imports the testimonials of a CSV or JSON file; with dryRun, only checks it.',
  query: importQuerySchema,
  response: { 200: importReportSchema },
  document: { body: fileBody, consumes: ['text/csv', 'application/json'] },
});

export const listImportRuns = defineContract({
  method: 'GET',
  path: '/api/imports',
  access: 'paid',
  summary: "The business's latest imports, newest first, with the report of their photos.",
  response: { 200: importRunListSchema },
});

export const importApiFile = defineContract({
  method: 'POST',
  path: '/api/v1/imports',
  access: 'apiKey',
  summary:
    'Imports the good rows of a CSV or JSON file of testimonials; with dryRun, only checks it.',
  query: importQuerySchema,
  response: { 200: importReportSchema },
  document: { body: fileBody, consumes: ['text/csv', 'application/json'] },
});
