// /testimonials/import (docs/product/testimonials.md#import-screen; behind the paid-access gate): the owner chooses a
// CSV or JSON file, sees it read in the browser (format, columns, first rows with the check's verdict), chooses
// the status its testimonials arrive in, checks it on the server (a dry run, nothing stored), and only then
// imports it, watching the upload. Below, the latest imports and their photos. A server refusal keeps the file
// and the choices, so the owner can fix what it says and try again.
import { ArrowLeft, FileText, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { appPages } from '../../../shared/app-pages';
import {
  defaultMapping,
  importFields,
  type ImportMapping,
  type KnownImportFormat,
} from '../../../shared/import-formats';
import type { ImportReport } from '../../../shared/schemas/imports';
import { PageColumn } from '../../components/page-column';
import { isSessionEndedError, useSessionEnded } from '../../components/session-expired';
import { SettingsSection } from '../../components/settings-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { getErrorMessage } from '../../lib/api';
import { productName } from '../../lib/product';
import { useCheckImport, useRunImport, type ImportRequest } from './api';
import { CheckReport } from './components/check-report';
import { FileDrop } from './components/file-drop';
import { FilePreview } from './components/file-preview';
import { ImportProgress, ImportResult } from './components/import-outcome';
import { RecentImports } from './components/recent-imports';
import {
  fileKind,
  fileProblem,
  ImportFileProblem,
  readImportFile,
  type ReadImportFile,
} from './read-file';
import { resultLines, rowCount, TEXT } from './texts';

type Status = ImportRequest['status'];
const statuses: readonly Status[] = ['pending', 'approved'];

/** The chosen file as read, and how the owner reads it. */
type Choice = {
  file: File;
  read: ReadImportFile;
  format: KnownImportFormat;
  mapping: ImportMapping;
};

const presetMapping = (format: KnownImportFormat, columns: string[]): ImportMapping =>
  format === 'google' ? {} : defaultMapping(format, columns);

/** The mapping to send: none when it is the format's own. */
function changedMapping(choice: Choice): ImportMapping | undefined {
  if (choice.format === 'google') return undefined;
  const preset = presetMapping(choice.format, choice.read.columns);
  if (JSON.stringify(preset) === JSON.stringify(choice.mapping)) return undefined;
  // A field of the format's own that the owner emptied goes as "": the server would otherwise keep its column.
  const emptied = importFields.filter((field) => preset[field] && !choice.mapping[field]);
  return { ...Object.fromEntries(emptied.map((field) => [field, ''])), ...choice.mapping };
}

/** What a report was made from: another file, format or mapping sets it aside. */
const reportKey = (choice: Choice) =>
  JSON.stringify([
    choice.file.name,
    choice.file.size,
    choice.file.lastModified,
    choice.format,
    choice.mapping,
  ]);

export function ImportPage() {
  const formatsId = useId();
  const statusId = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [status, setStatus] = useState<Status>('pending');
  const [reading, setReading] = useState(false);
  // Where a problem shows: by the file chooser for a file that cannot be read, by the buttons for a refusal.
  const [problem, setProblem] = useState<{ message: string; where: 'file' | 'send' } | null>(null);
  const [checked, setChecked] = useState<{ key: string; report: ImportReport } | null>(null);
  const [result, setResult] = useState<{ report: ImportReport; status: Status } | null>(null);
  const chosenRef = useRef<HTMLParagraphElement>(null);
  const reportRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const dropRef = useRef<HTMLButtonElement>(null);
  const check = useCheckImport();
  const run = useRunImport();
  const endSession = useSessionEnded();

  const report = choice && checked?.key === reportKey(choice) ? checked.report : null;
  const busy = check.isPending || run.isPending;

  const refused = (error: unknown, fallback: string) => {
    if (isSessionEndedError(error)) endSession('admin-action');
    else setProblem({ message: getErrorMessage(error, fallback), where: 'send' });
  };

  const chooseFile = async (file: File) => {
    setProblem(null);
    setResult(null);
    const refusal = fileProblem(file);
    const kind = fileKind(file);
    if (refusal || kind === null) {
      setProblem({ message: refusal ?? TEXT.notCsvOrJson, where: 'file' });
      return;
    }
    setReading(true);
    try {
      const read = await readImportFile(file, kind);
      setChoice({
        file,
        read,
        format: read.detected,
        mapping: presetMapping(read.detected, read.columns),
      });
      setChecked(null);
      // The file's name and rows are what a screen reader hears next.
      requestAnimationFrame(() => chosenRef.current?.focus());
    } catch (error) {
      setProblem({
        message: error instanceof ImportFileProblem ? error.message : TEXT.csvUnreadable,
        where: 'file',
      });
    } finally {
      setReading(false);
    }
  };

  const request = (current: Choice): ImportRequest => {
    const mapping = changedMapping(current);
    return {
      file: current.file,
      kind: current.read.kind,
      format: current.format,
      status,
      ...(mapping ? { mapping } : {}),
    };
  };

  const runCheck = () => {
    if (!choice) return;
    setProblem(null);
    const key = reportKey(choice);
    check.mutate(request(choice), {
      onSuccess: (answer) => {
        setChecked({ key, report: answer });
        requestAnimationFrame(() => reportRef.current?.focus());
      },
      onError: (error) => refused(error, TEXT.failure.check),
    });
  };

  const runImport = () => {
    if (!choice) return;
    setProblem(null);
    const sentStatus = status;
    run.mutate(request(choice), {
      onSuccess: (answer) => {
        setResult({ report: answer, status: sentStatus });
        setChoice(null);
        setChecked(null);
        requestAnimationFrame(() => resultRef.current?.focus());
      },
      onError: (error) => refused(error, TEXT.failure.import),
    });
  };

  const startOver = () => {
    setChoice(null);
    setChecked(null);
    setResult(null);
    setProblem(null);
    requestAnimationFrame(() => dropRef.current?.focus());
  };

  return (
    <PageColumn>
      <title>{`${TEXT.pageTitle} · ${productName}`}</title>
      <header>
        <Link
          to={appPages.testimonials}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {TEXT.backToTestimonials}
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{TEXT.pageTitle}</h1>
        <p className="mt-2 max-w-prose text-pretty text-muted-foreground">{TEXT.pageLead}</p>
      </header>

      <div className="mt-8 grid gap-6">
        <SettingsSection
          id="import-file"
          title={TEXT.fileTitle}
          description={<span id={formatsId}>{TEXT.fileDescription}</span>}
        >
          <div className="grid gap-6">
            {/* What happens, for a screen reader: the import's phases and its result. */}
            <div role="status" className="sr-only">
              {run.isPending
                ? run.progress.phase === 'uploading'
                  ? TEXT.uploading
                  : TEXT.importing
                : result
                  ? resultLines.title(result.report.imported)
                  : ''}
            </div>

            {result ? (
              <ImportResult
                report={result.report}
                status={result.status}
                onAnother={startOver}
                titleRef={resultRef}
              />
            ) : choice ? (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-muted/40 px-4 py-3">
                <p
                  ref={chosenRef}
                  tabIndex={-1}
                  className="flex min-w-0 items-center gap-2 text-sm outline-none"
                >
                  <FileText className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
                  <span className="font-medium break-all">{choice.file.name}</span>
                  <span className="shrink-0 text-muted-foreground">
                    · {rowCount(choice.read.rowCount)}
                  </span>
                </p>
                <Button variant="ghost" size="sm" disabled={busy} onClick={startOver}>
                  <X aria-hidden="true" />
                  {TEXT.chooseAnother}
                </Button>
              </div>
            ) : (
              <FileDrop
                buttonRef={dropRef}
                onFile={(file) => void chooseFile(file)}
                busy={reading}
                describedBy={formatsId}
              />
            )}

            {problem?.where === 'file' ? <Alert>{problem.message}</Alert> : null}

            {choice ? (
              <>
                <FilePreview
                  read={choice.read}
                  format={choice.format}
                  mapping={choice.mapping}
                  disabled={busy}
                  onFormat={(format) =>
                    setChoice({
                      ...choice,
                      format,
                      mapping: presetMapping(format, choice.read.columns),
                    })
                  }
                  onMapping={(mapping) => setChoice({ ...choice, mapping })}
                />

                <div className="grid gap-3">
                  <p id={statusId} className="text-sm font-medium leading-none">
                    {TEXT.statusLabel}
                  </p>
                  <RadioGroup
                    aria-labelledby={statusId}
                    value={status}
                    disabled={run.isPending}
                    onValueChange={(value) => {
                      const chosen = statuses.find((known) => known === value);
                      if (chosen) setStatus(chosen);
                    }}
                    className="sm:grid-cols-2"
                  >
                    {statuses.map((value) => (
                      <div key={value} className="flex items-start gap-3">
                        <RadioGroupItem
                          id={`${statusId}-${value}`}
                          value={value}
                          aria-describedby={`${statusId}-${value}-hint`}
                          className="mt-0.5"
                        />
                        <div className="grid gap-1">
                          <Label htmlFor={`${statusId}-${value}`}>
                            {value === 'pending' ? TEXT.statusPending : TEXT.statusApproved}
                          </Label>
                          <p
                            id={`${statusId}-${value}-hint`}
                            className="text-xs text-muted-foreground"
                          >
                            {value === 'pending' ? TEXT.statusPendingHint : TEXT.statusApprovedHint}
                          </p>
                        </div>
                      </div>
                    ))}
                  </RadioGroup>
                </div>

                <div className="grid gap-6 border-t border-border pt-6">
                  {problem?.where === 'send' ? <Alert>{problem.message}</Alert> : null}
                  {/* A report stands for the file as it is chosen; a change asks for a new check. */}
                  {report ? null : (
                    <div>
                      <Button
                        pending={check.isPending}
                        pendingText={TEXT.checking}
                        disabled={run.isPending}
                        onClick={runCheck}
                      >
                        {TEXT.check}
                      </Button>
                    </div>
                  )}
                  {report ? (
                    <CheckReport
                      report={report}
                      importing={run.isPending}
                      onImport={runImport}
                      headingRef={reportRef}
                    />
                  ) : null}
                  {run.isPending ? <ImportProgress progress={run.progress} /> : null}
                </div>
              </>
            ) : null}
          </div>
        </SettingsSection>

        <RecentImports />
      </div>
    </PageColumn>
  );
}
