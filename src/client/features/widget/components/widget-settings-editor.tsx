// The widget settings form (SPEC §2 "Widget Settings screen") beside the live
// preview, which renders the form as it is right now, before anything is saved.
// Save sends the whole form (POST /api/widget-settings); Reset goes back to
// what is stored. Leaving with unsaved changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { AlignCenter, AlignLeft, AlignRight, ChevronDown, Eye, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import {
  FONT_OPTIONS,
  WIDGET_SETTINGS_DEFAULTS,
  widgetSettingsSchema,
  type WidgetSettings,
} from '../../../../shared/schemas/widget';
import type { OwnerWidgetSettings } from '../../../../shared/schemas/widget-settings';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { WIDGET_HEADER_TEXT_MAX } from '../../../../shared/widget-data';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { productName } from '../../../lib/product';
import { cn } from '../../../lib/utils';
import { useSaveWidgetSettings } from '../api';
import {
  contrastRatio,
  isKnownFont,
  MIN_TEXT_CONTRAST,
  previewSettings,
  previewWidgetData,
  toFormValues,
  type WidgetFormValues,
} from '../widget-form';
import { ChoiceGroup, type Choice } from './choice-group';
import { ColorField } from './color-field';
import { SettingsPreview } from './settings-preview';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const ALIGNMENTS: readonly Choice<WidgetSettings['headerAlignment']>[] = [
  { value: 'left', label: 'Left', icon: <AlignLeft aria-hidden="true" /> },
  { value: 'center', label: 'Center', icon: <AlignCenter aria-hidden="true" /> },
  { value: 'right', label: 'Right', icon: <AlignRight aria-hidden="true" /> },
];

const FONT_SIZES: readonly Choice<WidgetSettings['fontSize']>[] = [
  { value: 'sm', label: 'Small' },
  { value: 'base', label: 'Medium' },
  { value: 'lg', label: 'Large' },
];

type ToggleKey = {
  [K in keyof WidgetSettings]: WidgetSettings[K] extends boolean ? K : never;
}[keyof WidgetSettings];

const DISPLAY_TOGGLES: readonly { name: ToggleKey; label: string; hint: string }[] = [
  { name: 'showRatings', label: 'Show ratings', hint: 'Stars above each testimonial.' },
  { name: 'showDates', label: 'Show dates', hint: 'When each testimonial was approved.' },
  { name: 'showLocation', label: 'Show location', hint: "The customer's town or region." },
  {
    name: 'showPersonalPhotos',
    label: 'Show personal photos',
    hint: "The customer's photo, or their initials without one.",
  },
  {
    name: 'showBeforeAfterPhotos',
    label: 'Show before/after photos',
    hint: 'Before and after shots; visitors can enlarge them.',
  },
  {
    name: 'showProductImages',
    label: 'Show product images',
    hint: 'Photos customers added of what they bought.',
  },
  {
    name: 'showBusinessName',
    label: 'Show business name',
    hint: 'Your name and logo above the testimonials.',
  },
  { name: 'showBranding', label: 'Show branding', hint: `A small “Powered by ${productName}” link.` },
  {
    name: 'autoRotate',
    label: 'Auto-rotate',
    hint: 'Moves on every 4 seconds; pauses while a visitor points at or uses it.',
  },
];

/** A copy of `value` that stays the same object for as long as its JSON stays the same. */
function useContentStable<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

