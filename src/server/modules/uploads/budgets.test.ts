// The default upload budgets (docs/decisions/0005): what an honest customer
// sends fits a visitor's own budgets twice over, and ten addresses, each at
// its limit, stay well inside every global budget.
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_PHOTOS } from '../../../shared/constants.js';
import { DEFAULT_UPLOAD_BUDGETS } from './budgets.js';

const { perVisitor, perForm, global } = DEFAULT_UPLOAD_BUDGETS;
/** A selfie, the product photos, a before and an after. */
const PHOTOS_PER_TESTIMONIAL = 1 + MAX_PRODUCT_PHOTOS + 2;
/** Every photo at the cap, each sent twice. */
const HONEST_CUSTOMER_BYTES = 2 * PHOTOS_PER_TESTIMONIAL * MAX_IMAGE_BYTES;
const FLOODERS = 10;

describe('the default upload budgets', () => {
  it('let a customer send every photo the form takes, at full size, twice in an hour', () => {
    expect(perVisitor.perHour).toBeGreaterThanOrEqual(HONEST_CUSTOMER_BYTES);
    expect(perVisitor.perDay).toBeGreaterThanOrEqual(2 * HONEST_CUSTOMER_BYTES);
    // One visitor alone never puts a form under a burst.
    expect(perForm.perHour).toBeGreaterThan(perVisitor.perHour);
  });

  it('keep ten addresses at their limits to at most half of the global hour and day, and 70% of what may wait', () => {
    expect(FLOODERS * perVisitor.perHour).toBeLessThanOrEqual(global.perHour / 2);
    expect(FLOODERS * perVisitor.perDay).toBeLessThanOrEqual(global.perDay / 2);
    // Unclaimed uploads are swept a day after they were made, up to an hour late.
    expect(FLOODERS * (perVisitor.perDay + perVisitor.perHour)).toBeLessThanOrEqual(
      global.waiting * 0.7,
    );
  });
});
