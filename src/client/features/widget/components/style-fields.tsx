// The Style section: the three colours (with a hint when text would be hard to
// read), the font family and the font size, and the "Default style" action.
import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useFormState, useWatch } from 'react-hook-form';
import {
  FONT_OPTIONS,
  WIDGET_SETTINGS_DEFAULTS,
  type WidgetSettings,
} from '../../../../shared/schemas/widget';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useWidgetForm } from '../hooks/use-widget-settings-form';
import { contrastRatio, isKnownFont, MIN_TEXT_CONTRAST } from '../widget-form';
import { ChoiceGroup, type Choice } from './choice-group';
import { ColorField } from './color-field';

const FONT_SIZES: readonly Choice<WidgetSettings['fontSize']>[] = [
  { value: 'sm', label: 'Small' },
  { value: 'base', label: 'Medium' },
  { value: 'lg', label: 'Large' },
];

const STYLE_FIELDS = [
  'backgroundColor',
  'innerContainerColor',
  'textColor',
  'fontFamily',
  'fontSize',
] as const;

/** The section's action: every style field back to the product's defaults (a change to save). */
export function DefaultStyleButton() {
  const { setValue } = useWidgetForm();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-mr-2 -mt-1 text-muted-foreground"
      onClick={() => {
        for (const key of STYLE_FIELDS)
          setValue(key, WIDGET_SETTINGS_DEFAULTS[key], { shouldDirty: true, shouldValidate: true });
      }}
    >
      <RotateCcw aria-hidden="true" />
      Default style
    </Button>
  );
}

/**
 * The font picker's options. An unknown stored font stays choosable, labelled
 * as extracted (docs/product/widget.md#widget-settings).
 */
function fontOptions(storedFont: string): { value: string; label: string }[] {
  const options = FONT_OPTIONS.map((font): { value: string; label: string } => ({
    value: font,
    label: font === 'inter' ? 'inter (recommended)' : font,
  }));
  if (!isKnownFont(storedFont))
    options.push({ value: storedFont, label: `${storedFont} (Extracted)` });
  return options;
}

export function StyleFields({
  storedFont,
  shown,
}: {
  /** The stored font family, offered even when it is not one of ours. */
  storedFont: string;
  /** The settings the preview shows, whose colours the contrast hint reads. */
  shown: WidgetSettings;
}) {
  const { control, register } = useWidgetForm();
  const { errors } = useFormState({ control, name: 'fontFamily' });
  const fontFamily = useWatch({ control, name: 'fontFamily' });
  const fonts = useMemo(() => fontOptions(storedFont), [storedFont]);
  const contrast = contrastRatio(shown.textColor, shown.innerContainerColor);

  return (
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
          The text and inner container colours are close ({contrast.toFixed(1)}:1), so some visitors
          may struggle to read your testimonials. Aim for at least 4.5:1.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <FormField
          label="Font family"
          hint={
            isKnownFont(fontFamily)
              ? undefined
              : 'Not one of ours: the widget shows it in the system font.'
          }
          error={errors.fontFamily?.message}
        >
          {(controlProps) => (
            <Select {...controlProps} {...register('fontFamily')}>
              {fonts.map((font) => (
                <option key={font.value} value={font.value}>
                  {font.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Controller
          control={control}
          name="fontSize"
          render={({ field }) => (
            <ChoiceGroup
              legend="Font size"
              name={field.name}
              // 'md' is read as 'base' (docs/product/widget.md#widget-settings).
              value={field.value === 'md' ? 'base' : field.value}
              onChange={field.onChange}
              choices={FONT_SIZES}
            />
          )}
        />
      </div>
    </div>
  );
}
