// Above the list: the status tabs with their counts and the search box. Sits
// inside the page's <Tabs>, which holds the chosen filter.
import { Search } from 'lucide-react';
import {
  TESTIMONIAL_LIMITS,
  type TestimonialCounts,
} from '../../../../shared/schemas/testimonials';
import { Input } from '../../../components/ui/input';
import { TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { StatusFilter } from '../../../lib/testimonials';
import type { DebouncedSearch } from '../../../lib/use-debounced-search';
import { statusFilters } from '../hooks/use-list-address';

const filterNames: Record<StatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

function tabLabel(filter: StatusFilter, counts: TestimonialCounts | undefined): string {
  if (filter === 'all' || !counts) return filterNames[filter];
  return `${filterNames[filter]} (${counts[filter]})`;
}

export function ListToolbar({
  counts,
  search,
}: {
  counts: TestimonialCounts | undefined;
  search: DebouncedSearch;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <TabsList
        aria-label="Filter by status"
        className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto"
      >
        {statusFilters.map((filter) => (
          <TabsTrigger key={filter} value={filter} className="tabular-nums">
            {tabLabel(filter, counts)}
          </TabsTrigger>
        ))}
      </TabsList>
      <div className="relative w-full md:max-w-xs">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <label htmlFor="testimonial-search" className="sr-only">
          Search testimonials
        </label>
        <Input
          id="testimonial-search"
          type="search"
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          placeholder="Search by author, text or tag"
          maxLength={TESTIMONIAL_LIMITS.listQueryMax}
          className="pl-9"
        />
      </div>
    </div>
  );
}
