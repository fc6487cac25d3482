// An import under way and its result (docs/product/testimonials.md#import-screen): the file's upload with its progress,
// then "Importing..." until the server answers; then how many testimonials arrived, with the way to them, the
// rows skipped and the photos still being fetched.
import { CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { appPages } from '../../../../shared/app-pages';
import type { ImportReport } from '../../../../shared/schemas/imports';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import type { ImportProgress as Progressing } from '../api';
import { resultLines, TEXT } from '../texts';

export function ImportProgress({ progress }: { progress: Progressing }) {
  const uploading = progress.phase === 'uploading';
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{uploading ? TEXT.uploading : TEXT.importing}</p>
      <Progress
        value={uploading ? Math.round(progress.fraction * 100) : null}
        aria-label={TEXT.progressLabel}
        aria-valuetext={
          uploading ? `${Math.round(progress.fraction * 100)}% uploaded` : TEXT.importing
        }
      />
    </div>
  );
}

export function ImportResult({
  report,
  status,
  onAnother,
  titleRef,
}: {
  report: ImportReport;
  /** Focused when the result appears (import-page.tsx). */
  titleRef?: Ref<HTMLParagraphElement>;
  status: 'pending' | 'approved';
  onAnother: () => void;
}) {
  const failed = report.failed.length + report.failedNotListed;
  const testimonials =
    status === 'pending' ? `${appPages.testimonials}?status=pending` : appPages.testimonials;
  return (
    <div className="grid gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900/70 dark:bg-emerald-950/30">
      <div className="flex items-start gap-2.5">
        <CircleCheck
          className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300"
          aria-hidden="true"
        />
        <div className="grid gap-1">
          <p
            ref={titleRef}
            tabIndex={-1}
            className="font-semibold text-emerald-900 outline-none dark:text-emerald-100"
          >
            {resultLines.title(report.imported)}
          </p>
          <ul className="grid gap-1 text-sm text-emerald-900/90 dark:text-emerald-100/90">
            {report.imported > 0 ? (
              <li>{status === 'pending' ? resultLines.pending : resultLines.approved}</li>
            ) : null}
            {report.duplicates > 0 ? <li>{resultLines.duplicates(report.duplicates)}</li> : null}
            {failed > 0 ? <li>{resultLines.failed(failed)}</li> : null}
            {report.photosQueued > 0 ? <li>{resultLines.photos(report.photosQueued)}</li> : null}
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {report.imported > 0 ? (
          <Button asChild>
            <Link to={testimonials}>
              {status === 'pending' ? TEXT.viewPending : TEXT.viewTestimonials}
            </Link>
          </Button>
        ) : null}
        <Button variant="outline" onClick={onAnother}>
          {TEXT.importAnother}
        </Button>
      </div>
    </div>
  );
}
