// Importing testimonials from a file (docs/product/imports.md): each row read, checked and keyed as it streams in,
// stored 500 at a time, all in one transaction, so that a file that turns out unreadable halfway stores nothing.
// A row already here (the same key from the same source) counts as a duplicate; a dry run answers the same report
// and stores nothing. Photo URLs are fetched afterwards, on the job queue (jobs.ts).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  checkImportRow,
  keyOfSourceId,
  SOURCE_OF_FORMAT,
  trustpilotReviewUrl,
  type ImportCandidate,
} from '../../../shared/import-formats.js';
import {
  IMPORT_FAILED_ROWS_LISTED,
  IMPORT_RUNS_LISTED,
  type ImportQuery,
  type ImportReport,
  type ImportRun,
} from '../../../shared/schemas/imports.js';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/executor.js';
import type { ImportRunRow } from '../../db/schema.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { invalidateWidget } from '../widget/events.js';
import { fetchImportedPhotoJob } from './jobs.js';
import { readImportFile, type ImportFileKind } from './read-file.js';
import * as repository from './repository.js';

/** Rows stored per INSERT: about 7,000 parameters, well under PostgreSQL's 65,535. */
const BATCH_ROWS = 500;

type Keyed = { candidate: ImportCandidate; key: string };

/** The source's own id, or a hash of who wrote what when: a row's identity across imports of the same file. */
function rowKey(candidate: ImportCandidate): string {
  if (candidate.sourceId !== null) return keyOfSourceId(candidate.sourceId);
  const identity = JSON.stringify([
    candidate.authorName,
    candidate.content,
    candidate.submittedAt?.toISOString() ?? '',
  ]);
  return `sha256:${createHash('sha256').update(identity).digest('hex').slice(0, 40)}`;
}

export async function importFile(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  file: { body: Readable; kind: ImportFileKind },
  query: ImportQuery,
): Promise<ImportReport> {
  const { db, clock } = deps;
  const now = clock();
  const { format, rows } = await readImportFile(file.body, file.kind, query.format, query.mapping);
  const source = SOURCE_OF_FORMAT[format];
  const report: ImportReport = {
    imported: 0,
    duplicates: 0,
    failed: [],
    failedNotListed: 0,
    format,
    photosQueued: 0,
  };
  const photos: { testimonialId: string; url: string }[] = [];
  const seen = new Set<string>();

  const store = async (executor: Executor, batch: Keyed[]) => {
    if (query.dryRun) {
      const here = await repository.existingKeys(
        executor,
        businessId,
        source,
        batch.map((item) => item.key),
      );
      report.duplicates += here.size;
      report.imported += batch.length - here.size;
      return;
    }
    const inserted = await repository.insertNew(
      executor,
      batch.map(({ candidate, key }) => ({
        businessId,
        authorName: candidate.authorName,
        authorEmail: candidate.authorEmail,
        authorBusinessName: candidate.authorBusinessName,
        authorLocation: candidate.authorLocation,
        content: candidate.content,
        rating: candidate.rating,
        tags: candidate.tags,
        status: query.status,
        submittedAt: candidate.submittedAt ?? now,
        approvedAt: query.status === 'approved' ? now : null,
        source,
        sourceUrl: candidate.sourceUrl ?? linkOf(format, candidate),
        sourceKey: key,
      })),
    );
    report.imported += inserted.length;
    report.duplicates += batch.length - inserted.length;
    const idOfKey = new Map(inserted.map((row) => [row.sourceKey, row.id]));
    for (const { candidate, key } of batch) {
      const id = idOfKey.get(key);
      if (id !== undefined && candidate.photoUrl !== null)
        photos.push({ testimonialId: id, url: candidate.photoUrl });
    }
  };

  const readAndStore = async (executor: Executor) => {
    let batch: Keyed[] = [];
    for await (const { row, raw } of rows) {
      const checked = checkImportRow(raw, now);
      if (!checked.ok) {
        if (report.failed.length < IMPORT_FAILED_ROWS_LISTED)
          report.failed.push({ row, reason: checked.reason });
        else report.failedNotListed += 1;
        continue;
      }
      const key = rowKey(checked.candidate);
      if (seen.has(key)) {
        report.duplicates += 1;
        continue;
      }
      seen.add(key);
      batch.push({ candidate: checked.candidate, key });
      if (batch.length === BATCH_ROWS) {
        await store(executor, batch);
        batch = [];
      }
    }
    await store(executor, batch);
  };

  if (query.dryRun) {
    await readAndStore(db);
    return report;
  }
  await db.transaction(async (tx) => {
    await readAndStore(tx);
    if (report.imported === 0) return;
    const run = await repository.createRun(tx, {
      businessId,
      format,
      imported: report.imported,
      duplicates: report.duplicates,
      failed: report.failed.length + report.failedNotListed,
      photosQueued: photos.length,
      createdAt: now,
    });
    await enqueueJobs(
      tx,
      fetchImportedPhotoJob,
      photos.map((photo) => ({ payload: { runId: run.id, ...photo } })),
      now,
    );
  });
  report.photosQueued = photos.length;
  if (query.status === 'approved' && report.imported > 0) await invalidateWidget(db, businessId);
  return report;
}

/** The address of the original where the format knows how to make it from the source's id. */
function linkOf(format: string, candidate: ImportCandidate): string | null {
  return format === 'trustpilot' && candidate.sourceId !== null
    ? trustpilotReviewUrl(candidate.sourceId)
    : null;
}

const toImportRun = (row: ImportRunRow): ImportRun => ({
  id: row.id,
  format: row.format,
  imported: row.imported,
  duplicates: row.duplicates,
  failed: row.failed,
  createdAt: row.createdAt.toISOString(),
  photos: { queued: row.photosQueued, done: row.photosDone, failures: row.photoFailures },
});

export async function listImportRuns(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
): Promise<{ runs: ImportRun[] }> {
  return { runs: (await repository.listRuns(db, businessId, IMPORT_RUNS_LISTED)).map(toImportRun) };
}
