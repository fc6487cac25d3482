// The tables of the Analytics screen (docs/product/analytics.md#the-analytics-screen): where the widget was seen,
// the testimonials by attention, per widget, per source and per action. Each is a card named by its heading; on a
// phone a table wider than the screen scrolls sideways inside its card.
import { useId, type ReactNode } from 'react';
import { collectionSources } from '../../../../shared/analytics';
import type { AnalyticsReport } from '../../../../shared/schemas/analytics';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { formatCount, formatRate, interactionRate } from '../../../lib/analytics';
import { cn } from '../../../lib/utils';
import { formatDuration, INTERACTION_LABEL, SOURCE_LABEL, TEXT } from '../texts';

type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A count: right-aligned, with tabular figures. */
  numeric?: boolean;
};

function ReportTable<Row>({
  title,
  description,
  columns,
  rows,
  rowKey,
  stackOnPhone,
  className,
}: {
  title: string;
  description?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Too wide for a phone: there the counts go under the first column, one line, instead of columns. */
  stackOnPhone?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="pt-4">
        {rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {TEXT.noneInRange}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby={id} className="w-full text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.header}
                      scope="col"
                      className={cn(
                        'py-2 pr-3 font-medium last:pr-0',
                        column.numeric && 'text-right',
                        stackOnPhone && column.numeric && 'hidden sm:table-cell',
                      )}
                    >
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column, index) => (
                      <td
                        key={column.header}
                        className={cn(
                          'py-2 pr-3 align-top last:pr-0',
                          column.numeric && 'text-right whitespace-nowrap tabular-nums',
                          stackOnPhone && column.numeric && 'hidden sm:table-cell',
                        )}
                      >
                        {column.cell(row)}
                        {stackOnPhone && index === 0 ? (
                          <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground sm:hidden">
                            {columns
                              .filter((other) => other.numeric)
                              .map((other) => (
                                <span key={other.header}>
                                  {other.header}:{' '}
                                  <span className="font-medium text-foreground tabular-nums">
                                    {other.cell(row)}
                                  </span>
                                </span>
                              ))}
                          </span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type Testimonial = AnalyticsReport['testimonials'][number];

export function ReportTables({ report }: { report: AnalyticsReport }) {
  const views = new Map(report.sources.map((row) => [row.source, row.formViews]));
  const sources = collectionSources.map((source) => ({
    source,
    formViews: views.get(source) ?? 0,
  }));
  const interactions = [...report.interactions].sort((a, b) => b.count - a.count);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ReportTable
        title="Testimonials by attention"
        description="The cards people saw most, opened with Read more, and kept on screen."
        className="lg:col-span-2"
        stackOnPhone
        rows={report.testimonials}
        rowKey={(row) => row.id}
        columns={
          [
            {
              header: 'Testimonial',
              cell: (row) => (
                <>
                  <span className="block font-medium">{row.authorName}</span>
                  <span className="line-clamp-2 text-muted-foreground">{row.excerpt}</span>
                </>
              ),
            },
            { header: 'Impressions', numeric: true, cell: (row) => formatCount(row.impressions) },
            { header: 'Read more', numeric: true, cell: (row) => formatCount(row.readMore) },
            {
              header: 'Time on screen',
              numeric: true,
              cell: (row) => formatDuration(row.msOnScreen),
            },
          ] satisfies Column<Testimonial>[]
        }
      />
      <ReportTable
        title="Top pages"
        description="Where your widget was seen."
        rows={report.pages}
        rowKey={(row) => row.page}
        columns={[
          { header: 'Page', cell: (row) => <span className="wrap-anywhere">{row.page}</span> },
          { header: 'Impressions', numeric: true, cell: (row) => formatCount(row.impressions) },
        ]}
      />
      <ReportTable
        title="Per widget"
        rows={report.widgets}
        rowKey={(row) => row.widget}
        columns={[
          { header: 'Widget', cell: (row) => <span className="wrap-anywhere">{row.widget}</span> },
          { header: 'Impressions', numeric: true, cell: (row) => formatCount(row.impressions) },
          { header: 'Interactions', numeric: true, cell: (row) => formatCount(row.interactions) },
          {
            header: 'Interaction rate',
            numeric: true,
            cell: (row) => formatRate(interactionRate(row)),
          },
        ]}
      />
      <ReportTable
        title="Per source"
        description="How visitors reached your collection form."
        rows={sources}
        rowKey={(row) => row.source}
        columns={[
          { header: 'Source', cell: (row) => SOURCE_LABEL[row.source] },
          { header: 'Form views', numeric: true, cell: (row) => formatCount(row.formViews) },
        ]}
      />
      <ReportTable
        title="Interactions by action"
        description="What visitors did on your widget."
        rows={interactions}
        rowKey={(row) => row.action}
        columns={[
          { header: 'Action', cell: (row) => INTERACTION_LABEL[row.action] },
          { header: 'Count', numeric: true, cell: (row) => formatCount(row.count) },
        ]}
      />
    </div>
  );
}
