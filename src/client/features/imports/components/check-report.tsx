// The report of a file's check (a dry run; docs/product/testimonials.md#import-screen): how many testimonials the import
// would bring, the rows already here, and the failed rows with their reasons; then the one button that imports,
// which names how many. Nothing is imported until the owner presses it.
import { CircleAlert, CircleCheck, Copy } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import type { ImportReport } from '../../../../shared/schemas/imports';
import { Button } from '../../../components/ui/button';
import { importButton, reportLines, TEXT } from '../texts';

export function CheckReport({
  report,
  importing,
  onImport,
  headingRef,
}: {
  report: ImportReport;
  headingRef?: Ref<HTMLHeadingElement>;
  /** True while the import runs: the button gives way to the progress. */
  importing: boolean;
  onImport: () => void;
}) {
  const titleId = useId();
  const failedCount = report.failed.length + report.failedNotListed;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      {/* Focused when it appears (import-page.tsx), so the keyboard goes on from the report. */}
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {TEXT.reportTitle}
      </h3>
      <ul className="grid gap-2 text-sm">
        <Line
          icon={
            <CircleCheck className="text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          }
        >
          {reportLines.imported(report.imported)}
        </Line>
        {report.duplicates > 0 ? (
          <Line icon={<Copy className="text-muted-foreground" aria-hidden="true" />}>
            {reportLines.duplicates(report.duplicates)}
          </Line>
        ) : null}
        {failedCount > 0 ? (
          <Line
            icon={<CircleAlert className="text-red-600 dark:text-red-400" aria-hidden="true" />}
          >
            {reportLines.failed(failedCount)}
          </Line>
        ) : null}
      </ul>

      {report.failed.length > 0 ? (
        <div className="grid gap-2">
          <div
            role="region"
            aria-label={TEXT.failedRegion}
            tabIndex={0}
            className="max-h-72 overflow-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 font-medium">
                    {TEXT.rowHeader}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {TEXT.failedReason}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {report.failed.map((failure) => (
                  <tr key={failure.row} className="align-top">
                    <td className="px-3 py-2 tabular-nums">{failure.row}</td>
                    <td className="px-3 py-2 break-words">{failure.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.failedNotListed > 0 ? (
            <p className="text-sm text-muted-foreground">
              {reportLines.more(report.failedNotListed)}
            </p>
          ) : null}
        </div>
      ) : null}

      {report.imported === 0 ? (
        <p className="text-sm text-muted-foreground">{TEXT.nothingToImport}</p>
      ) : importing ? null : (
        <div className="grid justify-items-start gap-2">
          <Button onClick={onImport}>{importButton(report.imported, failedCount > 0)}</Button>
          {failedCount > 0 ? (
            <p className="text-sm text-muted-foreground">{TEXT.failedLeftOut}</p>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0">
      {icon}
      <span>{children}</span>
    </li>
  );
}
