// Under the status tabs: sort (newest, oldest, highest or lowest rating), a
// rating filter, a date range and, for a business with testimonials from more
// than one source, a source filter (docs/product/testimonials.md#testimonials-screen).
// Each control is labelled, at least 44 px tall, and the row wraps on a phone.
import { useId } from 'react';
import {
  DATE_RANGE_MESSAGE,
  FORM_SOURCE,
  type TestimonialSort,
} from '../../../../shared/schemas/testimonials';
import { sourceLabel } from '../../../../shared/testimonial-source';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { ListChanges, RatingFilter } from '../hooks/use-list-address';

const sortNames: Record<TestimonialSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'rating-high': 'Highest rating',
  'rating-low': 'Lowest rating',
};

const ratingNames: Record<RatingFilter, string> = {
  '': 'Any rating',
  '5': '5 stars',
  '4+': '4 stars and up',
  '4': '4 stars',
  '3': '3 stars',
  '2': '2 stars',
  '1': '1 star',
};

/**
 * The Source filter's choices (value, then name), or null while the business has testimonials from one source only
 * (and none is chosen): any source, the form, then the others by name. A chosen source the business no longer has
 * (a shared link, the last one deleted) stays choosable, so the filter can be seen and undone.
 */
function sourceChoices(
  sources: readonly (string | null)[],
  chosen: string,
): [value: string, name: string][] | null {
  const key = (value: string) => value.toLowerCase();
  // One choice per value: an API source spelled "form" is the form's choice (docs/product/testimonials.md#sources).
  const values = [
    ...new Map(sources.map((source) => source ?? FORM_SOURCE).map((v) => [key(v), v])).values(),
  ];
  if (chosen && !values.some((value) => key(value) === key(chosen))) values.push(chosen);
  if (values.length < 2 && !chosen) return null;
  const named = values.map((value): [string, string] => [
    value,
    value === FORM_SOURCE ? 'Your testimonial form' : sourceLabel(value),
  ]);
  const others = named
    .filter(([value]) => value !== FORM_SOURCE)
    .sort(([, a], [, b]) => a.localeCompare(b));
  return [['', 'Any source'], ...named.filter(([value]) => value === FORM_SOURCE), ...others];
}

export function ListFilters({
  sort,
  rating,
  from,
  to,
  source,
  sources,
  show,
}: {
  sort: TestimonialSort;
  rating: RatingFilter;
  from: string;
  to: string;
  /** The chosen source ('' for any). */
  source: string;
  /** The business's sources (null: the form), once the list has arrived. */
  sources: readonly (string | null)[] | undefined;
  show: (changes: ListChanges) => void;
}) {
  const id = useId();
  const rangeWrong = from !== '' && to !== '' && from > to;
  const choices = sourceChoices(sources ?? [], source);
  // The chosen source as the select spells it (the address may say "Google" for "google").
  const chosen = choices?.find(([value]) => value.toLowerCase() === source.toLowerCase())?.[0];
  return (
    <div className="mt-3">
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <ChoiceField
          label="Sort"
          value={sort}
          names={sortNames}
          onChange={(value) => show({ sort: value })}
        />
        <ChoiceField
          label="Rating"
          value={rating}
          names={ratingNames}
          onChange={(value) => show({ rating: value })}
        />
        <label className={fieldClass}>
          From
          <Input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => show({ from: event.target.value })}
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? `${id}-range` : undefined}
            className="h-11 dark:scheme-dark sm:w-44"
          />
        </label>
        <label className={fieldClass}>
          To
          <Input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => show({ to: event.target.value })}
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? `${id}-range` : undefined}
            className="h-11 dark:scheme-dark sm:w-44"
          />
        </label>
        {choices ? (
          <label className={fieldClass}>
            Source
            <Select
              value={chosen ?? ''}
              onChange={(event) => show({ source: event.target.value })}
              className="h-11 sm:w-44"
            >
              {choices.map(([value, name]) => (
                <option key={value} value={value}>
                  {name}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </div>
      {rangeWrong ? (
        <p id={`${id}-range`} role="alert" className="mt-2 text-sm text-destructive">
          {DATE_RANGE_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}

const fieldClass = 'grid min-w-0 gap-1 text-sm font-medium text-foreground';

/** A labelled select of one of `names`' keys. */
function ChoiceField<T extends string>({
  label,
  value,
  names,
  onChange,
}: {
  label: string;
  value: T;
  names: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <label className={fieldClass}>
      {label}
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-11 sm:w-44"
      >
        {(Object.entries(names) as [T, string][]).map(([choice, name]) => (
          <option key={choice} value={choice}>
            {name}
          </option>
        ))}
      </Select>
    </label>
  );
}
