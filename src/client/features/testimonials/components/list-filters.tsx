// Under the status tabs: sort (newest, oldest, highest or lowest rating), a
// rating filter and a date range (docs/product/testimonials.md#testimonials-screen).
// Each control is labelled, at least 44 px tall, and the row wraps on a phone.
import { useId } from 'react';
import { DATE_RANGE_MESSAGE, type TestimonialSort } from '../../../../shared/schemas/testimonials';
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

export function ListFilters({
  sort,
  rating,
  from,
  to,
  show,
}: {
  sort: TestimonialSort;
  rating: RatingFilter;
  from: string;
  to: string;
  show: (changes: ListChanges) => void;
}) {
  const id = useId();
  const rangeWrong = from !== '' && to !== '' && from > to;
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
