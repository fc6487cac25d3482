// Widget settings of the owner's business, and what the public widget of a
// business shows. Reads never create the settings row (no GET changes state);
// a missing row or an unset field reads as its default (normalizeWidgetSettings,
// the same reader the widget uses). Every change calls invalidateWidget after it
// has committed, so the public widget shows it at once.
import {
  publicWidgetSchema,
  type PublicWidget,
  type WidgetSettings,
} from '../../../shared/schemas/widget.js';
import type {
  OwnerWidgetSettings,
  WidgetQuickToggleInput,
} from '../../../shared/schemas/widget-settings.js';
import type {
  CopiedSnippetInput,
  CopiedSnippets,
} from '../../../shared/schemas/widget-snippets.js';
import { normalizeWidgetSettings } from '../../../shared/widget-data.js';
import { toWidgetTestimonial } from '../../../shared/widget-testimonial.js';
import type { WidgetSettingsRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { absoluteImageUrl, withAbsoluteImages } from '../uploads/service.js';
import { invalidateWidget } from './events.js';
import * as repository from './repository.js';

/** The public widget shows at most this many testimonials (the newest approvals). */
export const PUBLIC_WIDGET_TESTIMONIALS_MAX = 50;

function toOwnerWidgetSettings(row: WidgetSettingsRow | null): OwnerWidgetSettings {
  return {
    ...normalizeWidgetSettings(row ?? {}),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getWidgetSettings(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
): Promise<OwnerWidgetSettings> {
  return toOwnerWidgetSettings(await repository.findByBusinessId(db, businessId));
}

/** Creates the row with its defaults when the business has none. */
export async function setQuickToggle(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  input: WidgetQuickToggleInput,
): Promise<OwnerWidgetSettings> {
  const row = await repository.upsert(db, businessId, { showBusinessName: input.showBusinessName });
  await invalidateWidget(db, businessId);
  return toOwnerWidgetSettings(row);
}

/** The full settings form: every field is replaced. */
export async function saveWidgetSettings(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  input: WidgetSettings,
): Promise<OwnerWidgetSettings> {
  const row = await repository.upsert(db, businessId, input);
  await invalidateWidget(db, businessId);
  return toOwnerWidgetSettings(row);
}

/** The last embed code of each kind the owner copied, with the height of its box (null: never copied). */
export async function getCopiedSnippets(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
): Promise<CopiedSnippets> {
  const rows = await repository.findCopiedSnippets(db, businessId);
  const of = (kind: CopiedSnippetInput['kind']) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? { height: row.height, copiedAt: row.copiedAt.toISOString() } : null;
  };
  return { script: of('script'), iframe: of('iframe') };
}

/** The owner copied an embed code: remember its box height (no cache to invalidate: only /widget reads it). */
export async function recordCopiedSnippet(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  input: CopiedSnippetInput,
): Promise<CopiedSnippets> {
  await repository.upsertCopiedSnippet(db, { businessId, ...input });
  return getCopiedSnippets({ db }, businessId);
}

/**
 * The public widget of the business with this slug (GET /api/widget/:slug), or
 * null. Parsed with the contract's schema on the way out, which also drops any
 * field the schema does not name. The product's name (config PRODUCT_NAME) is
 * what the widget's "Powered by" link says.
 */
/** A business's public widget, with what the server needs beside it: whose it is, and the day analytics counts in. */
export type LoadedWidget = { businessId: string; timeZone: string; widget: PublicWidget };

export async function getPublicWidget(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  slug: string,
): Promise<LoadedWidget | null> {
  const { productName } = config;
  const found = await repository.findBusinessBySlug(db, slug);
  if (!found) return null;
  const { business } = found;
  const settings = normalizeWidgetSettings(found.settings ?? {});
  const rows = await repository.listApproved(db, business.id, PUBLIC_WIDGET_TESTIMONIALS_MAX);
  const widget = publicWidgetSchema.parse({
    productName,
    business: {
      name: business.name,
      logoUrl: business.logoUrl,
      collectionSlug: business.collectionSlug,
    },
    settings,
    // Only what the settings show (a hidden field is null, an empty list or a 0 rating), never an email.
    testimonials: rows.map((row) => toWidgetTestimonial(row, settings)),
  });
  return { businessId: business.id, timeZone: business.timeZone, widget };
}

/**
 * The public widget as GET /api/v1/widget answers it: the business logo and
 * every image of a testimonial an absolute URL on `baseUrl` (config BASE_URL).
 * The widget script's own answer keeps the paths it reads from this server.
 */
export function withAbsoluteWidgetImages(widget: PublicWidget, baseUrl: string): PublicWidget {
  const { logoUrl } = widget.business;
  return {
    ...widget,
    business: {
      ...widget.business,
      logoUrl: logoUrl === null ? null : absoluteImageUrl(baseUrl, logoUrl),
    },
    testimonials: widget.testimonials.map((testimonial) =>
      withAbsoluteImages(testimonial, baseUrl),
    ),
  };
}

/** The first time the widget was seen on another site (sightings.ts); a later one changes nothing. */
export async function recordWidgetSeen(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  origin: string,
): Promise<void> {
  await repository.markWidgetSeen(db, businessId, origin, clock());
}
