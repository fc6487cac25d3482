// "Recent imports" (docs/product/testimonials.md#import-screen): the latest imports with their counts and the photos
// fetched for them in the background, and every photo that could not be fetched, with its reason. The list is read
// again every few seconds while a photo is still being fetched (api.ts).
import { FORMAT_LABELS, importFormats } from '../../../../shared/import-formats';
import type { ImportRun } from '../../../../shared/schemas/imports';
import { CardEmpty, CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { useImportRuns } from '../api';
import { runLines, TEXT } from '../texts';

/** Up to this many photo failures show at once; more wait behind their summary. */
const FAILURES_OPEN = 5;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const formatLabel = (format: string) =>
  FORMAT_LABELS[importFormats.find((known) => known === format) ?? 'csv'];

export function RecentImports() {
  const runs = useImportRuns();
  return (
    <SettingsSection id="recent-imports" title={TEXT.runsTitle} description={TEXT.runsDescription}>
      {runs.isPending ? (
        <Skeleton className="h-24 w-full" aria-label={TEXT.runsLoading} />
      ) : runs.isError ? (
        <CardLoadError what="your recent imports" onRetry={() => void runs.refetch()} />
      ) : runs.data.runs.length === 0 ? (
        <CardEmpty title={TEXT.runsEmptyTitle}>{TEXT.runsEmptyText}</CardEmpty>
      ) : (
        <ul aria-label={TEXT.runsTitle} className="grid divide-y divide-border">
          {runs.data.runs.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function RunItem({ run }: { run: ImportRun }) {
  const { photos } = run;
  const fetching = photos.done < photos.queued;
  const fetched = Math.max(0, photos.done - photos.failures.length);
  const date = new Date(run.createdAt);
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">
          {formatLabel(run.format)}
          <span className="text-muted-foreground"> · </span>
          <time dateTime={run.createdAt} className="font-normal text-muted-foreground">
            {Number.isNaN(date.getTime()) ? run.createdAt : dateTime.format(date)}
          </time>
        </p>
        <p className="text-sm tabular-nums">
          {runLines.counts(run.imported, run.duplicates, run.failed)}
        </p>
      </div>
      <p className="text-sm text-muted-foreground" aria-live={fetching ? 'polite' : undefined}>
        {photos.queued === 0
          ? runLines.noPhotos
          : fetching
            ? runLines.photosFetching(photos.done, photos.queued)
            : runLines.photosDone(fetched, photos.queued)}
      </p>
      {photos.failures.length > 0 ? (
        <details className="text-sm" open={photos.failures.length <= FAILURES_OPEN}>
          <summary className="cursor-pointer font-medium text-red-700 dark:text-red-300">
            {TEXT.photoFailuresTitle} ({photos.failures.length})
          </summary>
          <ul className="mt-2 grid gap-2">
            {photos.failures.map((failure, index) => (
              <li key={index} className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
                <span className="font-medium">
                  <span className="sr-only">{TEXT.photoAuthor}: </span>
                  {failure.authorName}
                </span>
                <span className="break-all text-muted-foreground">
                  <span className="sr-only">{TEXT.photoUrl}: </span>
                  {failure.url}
                </span>
                <span>
                  <span className="sr-only">{TEXT.photoReason}: </span>
                  {failure.reason}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
