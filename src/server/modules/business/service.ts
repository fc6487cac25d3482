// Business rules: one business per owner, created with its settings rows in one
// transaction; a readable, unique collection slug; the public read shows
// nothing about the owner.
import { randomInt } from 'node:crypto';
import { normalizeWebsite } from '../../../shared/schemas/fields.js';
import type {
  Business,
  CreateBusinessInput,
  PublicBusiness,
  UpdateBusinessInput,
} from '../../../shared/schemas/business.js';
import type { FetchPolicy } from '../../adapters/http/safe-fetch.js';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/executor.js';
import { collectionPageSettings, widgetSettings, type BusinessRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { businessSlugCreated, invalidateWidget } from '../widget/events.js';
import { detectLogo } from './logo-detection.js';
import * as businessRepository from './repository.js';

const SLUG_SUFFIX_LENGTH = 6;
const SLUG_BASE_MAX_LENGTH = 40;
const SLUG_ATTEMPTS = 8;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export function toBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website,
    logoUrl: row.logoUrl,
    collectionSlug: row.collectionSlug,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "Café Müller & Sons!" → "cafe-muller-sons" (never empty). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_BASE_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'business';
}

function slugSuffix(): string {
  let suffix = '';
  for (let i = 0; i < SLUG_SUFFIX_LENGTH; i++) suffix += BASE36.charAt(randomInt(BASE36.length));
  return suffix;
}

/**
 * Creates the business, its widget settings and its collection page settings.
 * Run it inside a transaction (`{ ...deps, db: tx }`). A slug collision just
 * draws another suffix.
 */
export async function createBusinessRecords(
  { db: tx }: Pick<Deps, 'db'>,
  input: {
    ownerId: string;
    name: string;
    description?: string | undefined;
    website: string;
    timeZone?: string | undefined;
  },
): Promise<BusinessRow> {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const business = await businessRepository.create(tx, {
      ownerId: input.ownerId,
      name: input.name,
      description: input.description ? input.description : null,
      website: normalizeWebsite(input.website),
      collectionSlug: `${base}-${slugSuffix()}`,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    });
    if (business) {
      await businessRepository.createDefaultSettings(tx, business.id);
      // Heard at the commit: a server that remembered this slug as unknown forgets that.
      await businessSlugCreated(tx, business.collectionSlug);
      return business;
    }
  }
  throw new Error(`could not find a free collection slug for "${base}"`);
}

/** The owner's business; 404 `Business not found` before it is set up. */
export async function requireOwnBusiness(
  { db }: Pick<Deps, 'db'>,
  ownerId: string,
): Promise<BusinessRow> {
  const business = await businessRepository.findByOwnerId(db, ownerId);
  if (!business) throw notFound('Business not found');
  return business;
}

/** The owner's business, or null before it is set up (a receipt names it when there is one). */
export function findOwnBusiness(
  { db }: Pick<Deps, 'db'>,
  ownerId: string,
): Promise<BusinessRow | null> {
  return businessRepository.findByOwnerId(db, ownerId);
}

/** The business of a collection page, or null. */
export function findBySlug({ db }: Pick<Deps, 'db'>, slug: string): Promise<BusinessRow | null> {
  return businessRepository.findBySlug(db, slug);
}

/** The business of a collection page with its settings rows (null when missing); 404 `Business not found`. */
export async function requireBySlugWithSettings(
  { db }: Pick<Deps, 'db'>,
  slug: string,
): Promise<businessRepository.BusinessWithSettings> {
  const found = await businessRepository.findBySlugWithSettings(db, slug);
  if (!found) throw notFound('Business not found');
  return found;
}

export async function createBusiness(
  deps: Pick<Deps, 'db'>,
  ownerId: string,
  input: CreateBusinessInput,
): Promise<Business> {
  const { db } = deps;
  if (await businessRepository.findByOwnerId(db, ownerId))
    throw conflict('Business already exists');
  try {
    const business = await db.transaction((tx) =>
      createBusinessRecords({ ...deps, db: tx }, { ownerId, ...input }),
    );
    return toBusiness(business);
  } catch (error) {
    // Two creations racing for the same owner: the unique owner_id decides.
    if (isUniqueViolation(error)) throw conflict('Business already exists');
    throw error;
  }
}

