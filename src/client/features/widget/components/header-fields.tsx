// The Header section: the optional heading above the testimonials and its alignment.
import { AlignCenter, AlignLeft, AlignRight } from 'lucide-react';
import { Controller, useFormState, useWatch } from 'react-hook-form';
import type { WidgetSettings } from '../../../../shared/schemas/widget';
import { WIDGET_HEADER_TEXT_MAX } from '../../../../shared/widget-data';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useWidgetForm } from '../hooks/use-widget-settings-form';
import { ChoiceGroup, type Choice } from './choice-group';

const ALIGNMENTS: readonly Choice<WidgetSettings['headerAlignment']>[] = [
  { value: 'left', label: 'Left', icon: <AlignLeft aria-hidden="true" /> },
  { value: 'center', label: 'Center', icon: <AlignCenter aria-hidden="true" /> },
  { value: 'right', label: 'Right', icon: <AlignRight aria-hidden="true" /> },
];

export function HeaderFields() {
  const { control, register } = useWidgetForm();
  const { errors } = useFormState({ control, name: 'headerText' });
  const headerText = useWatch({ control, name: 'headerText' });
  return (
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
  );
}
