// The public landing page (SPEC §2 "Landing page"), in the order of its sections.
import { productName } from '../../lib/product';
import { ComparisonTable } from './components/comparison-table';
import { FeatureCards } from './components/feature-cards';
import { HappyCustomers } from './components/happy-customers';
import { Hero } from './components/hero';
import { PricingSection } from './components/pricing-section';
import { WidgetDemo } from './components/widget-demo';

export function LandingPage() {
  return (
    <>
      <title>{`${productName} – Customer testimonials for small businesses`}</title>
      <Hero />
      <FeatureCards />
      <WidgetDemo />
      <ComparisonTable />
      <PricingSection />
      <HappyCustomers />
    </>
  );
}
