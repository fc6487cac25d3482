import { PLAN } from '../../../../shared/constants';
import { productName } from '../../../lib/product';
import { cn } from '../../../lib/utils';

type Row = { platform: string; pricing: string; setup: string; bestFor: string; ours?: boolean };

const ROWS: Row[] = [
  {
    platform: 'Enterprise review platform',
    pricing: '$200+/month',
    setup: 'Time-consuming',
    bestFor: 'Multi-location chains',
  },
  {
    platform: 'Reputation management suite',
    pricing: '$399+/month',
    setup: 'Complex',
    bestFor: 'Large marketing teams',
  },
  {
    platform: 'E-commerce review app',
    pricing: '$299+/month',
    setup: 'Heavy',
    bestFor: 'High-volume online stores',
  },
  {
    platform: productName,
    pricing: PLAN.displayPrice,
    setup: 'Minutes',
    bestFor: 'Small businesses',
    ours: true,
  },
];

const COLUMNS: { label: string; key: keyof Omit<Row, 'ours'> }[] = [
  { label: 'Platform', key: 'platform' },
  { label: 'Pricing', key: 'pricing' },
  { label: 'Setup', key: 'setup' },
  { label: 'Best For', key: 'bestFor' },
];

function OursBadge() {
  return (
    <span className="whitespace-nowrap rounded-full bg-brand-600 px-2 py-0.5 text-[0.7rem] font-semibold text-white">
      You are here
    </span>
  );
}

export function ComparisonTable() {
  return (
    <section
      aria-labelledby="compare-title"
      className="mx-auto w-full max-w-5xl px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id="compare-title"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Big-platform results without the big-platform bill
        </h2>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">
          The large review platforms are built for enterprises. {productName} is built for you.
        </p>
      </div>
      {/* Phones: one card per platform. Larger screens: a table. Only one is displayed (and exposed) at a time. */}
      <ul className="mt-10 space-y-3 sm:hidden">
        {ROWS.map((row) => (
          <li
            key={row.platform}
            className={cn(
              'rounded-2xl border border-border bg-card p-5 shadow-sm',
              row.ours && 'border-brand-300 bg-brand-50 dark:border-brand-700 dark:bg-brand-950/50',
            )}
          >
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              {row.platform}
              {row.ours ? <OursBadge /> : null}
            </h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {COLUMNS.slice(1).map(({ label, key }) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className={cn(row.ours && 'font-semibold')}>{row[key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-10 hidden overflow-hidden rounded-2xl border border-border bg-card shadow-sm sm:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            {productName} compared with large review platforms by pricing, setup and who they suit
          </caption>
          <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              {COLUMNS.map(({ label }) => (
                <th key={label} scope="col" className="px-4 py-3 font-semibold md:px-6">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr
                key={row.platform}
                className={cn(
                  'border-t border-border',
                  row.ours &&
                    'bg-brand-50 font-semibold text-brand-900 dark:bg-brand-950/50 dark:text-brand-100',
                )}
              >
                <th scope="row" className="px-4 py-4 font-semibold md:px-6">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {row.platform}
                    {row.ours ? <OursBadge /> : null}
                  </span>
                </th>
                <td className="px-4 py-4 md:px-6">{row.pricing}</td>
                <td className="px-4 py-4 md:px-6">{row.setup}</td>
                <td className="px-4 py-4 md:px-6">{row.bestFor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-center text-xs text-muted-foreground">
        Typical starting prices of leading review platforms, per month.
      </p>
    </section>
  );
}
