// "Ask customers" (docs/product/requests.md#the-requests-screen): the list of customers, typed,
// pasted or read from a CSV file; its check ("Preview": who will be asked,
// who is skipped and why, before anything is sent); then "Send now" or
// "Schedule". A change to the list sets the preview aside: what is sent is
// always the list that was checked.
import Papa from 'papaparse';
import { FileUp, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { checkRequestsInputSchema, type RequestOutcome } from '../../../../shared/schemas/requests';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useCheckRequests, useCreateRequests } from '../api';
import {
  customersFromTable,
  guessColumns,
  parseCustomerText,
  toCsvTable,
  toRequestCustomers,
  type ColumnMapping,
  type CsvTable,
  type Customer,
} from '../customer-list';
import { customerCount, TEXT } from '../texts';
import { CheckPreview } from './check-preview';
import { ScheduleControls } from './schedule-controls';

type Csv = { fileName: string; table: CsvTable; mapping: ColumnMapping };

/** Reads a CSV file with papaparse, every row as cells (the header is told apart afterwards). */
function readCsv(file: File): Promise<CsvTable> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (results) => {
        const table = toCsvTable(results.data);
        if (table.columns.length === 0) reject(new Error(TEXT.csvUnreadable));
        else resolve(table);
      },
      error: () => reject(new Error(TEXT.csvUnreadable)),
    });
  });
}

export function AskCustomers({ onFirstName }: { onFirstName: (name: string) => void }) {
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<Csv | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [checked, setChecked] = useState<{ key: string; outcomes: RequestOutcome[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const check = useCheckRequests();
  const create = useCreateRequests();

  const customers = useMemo<Customer[]>(
    () => (csv ? customersFromTable(csv.table, csv.mapping) : parseCustomerText(text)),
    [csv, text],
  );
  const listKey = JSON.stringify(customers);
  const preview = checked?.key === listKey ? checked.outcomes : null;
  const firstName = customers.find((customer) => customer.name)?.name ?? '';
  useEffect(() => onFirstName(firstName), [firstName, onFirstName]);

  const startOver = () => {
    setText('');
    setCsv(null);
    setChecked(null);
    setProblem(undefined);
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    try {
      const table = await readCsv(file);
      setCsv({ fileName: file.name, table, mapping: guessColumns(table) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : TEXT.csvUnreadable);
    }
  };

  /** What keeps the list from being checked, if anything. */
  const listProblem = (): string | undefined => {
    if (csv && csv.mapping.email === -1) return TEXT.csvNoEmailColumn;
    // The schema's own words: none, or more than one call takes.
    const list = checkRequestsInputSchema.safeParse({ customers: toRequestCustomers(customers) });
    return list.success ? undefined : list.error.issues[0]?.message;
  };

  const runCheck = () => {
    const found = listProblem();
    setProblem(found);
    if (found) return;
    const key = listKey;
    check.mutate(toRequestCustomers(customers), {
      onSuccess: ({ customers: outcomes }) => setChecked({ key, outcomes }),
    });
  };

  const send = (sendAt?: string) =>
    create.mutate(
      { customers: toRequestCustomers(customers), ...(sendAt ? { sendAt } : {}) },
      { onSuccess: startOver },
    );

  return (
    <SettingsSection id="ask-customers" title={TEXT.askTitle} description={TEXT.askDescription}>
      <div className="grid gap-5">
        {csv ? (
          <CsvMapping
            csv={csv}
            count={customers.length}
            onMapping={(mapping) => {
              setProblem(undefined);
              setCsv({ ...csv, mapping });
            }}
            onClear={() => {
              setCsv(null);
              setProblem(undefined);
            }}
          />
        ) : (
          <FormField
            label={TEXT.customersLabel}
            hint={`${customerCount(customers.length)} in the list.`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(undefined);
                }}
                rows={6}
                spellCheck={false}
                placeholder={TEXT.customersPlaceholder}
                className="font-mono text-sm"
              />
            )}
          </FormField>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button pending={check.isPending} pendingText={TEXT.checking} onClick={runCheck}>
            {TEXT.check}
          </Button>
          {csv ? null : (
            <>
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <FileUp aria-hidden="true" />
                {TEXT.uploadCsv}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                // The button above is the one control people reach; this only opens the picker.
                tabIndex={-1}
                aria-hidden="true"
                aria-label={TEXT.uploadCsv}
                onChange={(event) => {
                  void chooseFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </>
          )}
        </div>
        <FieldError message={problem} />
        {preview ? (
          <div className="grid gap-4 border-t border-border pt-5">
            <CheckPreview customers={customers} outcomes={preview} />
            <ScheduleControls
              disabled={!preview.some((outcome) => outcome.status === 'queued')}
              pending={create.isPending ? (create.variables.sendAt ? 'schedule' : 'now') : null}
              onSend={send}
            />
          </div>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function CsvMapping({
  csv,
  count,
  onMapping,
  onClear,
}: {
  csv: Csv;
  count: number;
  onMapping: (mapping: ColumnMapping) => void;
  onClear: () => void;
}) {
  const id = useId();
  const { columns } = csv.table;
  const column = (key: keyof ColumnMapping, label: string, noneLabel: string) => (
    <div className="grid gap-2">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <Select
        id={`${id}-${key}`}
        value={String(csv.mapping[key])}
        onChange={(event) => onMapping({ ...csv.mapping, [key]: Number(event.target.value) })}
      >
        <option value="-1">{noneLabel}</option>
        {columns.map((title, index) => (
          <option key={index} value={index}>
            {title}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <div className="grid gap-4 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="font-medium break-all">{csv.fileName}</span>{' '}
          <span className="text-muted-foreground">· {customerCount(count)}</span>
        </p>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          {TEXT.csvClear}
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {column('name', TEXT.csvNameColumn, TEXT.csvNoColumn)}
        {column('email', TEXT.csvEmailColumn, TEXT.csvNoColumn)}
      </div>
    </div>
  );
}