/** The owner's business (the route's guard found it) with a new name and website, and time zone when sent. */
export async function updateBusiness(
  { db }: Pick<Deps, 'db'>,
  business: BusinessRow,
  input: UpdateBusinessInput,
): Promise<Business> {
  const updated = await businessRepository.update(db, business.id, {
    name: input.name,
    website: normalizeWebsite(input.website),
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  });
  if (!updated) throw notFound('Business not found');
  await invalidateWidget(db, business.id);
  return toBusiness(updated);
}

/** The schema default of a settings column, for a business whose settings row is missing. */
function columnDefault<C extends { default?: unknown; _: { data: unknown } }>(
  column: C,
): C['_']['data'] {
  return column.default;
}

export async function getPublicBusiness(
  deps: Pick<Deps, 'db'>,
  slug: string,
): Promise<PublicBusiness> {
  const { business, widget, collection } = await requireBySlugWithSettings(deps, slug);
  const c = collectionPageSettings;
  return {
    name: business.name,
    logoUrl: business.logoUrl,
    collectionSlug: business.collectionSlug,
    backgroundColor: widget?.backgroundColor ?? columnDefault(widgetSettings.backgroundColor),
    innerContainerColor:
      widget?.innerContainerColor ?? columnDefault(widgetSettings.innerContainerColor),
    textColor: widget?.textColor ?? columnDefault(widgetSettings.textColor),
    fontFamily: widget?.fontFamily ?? columnDefault(widgetSettings.fontFamily),
    fontSize: widget?.fontSize ?? columnDefault(widgetSettings.fontSize),
    collectionSettings: {
      welcomeMessage: collection?.welcomeMessage ?? columnDefault(c.welcomeMessage),
      collectName: collection?.collectName ?? columnDefault(c.collectName),
      nameRequired: collection?.nameRequired ?? columnDefault(c.nameRequired),
      collectEmail: collection?.collectEmail ?? columnDefault(c.collectEmail),
      emailRequired: collection?.emailRequired ?? columnDefault(c.emailRequired),
      collectBusinessName: collection?.collectBusinessName ?? columnDefault(c.collectBusinessName),
      businessNameRequired:
        collection?.businessNameRequired ?? columnDefault(c.businessNameRequired),
      collectLocation: collection?.collectLocation ?? columnDefault(c.collectLocation),
      locationRequired: collection?.locationRequired ?? columnDefault(c.locationRequired),
      collectStarRatings: collection?.collectStarRatings ?? columnDefault(c.collectStarRatings),
      starRatingsRequired: collection?.starRatingsRequired ?? columnDefault(c.starRatingsRequired),
      collectSelfie: collection?.collectSelfie ?? columnDefault(c.collectSelfie),
      selfieRequired: collection?.selfieRequired ?? columnDefault(c.selfieRequired),
      collectBeforeAfterPhotos:
        collection?.collectBeforeAfterPhotos ?? columnDefault(c.collectBeforeAfterPhotos),
      beforeAfterPhotosRequired:
        collection?.beforeAfterPhotosRequired ?? columnDefault(c.beforeAfterPhotosRequired),
      collectProductPhotos:
        collection?.collectProductPhotos ?? columnDefault(c.collectProductPhotos),
      productPhotosRequired:
        collection?.productPhotosRequired ?? columnDefault(c.productPhotosRequired),
      redirectAfterSubmission: collection ? collection.redirectAfterSubmission : null,
    },
  };
}

/** What outbound fetches for a business's logo may reach (docs/security.md rule 11): public addresses, ports 80 and 443. */
export function logoFetchPolicy(config: Pick<Config, 'allowPrivateNetworkFetch'>): FetchPolicy {
  return {
    allowPrivateNetwork: config.allowPrivateNetworkFetch,
    allowAnyPort: config.allowPrivateNetworkFetch,
  };
}

export async function detectBusinessLogo(
  { config, log }: Pick<Deps, 'config' | 'log'>,
  website: string,
): Promise<{ logoUrl: string | null }> {
  const result = await detectLogo(normalizeWebsite(website), logoFetchPolicy(config));
  if (result.failure) log.info({ website, err: result.failure }, 'logo detection failed');
  return { logoUrl: result.logoUrl };
}
