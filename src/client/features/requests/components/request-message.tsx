// The "Message" card (docs/product/requests.md#the-requests-screen): the subject and body every
// request uses, the reminder and the daily limit, saved together; beside them
// the email as the first customer of the list (or a sample name) would get
// it, rendered by the server in the real email layout a moment after typing
// stops, in a sandboxed frame that runs no script.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  REQUEST_LIMITS,
  REQUEST_PLACEHOLDERS,
  requestPreviewInputSchema,
  requestSettingsSchema,
  type RequestSettings,
} from '../../../../shared/schemas/requests';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import {
  useRequestPreview,
  useRequestSettings,
  useSaveRequestSettings,
  type RequestPreviewInput,
} from '../api';
import { placeholderHint, reminderOption, TEXT } from '../texts';
import { useDebouncedValue } from '../use-debounced-value';

/** How long typing must pause before the preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 400;

const reminderDays = Array.from(
  { length: REQUEST_LIMITS.reminderDaysMax },
  (_, index) => index + 1,
);

export function RequestMessage({ previewName }: { previewName: string }) {
  const settings = useRequestSettings();
  return (
    <SettingsSection
      id="request-message"
      title={TEXT.messageTitle}
      description={TEXT.messageDescription}
    >
      {settings.isPending ? (
        <div role="status" aria-label="Loading the message" className="grid gap-4">
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
          <Skeleton className="h-10" />
        </div>
      ) : settings.isError ? (
        <CardLoadError what="your request message" onRetry={() => void settings.refetch()} />
      ) : (
        <MessageForm settings={settings.data} previewName={previewName} />
      )}
    </SettingsSection>
  );
}

function MessageForm({
  settings,
  previewName,
}: {
  settings: RequestSettings;
  previewName: string;
}) {
  const save = useSaveRequestSettings();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors },
  } = useForm<RequestSettings>({
    resolver: zodResolver(requestSettingsSchema),
    defaultValues: settings,
  });
  const bodyElement = useRef<HTMLTextAreaElement | null>(null);
  const { ref: bodyRef, ...bodyField } = register('body');

  /** Puts a placeholder where the cursor is (or over the selection), then the cursor after it. */
  const insert = (placeholder: string) => {
    const element = bodyElement.current;
    const value = getValues('body');
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setValue('body', value.slice(0, start) + placeholder + value.slice(end), {
      shouldDirty: true,
    });
    if (element) {
      element.focus();
      element.setSelectionRange(start + placeholder.length, start + placeholder.length);
    }
  };

  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const name = previewName || TEXT.previewSampleName;
  const draft = useMemo(() => ({ subject, body, name }), [subject, body, name]);
  const settled = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  // A message the server would refuse (an empty subject) is not previewed.
  const previewInput: RequestPreviewInput | null = requestPreviewInputSchema.safeParse(settled)
    .success
    ? settled
    : null;

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form
        noValidate
        className="grid content-start gap-5"
        onSubmit={handleSubmit((values) =>
          save.mutate(values, { onSuccess: (saved) => reset(saved) }),
        )}
      >
        <FormField label={TEXT.subjectLabel} error={errors.subject?.message}>
          {(controlProps) => (
            <Input
              {...controlProps}
              {...register('subject')}
              maxLength={REQUEST_LIMITS.subjectMax}
            />
          )}
        </FormField>
        <FormField
          label={TEXT.bodyLabel}
          hint={placeholderHint(REQUEST_PLACEHOLDERS.firstName, REQUEST_PLACEHOLDERS.businessName)}
          error={errors.body?.message}
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              {...bodyField}
              ref={(element) => {
                bodyRef(element);
                bodyElement.current = element;
              }}
              rows={8}
              maxLength={REQUEST_LIMITS.bodyMax}
            />
          )}
        </FormField>
        <div
          role="group"
          aria-label={TEXT.placeholdersLabel}
          className="-mt-2 flex flex-wrap gap-2"
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => insert(REQUEST_PLACEHOLDERS.firstName)}
          >
            {TEXT.insertFirstName}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => insert(REQUEST_PLACEHOLDERS.businessName)}
          >
            {TEXT.insertBusinessName}
          </Button>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="reminderDays"
            render={({ field, fieldState }) => (
              <FormField label={TEXT.reminderLabel} error={fieldState.error?.message}>
                {(controlProps) => (
                  <Select
                    {...controlProps}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    value={field.value === null ? 'off' : String(field.value)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.value === 'off' ? null : Number(event.target.value),
                      )
                    }
                  >
                    <option value="off">{TEXT.reminderOff}</option>
                    {reminderDays.map((days) => (
                      <option key={days} value={days}>
                        {reminderOption(days)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            )}
          />
          <FormField
            label={TEXT.dailyCapLabel}
            hint={TEXT.dailyCapHint}
            error={errors.dailyCap?.message}
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register('dailyCap', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                max={REQUEST_LIMITS.dailyCapMax}
                step={1}
              />
            )}
          </FormField>
        </div>
        <Button
          type="submit"
          className="w-full sm:w-auto sm:justify-self-start"
          pending={save.isPending}
          pendingText={TEXT.saving}
        >
          {TEXT.save}
        </Button>
      </form>
      <EmailPreview input={previewInput} />
    </div>
  );
}

function EmailPreview({ input }: { input: RequestPreviewInput | null }) {
  const preview = useRequestPreview(input);
  const [plain, setPlain] = useState(false);
  return (
    <section aria-labelledby="email-preview-title" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="email-preview-title" className="font-semibold">
          {TEXT.emailPreviewTitle}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={plain}
          onClick={() => setPlain(!plain)}
          disabled={!preview.data}
        >
          {plain ? TEXT.showHtml : TEXT.showText}
        </Button>
      </div>
      {input === null ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          {TEXT.previewIncomplete}
        </p>
      ) : preview.isError ? (
        <p
          role="alert"
          className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground"
        >
          {TEXT.previewUnavailable}
        </p>
      ) : preview.data ? (
        <div className="grid gap-2" aria-busy={preview.isFetching}>
          <p className="rounded-lg bg-muted px-3 py-2 text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <span className="font-medium">{preview.data.subject}</span>
          </p>
          {plain ? (
            <pre className="max-h-[32rem] overflow-auto rounded-xl border border-border bg-card p-4 font-sans text-sm whitespace-pre-wrap">
              {preview.data.text}
            </pre>
          ) : (
            <iframe
              title={TEXT.emailPreviewFrame}
              // No script, no forms, no same origin: the frame only shows.
              sandbox=""
              srcDoc={preview.data.html}
              className="h-[32rem] w-full rounded-xl border border-border bg-white"
            />
          )}
        </div>
      ) : (
        <Skeleton className="h-[32rem] w-full" aria-label="Loading the email preview" />
      )}
    </section>
  );
}
