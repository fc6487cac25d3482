// The collection funnel (docs/product/analytics.md#the-analytics-screen): form views → starts → submissions →
// approved, as a table whose counts carry plain HTML bars. The table is the chart: a screen reader reads its rows,
// and the bars (hidden from it) show the same numbers at a glance, in either theme, at any width.
import type { AnalyticsReportTotals } from '../../../../shared/schemas/analytics';
import { formatCount } from '../../../lib/analytics';

const STEPS = [
  { key: 'formViews', label: 'Form views' },
  { key: 'formStarts', label: 'Started the form' },
  { key: 'submissions', label: 'Submissions' },
  { key: 'approved', label: 'Approved' },
] as const;

/** A step's share of the form views, in whole percents ("—" without views). */
function shareOfViews(count: number, views: number): string {
  if (views === 0) return '—';
  const percent = Math.round((count / views) * 100);
  // 6 approved of 1,535 views is not nothing.
  return percent === 0 && count > 0 ? '<1%' : `${percent}%`;
}

export function Funnel({ totals, caption }: { totals: AnalyticsReportTotals; caption: string }) {
  const widest = Math.max(1, ...STEPS.map((step) => totals[step.key]));
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Step
          </th>
          <th scope="col" className="w-1/2 py-2 pr-3 font-medium">
            Count
          </th>
          <th scope="col" className="py-2 text-right font-medium whitespace-nowrap">
            Of views
          </th>
        </tr>
      </thead>
      <tbody>
        {STEPS.map((step) => {
          const count = totals[step.key];
          return (
            <tr key={step.key}>
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                {step.label}
              </th>
              <td className="py-2 pr-3">
                <div className="flex items-center gap-2">
                  <div
                    aria-hidden="true"
                    className="h-3 flex-1 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full rounded-full bg-[var(--chart-1)]"
                      style={{ width: `${(count / widest) * 100}%` }}
                    />
                  </div>
                  <span className="w-14 text-right font-semibold tabular-nums">
                    {formatCount(count)}
                  </span>
                </div>
              </td>
              <td className="py-2 text-right text-muted-foreground tabular-nums">
                {shareOfViews(count, totals.formViews)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
