// The demo's data and renderer, loaded on demand by widget-demo.tsx: the
// samples and the renderer stay out of the landing page's first JavaScript.
import { PRODUCT_NAME } from '../../../../shared/constants';
import { SAMPLE_TESTIMONIALS, type PublicWidget } from '../../../../shared/schemas/widget';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../../shared/widget-data';
import { WidgetPreview } from '../../../components/widget-preview';

/**
 * The product's own widget. A fresh install has no business of its own for
 * GET /api/widget/{slug} to read, so it is the built-in sample testimonials in
 * the default style.
 */
const DEMO: PublicWidget = {
  business: { name: PRODUCT_NAME, logoUrl: null, collectionSlug: PRODUCT_NAME.toLowerCase() },
  settings: {
    ...WIDGET_SETTINGS_DEFAULTS,
    headerText: 'What our customers say',
    headerAlignment: 'center',
  },
  testimonials: [...SAMPLE_TESTIMONIALS],
};

export default function WidgetDemoPlayer() {
  return <WidgetPreview data={DEMO} />;
}