function Section({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 id={id} className="text-lg font-semibold leading-tight tracking-tight">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function DisplayToggles({ control }: { control: Control<WidgetFormValues> }) {
  return (
    <ul className="-my-3 divide-y divide-border">
      {DISPLAY_TOGGLES.map(({ name, label, hint }) => (
        <li key={name} className="flex items-center justify-between gap-4 py-3">
          <div className="grid gap-1">
            <Label htmlFor={`toggle-${name}`}>{label}</Label>
            <p id={`toggle-${name}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                id={`toggle-${name}`}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`toggle-${name}-hint`}
              />
            )}
          />
        </li>
      ))}
    </ul>
  );
}

export function WidgetSettingsEditor({
  settings,
  business,
  approved,
}: {
  settings: OwnerWidgetSettings;
  business: { name: string; logoUrl: string | null; collectionSlug: string };
  approved: {
    items: readonly Testimonial[] | undefined;
    loading: boolean;
    failed: boolean;
    retry: () => void;
  };
}) {
  const save = useSaveWidgetSettings();
  const stored = useMemo(() => toFormValues(settings), [settings]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty },
  } = useForm<WidgetFormValues, unknown, WidgetSettings>({
    resolver: zodResolver(widgetSettingsSchema),
    defaultValues: stored,
    mode: 'onTouched',
  });

  // Settings changed elsewhere (refetch, quick toggle): take them in, but
  // never overwrite what the owner is editing.
  useEffect(() => reset(stored, { keepDirtyValues: true }), [stored, reset]);

  const values = useWatch({ control });
  const savedSettings = useMemo(() => previewSettings(stored, WIDGET_SETTINGS_DEFAULTS), [stored]);
  // The same object until a setting really changes, so the widget re-renders only then.
  const shown = useContentStable(previewSettings(values, savedSettings));
  const approvedItems = approved.items;
  const { name, logoUrl, collectionSlug } = business;
  const { data, usesSamples } = useMemo(
    () => previewWidgetData({ name, logoUrl, collectionSlug }, shown, approvedItems ?? []),
    [name, logoUrl, collectionSlug, shown, approvedItems],
  );

  // An unknown stored font stays choosable, labelled as extracted (SPEC §3).
  const fonts = useMemo(() => {
    const options = FONT_OPTIONS.map((font) => ({
      value: String(font),
      label: font === 'inter' ? 'inter (recommended)' : font,
    }));
    if (!isKnownFont(stored.fontFamily))
      options.push({ value: stored.fontFamily, label: `${stored.fontFamily} (Extracted)` });
    return options;
  }, [stored.fontFamily]);

  const contrast = contrastRatio(shown.textColor, shown.innerContainerColor);
  const headerText = values.headerText ?? '';

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, { onSuccess: (saved) => reset(toFormValues(saved)) }),
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]">
      <form noValidate className="grid gap-6" onSubmit={(event) => void onSubmit(event)}>
        <Section
          id="widget-header-title"
          title="Header"
          description="An optional heading above your testimonials."
        >
          <div className="grid gap-5">
            <FormField
              label="Header text"
              hint={
                <span className="flex justify-between gap-3">
                  <span>Leave empty for no heading.</span>
                  <span className="tabular-nums" aria-hidden="true">
                    {headerText.length} / {WIDGET_HEADER_TEXT_MAX}
                  </span>
                </span>
              }
              error={errors.headerText?.message}
            >
              {(controlProps) => (
                <Input
                  {...controlProps}
                  {...register('headerText')}
                  maxLength={WIDGET_HEADER_TEXT_MAX}
                  placeholder="What our customers say"
                  autoComplete="off"
                />
              )}
            </FormField>
            <Controller
              control={control}
              name="headerAlignment"
              render={({ field }) => (
                <ChoiceGroup
                  legend="Alignment"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  choices={ALIGNMENTS}
                  className="sm:max-w-sm"
                />
              )}
            />
          </div>
        </Section>

        <Section
          id="widget-style-title"
          title="Style"
          description="Colours and type to match your website."
          action={
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 -mt-1 text-muted-foreground"
              onClick={() => {
                for (const key of ['backgroundColor', 'innerContainerColor', 'textColor', 'fontFamily', 'fontSize'] as const)
                  setValue(key, WIDGET_SETTINGS_DEFAULTS[key], { shouldDirty: true, shouldValidate: true });
              }}
            >
              <RotateCcw aria-hidden="true" />
              Default style
            </Button>
          }
        >
          <div className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-3 sm:gap-4">
              <ColorField
                control={control}
                name="backgroundColor"
                label="Background"
                hint="Behind the whole widget."
              />
              <ColorField
                control={control}
                name="innerContainerColor"
                label="Inner container"
                hint="Each testimonial's card."
              />
              <ColorField
                control={control}
                name="textColor"
                label="Text"
                hint="Words, names and details."
              />
            </div>
            {contrast !== null && contrast < MIN_TEXT_CONTRAST ? (
              <p
                role="status"
                className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
              >
                The text and inner container colours are close ({contrast.toFixed(1)}:1), so some
                visitors may struggle to read your testimonials. Aim for at least 4.5:1.
              </p>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
              <FormField
                label="Font family"
                hint={
                  isKnownFont(values.fontFamily ?? '')
                    ? undefined
                    : 'Not one of ours: the widget shows it in the system font.'
                }
                error={errors.fontFamily?.message}
              >
                {(controlProps) => (
                  <div className="relative">
                    <select
                      {...controlProps}
                      {...register('fontFamily')}
                      className={cn(
                        'flex h-10 w-full appearance-none rounded-lg border border-input bg-background py-2 pl-3 pr-9 text-base text-foreground shadow-xs transition-colors sm:text-sm',
                        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
                      )}
                    >
                      {fonts.map((font) => (
                        <option key={font.value} value={font.value}>
                          {font.label}
                        </option>
                      ))}
                    </select>
                    <ChevronDown
                      className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                      aria-hidden="true"
                    />
                  </div>
                )}
              </FormField>
              <Controller
                control={control}
                name="fontSize"
                render={({ field }) => (
                  <ChoiceGroup
                    legend="Font size"
                    name={field.name}
                    // 'md' is read as 'base' (SPEC §3).
                    value={field.value === 'md' ? 'base' : field.value}
                    onChange={field.onChange}
                    choices={FONT_SIZES}
                  />
                )}
              />
            </div>
          </div>
        </Section>

        <Section
          id="widget-display-title"
          title="Display"
          description="Choose what each testimonial shows."
        >
          <DisplayToggles control={control} />
        </Section>

        {/* Floats at the bottom of the screen only while there is something to save. */}
        <div
          className={cn(
            'rounded-2xl border border-border p-3 sm:p-4',
            isDirty
              ? 'sticky bottom-3 z-10 bg-card/95 shadow-lg ring-1 ring-black/5 backdrop-blur supports-[backdrop-filter]:bg-card/85'
              : 'bg-card shadow-sm',
          )}
        >
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="mr-auto text-sm text-muted-foreground">
              {isDirty ? (
                <span className="flex items-center gap-2 font-medium text-foreground">
                  <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
                  Unsaved changes
                </span>
              ) : (
                'All changes saved'
              )}
            </p>
            <div className="flex flex-1 justify-end gap-2 sm:flex-none">
              <Button asChild variant="ghost" className="mr-auto px-3 lg:hidden">
                <a href="#widget-preview">
                  <Eye aria-hidden="true" />
                  <span className="max-sm:sr-only">Preview</span>
                </a>
              </Button>
              <Button
                variant="outline"
                disabled={!isDirty || save.isPending}
                onClick={() => reset(stored)}
              >
                Reset
              </Button>
              <Button type="submit" disabled={!isDirty || save.isPending}>
                {save.isPending ? (
                  <>
                    <Spinner />
                    Saving...
                  </>
                ) : (
                  'Save Changes'
                )}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <SettingsPreview
        data={data}
        usesSamples={usesSamples}
        loading={approved.loading}
        loadFailed={approved.failed}
        onRetry={approved.retry}
      />
      <UnsavedChangesGuard when={isDirty && !save.isPending} />
    </div>
  );
}
