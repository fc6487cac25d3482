// The moderation screen's heading (focused after a delete, scrolled to on a
// page change), its total, the way to the Import screen and the CSV and JSON
// export links.
import { Download, Upload } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { appPages } from '../../../../shared/app-pages';
import {
  exportTestimonialsCsv,
  exportTestimonialsJson,
} from '../../../../shared/contracts/testimonials';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

export function ListHeader({
  headingRef,
  total,
  loading,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  /** Every testimonial of the business, once known. */
  total: number | undefined;
  loading: boolean;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight outline-none"
          >
            Testimonials
          </h1>
          {total !== undefined ? (
            <span className="rounded-full bg-accent px-2.5 py-1 text-sm font-semibold text-accent-foreground">
              {total} total
            </span>
          ) : loading ? (
            <Skeleton className="h-7 w-16 rounded-full" />
          ) : null}
        </div>
        <p className="mt-2 text-pretty text-muted-foreground">
          Approve what your widget shows, edit details, and keep your collection tidy.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={appPages.importTestimonials}>
            <Upload aria-hidden="true" />
            Import
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={exportTestimonialsCsv.path} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={exportTestimonialsJson.path} download>
            <Download aria-hidden="true" />
            Export JSON
          </a>
        </Button>
      </div>
    </header>
  );
}
