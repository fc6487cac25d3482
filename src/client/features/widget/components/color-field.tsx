import { useController, type Control } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { HEX_COLOR_PATTERN } from '../../../../shared/widget-data';
import type { ColorField as ColorFieldName, WidgetFormValues } from '../widget-form';

/** "1f2937", "#1f2937" or "#1f2" as #1F2937; anything else as typed (the schema then says why). */
function tidyHex(value: string): string {
  const bare = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(bare)) return `#${bare.toUpperCase()}`;
  if (/^[0-9a-f]{3}$/i.test(bare)) return `#${bare.replace(/./g, (c) => c + c).toUpperCase()}`;
  return value.trim();
}

/** A colour swatch picker beside a #RRGGBB text field, both editing one setting. */
export function ColorField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<WidgetFormValues>;
  name: ColorFieldName;
  label: string;
  hint: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value;
  const valid = HEX_COLOR_PATTERN.test(value.trim());
  return (
    <FormField label={label} hint={hint} error={fieldState.error?.message}>
      {(controlProps) => (
        <div className="flex gap-2">
          <span className="relative size-10 shrink-0 overflow-hidden rounded-lg border border-input shadow-xs focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
            <input
              type="color"
              // The picker only speaks lowercase #rrggbb; an unfinished value shows as black.
              value={valid ? value.trim().toLowerCase() : '#000000'}
              onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
              onBlur={field.onBlur}
              aria-label={`${label}: pick a colour`}
              className="absolute -inset-2 size-14 cursor-pointer border-0 bg-transparent p-0 focus:outline-none"
            />
          </span>
          <Input
            {...controlProps}
            ref={field.ref}
            name={field.name}
            value={value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={() => {
              const tidy = tidyHex(value);
              if (tidy !== value) field.onChange(tidy);
              field.onBlur();
            }}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="#RRGGBB"
            className="font-mono uppercase"
          />
        </div>
      )}
    </FormField>
  );
}
