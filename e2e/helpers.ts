// Small helpers shared by the journeys.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const PASSWORD = 'correct-horse-battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Registers an owner (and their business) with `page`'s cookies; answers the collection slug. */
export async function registerOwner(
  page: Page,
  businessName: string,
  emailPrefix = 'owner',
): Promise<string> {
  const response = await page.request.post('/api/register', {
    data: {
      businessName,
      website: 'example-business.com',
      email: uniqueEmail(emailPrefix),
      password: PASSWORD,
      agreeToTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const business = await page.request.get('/api/business');
  expect(business.ok()).toBe(true);
  return ((await business.json()) as { collectionSlug: string }).collectionSlug;
}
