// A page of testimonials: "Select all on this page" with the result count,
// the cards, the pager, and the bulk bar while something is selected.
import type { TestimonialList } from '../../../../shared/schemas/testimonials';
import { Checkbox } from '../../../components/ui/checkbox';
import type { PageSelection } from '../hooks/use-page-selection';
import { BulkBar } from './bulk-bar';
import { Pagination } from './pagination';
import { TestimonialCard } from './testimonial-card';

export function ListResults({
  data,
  busy,
  selection,
  page,
  pageCount,
  onPageChange,
  onDeleted,
}: {
  data: TestimonialList;
  /** A newer answer is on its way (the list shown may be the previous one). */
  busy: boolean;
  selection: PageSelection;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  onDeleted: () => void;
}) {
  const { items, total } = data;
  const { selectedIds, allOnPage, select, clear } = selection;
  return (
    <div className="grid gap-4" aria-busy={busy || undefined}>
      <div className="flex items-center gap-3 px-1">
        <Checkbox
          id="select-all"
          checked={allOnPage ? true : selectedIds.length > 0 ? 'indeterminate' : false}
          onCheckedChange={(checked) =>
            select(
              items.map((item) => item.id),
              checked === true,
            )
          }
        />
        <label htmlFor="select-all" className="text-sm font-medium">
          Select all on this page
        </label>
        <span className="ml-auto text-sm text-muted-foreground">
          {`${total} ${total === 1 ? 'result' : 'results'}`}
        </span>
      </div>
      <ul className="grid gap-4">
        {items.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard
              testimonial={testimonial}
              selected={selection.isSelected(testimonial.id)}
              onSelectedChange={(on) => select([testimonial.id], on)}
              onDeleted={onDeleted}
            />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />
      {selectedIds.length > 0 ? <BulkBar ids={selectedIds} onDone={clear} onClear={clear} /> : null}
    </div>
  );
}
