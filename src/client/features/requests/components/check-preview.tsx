// The check of a list before it is sent (docs/product/requests.md#the-requests-screen): for each
// customer, "Will be asked" or why not, and the counts, which a screen reader
// hears as soon as they change. On a phone the name goes above the email, so the result stays in view
// without scrolling sideways.
import { CircleCheck, CircleSlash } from 'lucide-react';
import { REQUEST_SKIP_REASON_TEXT, type RequestOutcome } from '../../../../shared/schemas/requests';
import type { Customer } from '../customer-list';
import { previewCounts, TEXT } from '../texts';

export function CheckPreview({
  customers,
  outcomes,
}: {
  customers: readonly Customer[];
  outcomes: readonly RequestOutcome[];
}) {
  const asked = outcomes.filter((outcome) => outcome.status === 'queued').length;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{TEXT.previewTitle}</h3>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {previewCounts(asked, outcomes.length - asked)}
        </p>
      </div>
      <div className="max-h-96 overflow-auto rounded-xl border border-border">
        <table className="w-full text-left text-sm sm:min-w-[32rem]">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="w-2/5 px-3 py-2 font-medium sm:w-auto">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {outcomes.map((outcome, index) => {
              const name = customers[index]?.name;
              return (
                <tr key={index}>
                  <td className="hidden px-3 py-2 align-top break-words sm:table-cell">{name}</td>
                  <td className="px-3 py-2 align-top break-all">
                    {name ? <span className="block break-words sm:hidden">{name}</span> : null}
                    {outcome.email}
                  </td>
                  <td className="px-3 py-2 align-top">
                    {outcome.status === 'queued' ? (
                      <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300">
                        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                        {TEXT.willBeAsked}
                      </span>
                    ) : (
                      <span className="inline-flex items-start gap-1.5 text-muted-foreground">
                        <CircleSlash className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        {outcome.reason ? REQUEST_SKIP_REASON_TEXT[outcome.reason] : 'Skipped'}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
