// What the live preview renders while the owner types: the form as it is right
// now over the saved settings, on their approved testimonials (else samples).
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import {
  WIDGET_SETTINGS_DEFAULTS,
  type PublicWidget,
  type WidgetSettings,
} from '../../../../shared/schemas/widget';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { previewSettings, previewWidgetData, type WidgetFormValues } from '../widget-form';

/** A copy of `value` that stays the same object for as long as its JSON stays the same. */
function useContentStable<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

/**
 * The preview's settings and data. Both stay the same objects until a setting
 * really changes, so the widget (which re-renders on every new object) only
 * re-renders then, not on every keystroke that changes nothing it shows.
 */
export function useLivePreview({
  control,
  stored,
  business,
  approved,
}: {
  control: Control<WidgetFormValues, unknown, WidgetSettings>;
  stored: WidgetFormValues;
  business: PublicWidget['business'];
  approved: readonly Testimonial[] | undefined;
}): { settings: WidgetSettings; data: PublicWidget; usesSamples: boolean } {
  const values = useWatch({ control });
  const savedSettings = useMemo(() => previewSettings(stored, WIDGET_SETTINGS_DEFAULTS), [stored]);
  const settings = useContentStable(previewSettings(values, savedSettings));
  const { name, logoUrl, collectionSlug } = business;
  const { data, usesSamples } = useMemo(
    () => previewWidgetData({ name, logoUrl, collectionSlug }, settings, approved ?? []),
    [name, logoUrl, collectionSlug, settings, approved],
  );
  return { settings, data, usesSamples };
}
