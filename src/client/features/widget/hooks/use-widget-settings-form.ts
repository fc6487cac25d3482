// The widget settings form: it starts from what is stored, takes in changes
// made elsewhere without touching what the owner is editing, and saves the
// whole form (POST /api/widget-settings).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import { widgetSettingsSchema, type WidgetSettings } from '../../../../shared/schemas/widget';
import type { OwnerWidgetSettings } from '../../../../shared/schemas/widget-settings';
import { useSaveWidgetSettings } from '../api';
import { toFormValues, type WidgetFormValues } from '../widget-form';

export function useWidgetSettingsForm(settings: OwnerWidgetSettings) {
  const save = useSaveWidgetSettings();
  const stored = useMemo(() => toFormValues(settings), [settings]);
  const form = useForm<WidgetFormValues, unknown, WidgetSettings>({
    resolver: zodResolver(widgetSettingsSchema),
    defaultValues: stored,
    mode: 'onTouched',
  });
  const { reset, handleSubmit } = form;

  // Settings changed elsewhere (refetch, quick toggle): take them in, but
  // never overwrite what the owner is editing.
  useEffect(() => reset(stored, { keepDirtyValues: true }), [stored, reset]);

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, { onSuccess: (saved) => reset(toFormValues(saved)) }),
  );

  return {
    form,
    /** The stored settings as form values. */
    stored,
    saving: save.isPending,
    onSubmit,
    /** Reset: back to what is stored. */
    resetToStored: () => reset(stored),
  };
}

/** The form of the editor, inside its FormProvider. */
export function useWidgetForm() {
  return useFormContext<WidgetFormValues, unknown, WidgetSettings>();
}
