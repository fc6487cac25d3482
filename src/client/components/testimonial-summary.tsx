// What a testimonial says and who sent it: author photo (or initials), name,
// location, email, stars, date, status, where an imported one came from
// ("Imported from Google": the source's proper name, else as sent), the text, tags and photos. Shared by
// the dashboard and the testimonials screen, which add their own actions.
// Everything the customer wrote is rendered as text (docs/security.md rule 8).
import { EyeOff, Import, Mail, MapPin } from 'lucide-react';
import type { Testimonial, TestimonialStatus } from '../../shared/schemas/testimonials';
import { sourceLabel } from '../../shared/testimonial-source';
import { cn } from '../lib/utils';
import { AuthorAvatar } from './author-avatar';
import { ExpandableText } from './expandable-text';
import { StarRating } from './star-rating';
import { TestimonialPhotos } from './testimonial-photos';

const contentClasses = 'text-sm leading-relaxed break-words whitespace-pre-line text-foreground';

const statusStyles: Record<TestimonialStatus, { label: string; className: string }> = {
  pending: {
    label: 'Pending',
    className:
      'bg-amber-100 text-amber-900 ring-amber-600/20 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/25',
  },
  approved: {
    label: 'Approved',
    className:
      'bg-emerald-100 text-emerald-900 ring-emerald-600/20 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/25',
  },
  rejected: {
    label: 'Rejected',
    className:
      'bg-slate-200 text-slate-800 ring-slate-500/20 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/25',
  },
};

function TestimonialStatusBadge({
  status,
  className,
}: {
  status: TestimonialStatus;
  className?: string;
}) {
  const { label, className: tone } = statusStyles[status];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone,
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatTestimonialDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export function TestimonialSummary({
  testimonial,
  headingId,
  headingLevel = 'h3',
  showEmail = true,
  showStatus = true,
  clampContent = false,
  expandableContent = false,
  maxProductPhotos = 4,
  photoSize = 'md',
  className,
}: {
  testimonial: Testimonial;
  /** For the card's aria-labelledby. */
  headingId?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  showEmail?: boolean;
  showStatus?: boolean;
  /** Cut long text to a few lines (dashboard previews). */
  clampContent?: boolean;
  /** Cut long text to a few lines with a Show more / Show less button (moderation). */
  expandableContent?: boolean;
  maxProductPhotos?: number;
  photoSize?: 'sm' | 'md';
  className?: string;
}) {
  const Heading = headingLevel;
  const {
    authorName,
    authorEmail,
    authorLocation,
    authorBusinessName,
    rating,
    submittedAt,
    content,
    tags,
    source,
  } = testimonial;
  const where = [authorBusinessName, authorLocation].filter(Boolean).join(' · ');
  return (
    <div className={cn('grid min-w-0 gap-3', className)}>
      <div className="flex min-w-0 items-start gap-3">
        <AuthorAvatar name={authorName} imageUrl={testimonial.authorImageUrl} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <Heading id={headingId} className="min-w-0 font-semibold leading-tight break-words">
              {authorName}
            </Heading>
            {showStatus ? <TestimonialStatusBadge status={testimonial.status} /> : null}
            {source ? (
              <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                <Import className="size-3 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-all">Imported from {sourceLabel(source)}</span>
              </span>
            ) : null}
            {source && testimonial.goneFromSourceAt ? (
              <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                <EyeOff className="size-3 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-words">
                  Removed at {sourceLabel(source)}, hidden from your widget
                </span>
              </span>
            ) : null}
          </div>
          {where || (showEmail && authorEmail) ? (
            <div className="flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
              {where ? (
                <span className="inline-flex min-w-0 items-center gap-1">
                  <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 break-words">{where}</span>
                </span>
              ) : null}
              {showEmail && authorEmail ? (
                <span className="inline-flex min-w-0 items-center gap-1">
                  <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">Email: </span>
                  <span className="min-w-0 break-all">{authorEmail}</span>
                </span>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating rating={rating} />
            <time dateTime={submittedAt} className="text-xs text-muted-foreground">
              {formatTestimonialDate(submittedAt)}
            </time>
          </div>
        </div>
      </div>
      {expandableContent ? (
        <ExpandableText text={content} className={contentClasses} />
      ) : (
        <p className={cn(contentClasses, clampContent && 'line-clamp-4')}>{content}</p>
      )}
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <TestimonialPhotos
        testimonial={testimonial}
        maxProducts={maxProductPhotos}
        size={photoSize}
      />
    </div>
  );
}
