// The public landing page (docs/product/marketing.md#landing-page), in the order of its sections.
import { productName } from '../../lib/product';
import { ComparisonTable } from './components/comparison-table';
import { FeatureCards } from './components/feature-cards';
import { HappyCustomers } from './components/happy-customers';
import { Hero } from './components/hero';
import { PricingSection } from './components/pricing-section';
import { WidgetDemo } from './components/widget-demo';

/** `demoWidgetSlug`: the product's own widget (DEMO_WIDGET_SLUG), from the page data. */
export function LandingPage({ demoWidgetSlug }: { demoWidgetSlug: string | undefined }) {
  return (
    <>
      <title>{`${productName} – Customer testimonials for small businesses`}</title>
      <Hero demoWidgetSlug={demoWidgetSlug} />
      <FeatureCards />
      <WidgetDemo demoWidgetSlug={demoWidgetSlug} />
      <ComparisonTable />
      <PricingSection />
      <HappyCustomers />
    </>
  );
}
