// The demo's data and renderer, loaded on demand by widget-demo.tsx: the
// samples and the renderer stay out of the landing page's first JavaScript.
import { SAMPLE_TESTIMONIALS, type PublicWidget } from '../../../../shared/schemas/widget';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../../shared/widget-data';
import { WidgetPreview } from '../../../components/widget-preview';
import { productName } from '../../../lib/product';

/**
 * The product's own widget. A fresh install has no business of its own for
 * GET /api/widget/{slug} to read, so it is the built-in sample testimonials in
 * the default style.
 */
const DEMO: PublicWidget = {
  business: { name: productName, logoUrl: null, collectionSlug: productName.toLowerCase() },
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
