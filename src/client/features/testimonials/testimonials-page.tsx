// /testimonials (docs/product/testimonials.md#testimonials-screen): filter tabs with counts, a
// search over author, text and tags, sort, rating, date and source filters, paged cards with their actions, bulk
// actions on a selection, CSV/JSON export, and the notice of a burst of
// submissions with its one action (components/burst-notice.tsx). Filter, search and page live in
// the address (hooks/use-list-address.ts), so a reload or a shared link shows the same list.
import { useRef } from 'react';
import { PageColumn } from '../../components/page-column';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { Tabs, TabsContent } from '../../components/ui/tabs';
import { productName } from '../../lib/product';
import { useTestimonialList } from './api';
import { BurstNotice } from './components/burst-notice';
import { ListBody } from './components/list-body';
import { ListFilters } from './components/list-filters';
import { ListHeader } from './components/list-header';
import { ListResults } from './components/list-results';
import { ListToolbar } from './components/list-toolbar';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import {
  ratingQuery,
  readFilter,
  statusFilters,
  useListAddress,
  usePageRepair,
} from './hooks/use-list-address';
import { usePageSelection } from './hooks/use-page-selection';

const PAGE_SIZE = 10;

export function TestimonialsPage() {
  const { status, q, page, sort, rating, from, to, source, show } = useListAddress();
  // A start after the end is said under the fields and not sent.
  const range = from && to && from > to ? {} : { from, to };
  const list = useTestimonialList({
    status,
    q,
    page,
    pageSize: PAGE_SIZE,
    sort,
    ...ratingQuery(rating),
    ...range,
    source,
  });
  const { data } = list;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  usePageRepair({ page, pageCount, settled: data !== undefined && !list.isPlaceholderData, show });
  const search = useDebouncedSearch(q, (next) => show({ q: next }));
  const selection = usePageSelection(
    [status, q, page, sort, rating, from, to, source].join('|'),
    data?.items ?? [],
  );

  const unauthorized = useEndSessionOnUnauthorized('page', list);

  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <PageColumn>
      <title>{`Testimonials · ${productName}`}</title>
      <ListHeader headingRef={headingRef} total={data?.counts.all} loading={list.isPending} />
      <BurstNotice />
      <Tabs
        value={status}
        onValueChange={(value) => show({ status: readFilter(value) })}
        className="mt-8"
        activationMode="manual"
      >
        <ListToolbar counts={data?.counts} search={search} />
        <ListFilters
          sort={sort}
          rating={rating}
          from={from}
          to={to}
          source={source}
          sources={data?.sources}
          show={show}
        />
        {statusFilters.map((filter) => (
          <TabsContent key={filter} value={filter} className="mt-6 focus-visible:outline-offset-4">
            <ListBody
              filter={filter}
              searching={q !== ''}
              pending={list.isPending}
              data={data}
              unauthorized={unauthorized}
              onRetry={() => void list.refetch()}
            >
              {(shown) => (
                <ListResults
                  data={shown}
                  busy={list.isFetching}
                  selection={selection}
                  page={Math.min(page, pageCount)}
                  pageCount={pageCount}
                  onPageChange={(next) => {
                    show({ page: next });
                    headingRef.current?.scrollIntoView({ block: 'start' });
                  }}
                  onDeleted={() => headingRef.current?.focus()}
                />
              )}
            </ListBody>
          </TabsContent>
        ))}
      </Tabs>
    </PageColumn>
  );
}
