// The chosen file as the import will read it (docs/product/testimonials.md#import-screen): its format (detected, and
// the owner's to change), which column fills each field (a select per field, preset by the format), and its first
// rows in those fields, each with the shared check's verdict, so a wrong column shows before anything is sent.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Fragment, useId, useMemo } from 'react';
import {
  checkImportRow,
  withMapping,
  FORMAT_LABELS,
  IMPORT_FIELD_LABELS,
  importFields,
  readGoogleReview,
  readMappedRow,
  type CheckedImportRow,
  type ImportField,
  type ImportMapping,
  type KnownImportFormat,
} from '../../../../shared/import-formats';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import { formatsOf, type ReadImportFile } from '../read-file';
import { TEXT } from '../texts';

/** Room for the text; addresses break anywhere rather than run wide. */
const CELL_CLASSES: Partial<Record<ImportField, string>> = {
  name: 'min-w-32 max-w-48 break-words',
  text: 'min-w-64 max-w-md break-words',
  email: 'min-w-44 max-w-56 break-all',
  photoUrl: 'min-w-44 max-w-56 break-all',
  link: 'min-w-44 max-w-56 break-all',
  id: 'min-w-24 max-w-40 break-all',
  date: 'min-w-28 max-w-40 break-all',
};

export function FilePreview({
  read,
  format,
  mapping,
  onFormat,
  onMapping,
  disabled,
}: {
  read: ReadImportFile;
  format: KnownImportFormat;
  mapping: ImportMapping;
  onFormat: (format: KnownImportFormat) => void;
  onMapping: (mapping: ImportMapping) => void;
  disabled: boolean;
}) {
  const mappingId = useId();
  const formats = formatsOf(read);
  return (
    <div className="grid gap-6">
      {formats.length > 1 ? (
        <FormField
          label={TEXT.formatLabel}
          hint={format === read.detected ? TEXT.formatDetected : TEXT.formatChosen}
          className="sm:max-w-sm"
        >
          {(control) => (
            <Select
              {...control}
              value={format}
              disabled={disabled}
              onChange={(event) => {
                const chosen = formats.find((known) => known === event.target.value);
                if (chosen) onFormat(chosen);
              }}
            >
              {formats.map((known) => (
                <option key={known} value={known}>
                  {FORMAT_LABELS[known]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : (
        // A JSON file is what its items are: nothing to choose.
        <dl className="grid gap-2">
          <dt className="text-sm font-medium leading-none">{TEXT.formatLabel}</dt>
          <dd className="grid gap-1">
            <span className="text-sm">{FORMAT_LABELS[format]}</span>
            <span className="text-xs text-muted-foreground">{TEXT.formatDetected}</span>
          </dd>
        </dl>
      )}

      <section aria-labelledby={`${mappingId}-title`} className="grid gap-3">
        <div className="grid gap-1">
          <h3 id={`${mappingId}-title`} className="font-semibold">
            {TEXT.mappingTitle}
          </h3>
          <p className="text-sm text-muted-foreground">
            {format === 'google' ? TEXT.mappingGoogle : TEXT.mappingDescription}
          </p>
        </div>
        {format === 'google' ? null : (
          // A stacked list on a phone, a grid wider up.
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {importFields.map((field) => (
              <FormField key={field} label={IMPORT_FIELD_LABELS[field]}>
                {(control) => (
                  <Select
                    {...control}
                    value={mapping[field] ?? ''}
                    disabled={disabled}
                    onChange={(event) => {
                      onMapping(withMapping(mapping, { [field]: event.target.value }));
                    }}
                  >
                    <option value="">{TEXT.notInFile}</option>
                    {read.columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            ))}
          </div>
        )}
      </section>

      <PreviewTable read={read} format={format} mapping={mapping} />
    </div>
  );
}

function PreviewTable({
  read,
  format,
  mapping,
}: {
  read: ReadImportFile;
  format: KnownImportFormat;
  mapping: ImportMapping;
}) {
  const titleId = useId();
  const rows = useMemo(() => {
    const now = new Date();
    return read.rows.map((row) => {
      const fields = format === 'google' ? readGoogleReview(row) : readMappedRow(row, mapping);
      return { fields, check: checkImportRow(fields, now) };
    });
  }, [read.rows, format, mapping]);
  const shown: ImportField[] = importFields.filter((field) =>
    format === 'google'
      ? rows.some((row) => row.fields[field] !== undefined)
      : mapping[field] !== undefined,
  );

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {TEXT.previewTitle}
        </h3>
        <p className="text-sm text-muted-foreground">
          The first {rows.length} of {read.rowCount.toLocaleString()}{' '}
          {read.rowCount === 1 ? 'row' : 'rows'}
        </p>
      </div>
      {/* On a phone, one card a row, with the fields it has. */}
      <ul aria-label={TEXT.previewRegion} className="grid gap-3 sm:hidden">
        {rows.map((row, index) => (
          <li key={index} className="grid gap-2 rounded-xl border border-border p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="font-medium text-muted-foreground">
                {TEXT.rowHeader} {index + 1}
              </span>
              <Verdict check={row.check} />
            </div>
            <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
              {shown
                .filter((field) => row.fields[field])
                .map((field) => (
                  <Fragment key={field}>
                    <dt className="text-muted-foreground">{IMPORT_FIELD_LABELS[field]}</dt>
                    <dd className="min-w-0 break-words">
                      <span
                        className={field === 'text' ? 'line-clamp-3' : 'line-clamp-2 break-all'}
                      >
                        {row.fields[field]}
                      </span>
                    </dd>
                  </Fragment>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      {/* Wider up, a table that scrolls sideways when the fields need it; focusable so a keyboard can scroll it too. */}
      <div
        role="region"
        aria-label={TEXT.previewRegion}
        tabIndex={0}
        className="hidden overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:block"
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {TEXT.rowHeader}
              </th>
              {/* The verdict first: it stays in view when the fields scroll sideways. */}
              <th scope="col" className="px-3 py-2 font-medium">
                {TEXT.checkHeader}
              </th>
              {shown.map((field) => (
                <th key={field} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {IMPORT_FIELD_LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row, index) => (
              <tr key={index} className="align-top">
                <td className="px-3 py-2 tabular-nums text-muted-foreground">{index + 1}</td>
                <td className="min-w-48 px-3 py-2">
                  <Verdict check={row.check} />
                </td>
                {shown.map((field) => (
                  <td
                    key={field}
                    className={cn(
                      'px-3 py-2',
                      CELL_CLASSES[field] ?? 'min-w-24 max-w-48 break-words',
                    )}
                  >
                    <span className={field === 'text' ? 'line-clamp-3' : 'line-clamp-2'}>
                      {row.fields[field]}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Ready", or the reason the row check refuses the row. */
function Verdict({ check }: { check: CheckedImportRow }) {
  return check.ok ? (
    <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300">
      <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
      {TEXT.rowReady}
    </span>
  ) : (
    <span className="inline-flex items-start gap-1.5 text-red-700 dark:text-red-300">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {check.reason}
    </span>
  );
}
