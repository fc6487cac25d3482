// The landing page's live demo (docs/product/marketing.md#live-demo): the product's own widget, shown from
// the business whose collection slug is DEMO_WIDGET_SLUG. At start-up
// (main.ts) ensureDemoBusiness makes that business when no business has the
// slug: example testimonials, approved and labelled as examples, and an owner
// (DEMO_OWNER_EMAIL) with paid access as an access code gives it, whose password
// nobody knows until the operator resets it. A business that has the slug is
// never touched, so examples the owner deleted stay deleted. Several servers
// starting on one database make it once: one transaction under an advisory
// lock, with the unique email and slug behind it.
import { randomBytes } from 'node:crypto';
import { DEMO_WIDGET_SETTINGS } from '../../../shared/demo-widget.js';
import { SAMPLE_TESTIMONIALS } from '../../../shared/schemas/widget.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { testimonials } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { findBySlug } from '../business/service.js';
import { businessSlugCreated } from '../widget/events.js';
import * as repository from './repository.js';
import { DAY_MS } from '../../../shared/time.js';

/** Marks the examples in the dashboard (a tag) and in the API and exports (their source). */
const EXAMPLE_MARK = 'example';

export type DemoConfig = Pick<
  Config,
  'demoWidgetSlug' | 'demoOwnerEmail' | 'productName' | 'baseUrl' | 'passwordHashMemoryKib'
>;

export type DemoLog = { info: (message: string) => void; warn: (message: string) => void };

export type DemoBusinessOutcome =
  | { kind: 'created'; slug: string; ownerEmail: string; examples: number }
  | { kind: 'exists'; slug: string }
  | { kind: 'owner-email-taken'; slug: string; ownerEmail: string };

/** Thrown inside the transaction to undo it: the slug was taken while it ran. */
class SlugTakenMeanwhile extends Error {}

/** The preview's sample testimonials (docs/product/widget.md#widget-settings-screen) as approved rows, a few days apart, the first the newest. */
function exampleRows(businessId: string, now: Date): (typeof testimonials.$inferInsert)[] {
  return SAMPLE_TESTIMONIALS.map((sample, index) => {
    const submittedAt = new Date(now.getTime() - (3 + index * 6) * DAY_MS);
    return {
      businessId,
      authorName: sample.authorName,
      authorBusinessName: sample.authorBusinessName,
      authorLocation: sample.authorLocation,
      content: sample.content,
      rating: sample.rating,
      status: 'approved' as const,
      tags: [EXAMPLE_MARK],
      source: EXAMPLE_MARK,
      submittedAt,
      approvedAt: new Date(submittedAt.getTime() + DAY_MS / 12),
    };
  });
}

/**
 * Makes the demo business unless a business has DEMO_WIDGET_SLUG already.
 * Logs one info line when it made it, and a warning when DEMO_OWNER_EMAIL
 * belongs to another account (then it makes nothing).
 */
export async function ensureDemoBusiness(
  db: Database,
  config: DemoConfig,
  log: DemoLog,
  now = new Date(),
): Promise<DemoBusinessOutcome> {
  const slug = config.demoWidgetSlug;
  const ownerEmail = config.demoOwnerEmail;
  // Every start but the first: nothing to hash or lock.
  if (await findBySlug({ db }, slug)) return { kind: 'exists', slug };
  // A random password nobody is told: the operator sets their own through "Forgot your password".
  const password = await hashPassword(randomBytes(32).toString('base64url'), {
    memoryKib: config.passwordHashMemoryKib,
  });

  let outcome: DemoBusinessOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<DemoBusinessOutcome> => {
      await repository.lockDemoCreation(tx);
      // Another server made it while this one waited for the lock.
      if (await findBySlug({ db: tx }, slug)) return { kind: 'exists', slug };
      const owner = await repository.createOwner(tx, { email: ownerEmail, password });
      if (!owner) return { kind: 'owner-email-taken', slug, ownerEmail };
      const business = await repository.createBusiness(tx, {
        ownerId: owner.id,
        name: config.productName,
        description: `The live demo on ${config.productName}'s landing page`,
        website: config.baseUrl,
        collectionSlug: slug,
      });
      if (!business) throw new SlugTakenMeanwhile();
      await repository.createSettings(tx, business.id, DEMO_WIDGET_SETTINGS);
      const examples = await repository.createTestimonials(tx, exampleRows(business.id, now));
      // Heard at the commit: a server that remembered this slug as unknown forgets that.
      await businessSlugCreated(tx, slug);
      return { kind: 'created', slug, ownerEmail, examples };
    });
  } catch (error) {
    // A business that is not the demo's took the slug first (a registration's): it is left alone.
    if (error instanceof SlugTakenMeanwhile) return { kind: 'exists', slug };
    throw error;
  }

  if (outcome.kind === 'created') {
    log.info(
      `demo business "${slug}" created for the landing page's live demo, with ${outcome.examples} example testimonials; ` +
        `its owner is ${ownerEmail} (sign in with "Forgot your password" to moderate it)`,
    );
  } else if (outcome.kind === 'owner-email-taken') {
    log.warn(
      `the demo business was not created: no business has DEMO_WIDGET_SLUG=${slug}, and DEMO_OWNER_EMAIL=${ownerEmail} ` +
        `belongs to another account; set DEMO_OWNER_EMAIL to an unused address, or DEMO_WIDGET_SLUG to the slug of an existing business`,
    );
  }
  return outcome;
}
