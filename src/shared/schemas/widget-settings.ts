// The owner's widget settings (GET /api/widget-settings) and the quick toggle
// of the testimonial edit dialog (PUT /api/widget-settings). The settings
// contract itself is `widgetSettingsSchema` in ./widget.ts.
import { z } from 'zod';
import { WIDGET_FONT_SIZES, widgetSettingsSchema } from './widget.js';

/**
 * The settings as stored (already normalised: no 'md' font size, unset flags
 * filled in) plus when they were last saved. fontSize is a plain enum here
 * because a response schema cannot hold the input schema's 'md' transform.
 */
export const ownerWidgetSettingsSchema = widgetSettingsSchema.extend({
  fontSize: z.enum(WIDGET_FONT_SIZES),
  /** ISO 8601; null while the business has no saved settings row. */
  updatedAt: z.string().nullable(),
});
export type OwnerWidgetSettings = z.infer<typeof ownerWidgetSettingsSchema>;

/** PUT /api/widget-settings: the "Show business name in widget" quick setting. */
export const widgetQuickToggleInputSchema = z.object({
  showBusinessName: z.boolean({ error: 'showBusinessName must be true or false' }),
});
export type WidgetQuickToggleInput = z.infer<typeof widgetQuickToggleInputSchema>;
