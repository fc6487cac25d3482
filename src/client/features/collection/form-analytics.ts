// What the collection form counts (docs/product/analytics.md#what-the-widget-and-the-form-send): a view when the form
// opens, with how the visitor came (collectionSourceOf: the link, the QR code, a request email, the Wall of Love),
// and a start at the first field touched, once per page view. The same beacon and the same rule as the widget's
// (src/widget/attention.ts): nothing with Do Not Track or Global Privacy Control, no cookie, no storage.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { collectionSourceOf } from '../../../shared/analytics';
import { recordAnalyticsEvents } from '../../../shared/contracts/analytics';
import type { AnalyticsEvent } from '../../../shared/schemas/analytics';
import { beacon, counted } from '../../../widget/attention';

/**
 * Sends the form's view once `shown` (the business is loaded); returns the handler of the form's focus and input,
 * which sends its start the first time.
 */
export function useFormAnalytics(slug: string, shown: boolean): () => void {
  const { pathname, search } = useLocation();
  const sent = useRef({ view: false, start: false });
  const send = (event: AnalyticsEvent) => {
    // Same origin: the form's page is served by the Vouchly server. Only the path, never the query (a request's token).
    if (counted())
      beacon(recordAnalyticsEvents.path, {
        slug,
        page: `${window.location.origin}${pathname}`,
        events: [event],
      });
  };

  useEffect(() => {
    if (!shown || sent.current.view) return;
    sent.current.view = true;
    send({ type: 'form_view', source: collectionSourceOf(new URLSearchParams(search)) });
    // Once per page view: a later change of the address is not a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  return () => {
    if (sent.current.start) return;
    sent.current.start = true;
    send({ type: 'form_start' });
  };
}
