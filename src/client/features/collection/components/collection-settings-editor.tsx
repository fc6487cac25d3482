// The form settings of the collection link screen (docs/product/collection.md#public-submit-screen,
// docs/product/collection.md#form-settings) beside a live preview that is the public form itself. Switching
// collect off makes the field optional; ticking required switches collect on;
// the required box is disabled while collect is off (coupleCollectionFlags).
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  collectionFieldFlags,
  coupleCollectionFlags,
  type CollectionFlags,
} from '../../../../shared/collection-settings';
import {
  updateCollectionSettingsInputSchema,
  WELCOME_MESSAGE_MAX_LENGTH,
  type CollectionSettings,
} from '../../../../shared/schemas/collection';
import { BrowserBar } from '../../../components/browser-bar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { useUpdateCollectionSettings } from '../api';
import { CollectionPageHeader } from './collection-page-header';
import { TestimonialForm } from './testimonial-form';

// Every setting is sent on save, so the form checks them all with the shared rules.
const settingsFormSchema = updateCollectionSettingsInputSchema.required();
type SettingsFormValues = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

type CollectKey = (typeof collectionFieldFlags)[number][0];

/** How each field is named on this screen, in the order of docs/product/collection.md#form-settings. */
const FIELD_LABELS: Record<CollectKey, string> = {
  collectName: 'Name',
  collectEmail: 'Email',
  collectBusinessName: 'Business name',
  collectLocation: 'Location',
  collectStarRatings: 'Star ratings',
  collectSelfie: 'Personal photo',
  collectBeforeAfterPhotos: 'Before & after photos',
  collectProductPhotos: 'Product photos',
};

function flagsOf(values: CollectionFlags): CollectionFlags {
  const flags = {} as CollectionFlags;
  for (const [collect, required] of collectionFieldFlags) {
    flags[collect] = values[collect];
    flags[required] = values[required];
  }
  return flags;
}

function toFormValues(settings: CollectionSettings): SettingsFormValues {
  return {
    ...flagsOf(settings),
    welcomeMessage: settings.welcomeMessage,
    redirectAfterSubmission: settings.redirectAfterSubmission ?? '',
  };
}

