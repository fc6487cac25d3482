// How raw events fold into the daily rollups (metrics.ts): each event of a beacon adds to its metric's day total
// (dimension '') and to the rows that split it, per widget, page, testimonial, action or source.
import type { RawBeacon } from './ingest-rules.js';
import { metrics, TOTAL, type Metric } from './metrics.js';

/** One row of analytics_daily to add to. */
export type Counter = {
  businessId: string;
  day: string;
  metric: Metric;
  dimension: string;
  count: number;
};

export class Rollups {
  private readonly counters = new Map<string, Counter>();

  add(row: Pick<RawBeacon, 'businessId' | 'day'>, metric: Metric, dimension: string, count = 1) {
    // Newlines cannot be in a business id, a day or a metric, so the key is unambiguous.
    const key = `${row.businessId}\n${row.day}\n${metric}\n${dimension}`;
    const counter = this.counters.get(key);
    if (counter) counter.count += count;
    else
      this.counters.set(key, {
        businessId: row.businessId,
        day: row.day,
        metric,
        dimension,
        count,
      });
  }

  /** Adds what the events of one raw beacon count for. */
  fold(beacon: RawBeacon): void {
    for (const event of beacon.events) {
      switch (event.type) {
        case 'impression':
          this.add(beacon, metrics.impressions, TOTAL);
          if (beacon.slug !== null) this.add(beacon, metrics.impressions, beacon.slug);
          if (beacon.page !== null) this.add(beacon, metrics.pageImpressions, beacon.page);
          break;
        case 'card':
          if (event.testimonialId !== undefined)
            this.add(beacon, metrics.cardImpressions, event.testimonialId);
          break;
        case 'time':
          if (event.testimonialId !== undefined && event.ms !== undefined)
            this.add(beacon, metrics.cardMs, event.testimonialId, event.ms);
          break;
        case 'interaction':
          this.add(beacon, metrics.interactions, TOTAL);
          if (event.action !== undefined) this.add(beacon, metrics.interactions, event.action);
          if (beacon.slug !== null) this.add(beacon, metrics.widgetInteractions, beacon.slug);
          if (event.action === 'read_more' && event.testimonialId !== undefined)
            this.add(beacon, metrics.readMore, event.testimonialId);
          break;
        case 'form_view':
          this.add(beacon, metrics.formViews, TOTAL);
          if (event.source !== undefined) this.add(beacon, metrics.formViews, event.source);
          break;
        case 'form_start':
          this.add(beacon, metrics.formStarts, TOTAL);
          break;
        case 'submission':
          this.add(beacon, metrics.submissions, TOTAL);
          break;
      }
    }
  }

  /**
   * The counters in one fixed order (business, day, metric, dimension), so two servers flushing at once lock the
   * same rows in the same order and cannot deadlock.
   */
  sorted(): Counter[] {
    return [...this.counters.values()].sort(
      (a, b) =>
        compare(a.businessId, b.businessId) ||
        compare(a.day, b.day) ||
        compare(a.metric, b.metric) ||
        compare(a.dimension, b.dimension),
    );
  }
}

/** Text in code-point order, the same on every server whatever its locale. */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
