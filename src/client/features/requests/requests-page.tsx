// /requests (docs/product/requests.md#the-requests-screen; behind the paid-access gate): asking
// customers for a testimonial by email. The requests so far with their totals,
// the form that asks more, and the message they get. A 401 from a read ends
// the session like on the other owner pages.
import { useCallback, useState } from 'react';
import type { RequestStatus } from '../../../shared/schemas/requests';
import { PageColumn } from '../../components/page-column';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { productName } from '../../lib/product';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useRequestList, useRequestSettings } from './api';
import { AskCustomers } from './components/ask-customers';
import { RequestList } from './components/request-list';
import { RequestMessage } from './components/request-message';
import { TEXT } from './texts';

export function RequestsPage() {
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const [q, setQ] = useState('');
  const search = useDebouncedSearch(q, setQ);
  const list = useRequestList({ status, q });
  const settings = useRequestSettings();
  const sessionEnded = useEndSessionOnUnauthorized('page', list, settings);
  const [firstName, setFirstName] = useState('');
  const onFirstName = useCallback((name: string) => setFirstName(name), []);

  return (
    // A wide page: the list and the message with its preview side by side.
    <PageColumn>
      <title>{`${TEXT.pageTitle} · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.pageTitle}</h1>
        <p className="mt-2 max-w-prose text-pretty text-muted-foreground">{TEXT.pageLead}</p>
      </header>
      <div className="mt-8 grid gap-6">
        <RequestList
          list={list}
          status={status}
          search={search}
          onStatus={setStatus}
          sessionEnded={sessionEnded}
        />
        <AskCustomers onFirstName={onFirstName} />
        <RequestMessage previewName={firstName} />
      </div>
    </PageColumn>
  );
}