export function CollectionSettingsEditor({
  settings,
  business,
}: {
  settings: CollectionSettings;
  business: { name: string; logoUrl: string | null; collectionSlug: string };
}) {
  const update = useUpdateCollectionSettings();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(settings),
  });
  const values = useWatch({ control });

  const flags = flagsOf({ ...flagsOf(getValues()), ...(values as Partial<CollectionFlags>) });
  const flagsKey = JSON.stringify(flags);
  // A new object only when a flag changes, so the preview keeps its schema while typing.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the flags' content
  const previewFlags = useMemo(() => flags, [flagsKey]);

  const changeFlag = (key: keyof CollectionFlags, value: boolean) => {
    const previous = flagsOf(getValues());
    const next = coupleCollectionFlags(previous, { ...previous, [key]: value });
    for (const name of Object.keys(next) as (keyof CollectionFlags)[]) {
      if (next[name] !== previous[name]) setValue(name, next[name], { shouldDirty: true });
    }
  };

  const welcomeMessage = values.welcomeMessage ?? '';

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card role="region" aria-labelledby="form-settings-title">
        <CardHeader>
          <h2
            id="form-settings-title"
            className="text-lg font-semibold leading-tight tracking-tight"
          >
            Form settings
          </h2>
          <CardDescription>Choose what your testimonial form asks customers for.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="grid gap-6"
            onSubmit={(event) =>
              void handleSubmit((input) =>
                update.mutate(input, { onSuccess: (saved) => reset(toFormValues(saved)) }),
              )(event)
            }
          >
            <FormField
              label="Welcome message"
              hint={
                <span className="flex justify-between gap-3">
                  <span>Shown under your business name at the top of the form.</span>
                  <span className="tabular-nums" aria-hidden="true">
                    {welcomeMessage.length} / {WELCOME_MESSAGE_MAX_LENGTH}
                  </span>
                </span>
              }
              error={errors.welcomeMessage?.message}
            >
              {(controlProps) => (
                <Textarea
                  {...controlProps}
                  {...register('welcomeMessage')}
                  rows={3}
                  maxLength={WELCOME_MESSAGE_MAX_LENGTH}
                  className="min-h-20"
                />
              )}
            </FormField>

            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium leading-none">Form fields</legend>
              <p className="mt-2 text-xs text-muted-foreground">
                Collected fields appear on the form; required ones must be filled in. A
                testimonial&apos;s text is always required.
              </p>
              <div className="mt-2 overflow-hidden rounded-xl border border-border">
                <div
                  className="grid grid-cols-[minmax(0,1fr)_4rem_4.5rem] items-center gap-x-2 bg-muted px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:px-4"
                  aria-hidden="true"
                >
                  <span>Field</span>
                  <span className="text-center">Collect</span>
                  <span className="text-center">Required</span>
                </div>
                <ul className="divide-y divide-border">
                  {collectionFieldFlags.map(([collect, required]) => {
                    const label = FIELD_LABELS[collect];
                    const collected = flags[collect];
                    return (
                      <li
                        key={collect}
                        className="grid grid-cols-[minmax(0,1fr)_4rem_4.5rem] items-center gap-x-2 px-3 py-3 sm:px-4"
                      >
                        <span
                          className={
                            collected
                              ? 'text-sm font-medium'
                              : 'text-sm font-medium text-muted-foreground'
                          }
                        >
                          {label}
                        </span>
                        <span className="flex justify-center">
                          <Switch
                            checked={collected}
                            onCheckedChange={(checked) => changeFlag(collect, checked)}
                            aria-label={`Collect ${label}`}
                          />
                        </span>
                        <span className="flex justify-center">
                          <Checkbox
                            checked={flags[required]}
                            disabled={!collected}
                            onCheckedChange={(checked) => changeFlag(required, checked === true)}
                            aria-label={`${label} required`}
                          />
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
            </fieldset>

            <FormField
              label={
                <>
                  Redirect after submission{' '}
                  <span className="font-normal text-muted-foreground">(optional)</span>
                </>
              }
              hint="After sending, customers see a 5-second countdown and are then taken to this address. Leave empty to only thank them."
              error={errors.redirectAfterSubmission?.message}
            >
              {(controlProps) => (
                <Input
                  {...controlProps}
                  {...register('redirectAfterSubmission')}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://yourwebsite.com/thank-you"
                />
              )}
            </FormField>

            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                pending={update.isPending}
                pendingText="Saving..."
                className="w-full sm:w-auto"
              >
                Save Settings
              </Button>
              {isDirty ? (
                <p className="text-sm text-muted-foreground" role="status">
                  You have unsaved changes.
                </p>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="form-preview-title" className="lg:sticky lg:top-24">
        <div className="mb-3 flex items-center gap-2">
          <Eye className="size-4 text-brand-text" aria-hidden="true" />
          <h2 id="form-preview-title" className="text-sm font-semibold">
            Live preview
          </h2>
          <span className="text-xs text-muted-foreground">· nothing is sent from here</span>
        </div>
        <div className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
          <BrowserBar address={`/submit/${business.collectionSlug}`} />
          <div className="px-4 py-6 lg:max-h-[calc(100dvh-10rem)] lg:overflow-y-auto">
            <CollectionPageHeader
              name={business.name}
              logoUrl={business.logoUrl}
              welcomeMessage={welcomeMessage}
              headingLevel="h3"
              compact
            />
            <div className="mt-6 rounded-2xl border border-border bg-card p-4 shadow-sm">
              {/* A fresh preview form whenever the fields change, so no stale message lingers. */}
              <TestimonialForm
                key={flagsKey}
                slug={business.collectionSlug}
                settings={previewFlags}
                mode="preview"
              />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
