// The landing page's live demo (docs/product/marketing.md#landing-page): the settings the demo business is
// made with (src/server/modules/demo), which the landing page also needs to
// reserve the demo widget's box before any script runs.
import type { WidgetSettings } from './schemas/widget.js';
import { WIDGET_SETTINGS_DEFAULTS } from './widget-data.js';

/**
 * The demo widget's header: one word telling visitors these are examples (it also names the
 * widget's region). How the operator replaces them is in the README, never on the page.
 */
export const DEMO_HEADER_TEXT = 'Example';

/** Shown on the landing page: a carousel with stars and the "Powered by" link. */
export const DEMO_WIDGET_SETTINGS = {
  ...WIDGET_SETTINGS_DEFAULTS,
  layout: 'carousel',
  showRatings: true,
  showBranding: true,
  autoRotate: true,
  headerText: DEMO_HEADER_TEXT,
  headerAlignment: 'center',
} as const satisfies WidgetSettings;
