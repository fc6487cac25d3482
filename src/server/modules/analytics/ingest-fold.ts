// How raw events fold into the daily rollups (metrics.ts): each event adds to its metric's day total
// (dimension '') and to the rows that split it, per widget, page, testimonial, action or source.
import type { RawEvent } from './ingest-rules.js';
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

  add(row: Pick<RawEvent, 'businessId' | 'day'>, metric: Metric, dimension: string, count = 1) {
    const key = JSON.stringify([row.businessId, row.day, metric, dimension]);
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

  /** Adds what one raw event counts for. */
  fold(row: RawEvent): void {
    switch (row.type) {
      case 'impression':
        this.add(row, metrics.impressions, TOTAL);
        if (row.widget !== null) this.add(row, metrics.impressions, row.widget);
        if (row.page !== null) this.add(row, metrics.pageImpressions, row.page);
        break;
      case 'card':
        if (row.testimonialId !== null) this.add(row, metrics.cardImpressions, row.testimonialId);
        break;
      case 'time':
        if (row.testimonialId !== null && row.ms !== null)
          this.add(row, metrics.cardMs, row.testimonialId, row.ms);
        break;
      case 'interaction':
        this.add(row, metrics.interactions, TOTAL);
        if (row.action !== null) this.add(row, metrics.interactions, row.action);
        if (row.widget !== null) this.add(row, metrics.widgetInteractions, row.widget);
        if (row.action === 'read_more' && row.testimonialId !== null)
          this.add(row, metrics.readMore, row.testimonialId);
        break;
      case 'form_view':
        this.add(row, metrics.formViews, TOTAL);
        if (row.source !== null) this.add(row, metrics.formViews, row.source);
        break;
      case 'form_start':
        this.add(row, metrics.formStarts, TOTAL);
        break;
      case 'submission':
        this.add(row, metrics.submissions, TOTAL);
        break;
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
