// Answers of the import endpoints for the Import screen's component tests, valid by the shared schemas.
import type { ImportReport, ImportRun } from '../../shared/schemas/imports';

let sequence = 0;

export function createImportReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    imported: 2,
    duplicates: 0,
    failed: [],
    failedNotListed: 0,
    format: 'csv',
    photosQueued: 0,
    ...overrides,
  };
}

export function createImportRun(overrides: Partial<ImportRun> = {}): ImportRun {
  sequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    format: 'csv',
    imported: 2,
    duplicates: 0,
    failed: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    photos: { queued: 0, done: 0, failures: [] },
    ...overrides,
  };
}
