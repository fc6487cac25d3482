// Collection page settings rules (docs/product/collection.md#form-settings): collect off forces required off,
// required on forces collect on; the redirect URL is an absolute http(s) URL
// without credentials or nothing (docs/security.md rule 10). Also the collection
// link's QR code.
import { qrCollectionLink } from '../../../shared/app-pages.js';
import {
  coupleCollectionFlags,
  DEFAULT_COLLECTION_FLAGS,
  DEFAULT_WELCOME_MESSAGE,
  safeRedirectUrl,
  type CollectionFlags,
} from '../../../shared/collection-settings.js';
import { QR_PRINT_SIZE_PX } from '../../../shared/constants.js';
import type {
  CollectionSettings,
  UpdateCollectionSettingsInput,
} from '../../../shared/schemas/collection.js';
import type { CollectionPageSettingsRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { readStoredImage } from '../uploads/service.js';
import { qrCodePng, qrCodeSvg } from './qr-code.js';
import * as repository from './repository.js';

export type FormSettings = CollectionFlags & {
  welcomeMessage: string;
  redirectAfterSubmission: string | null;
};

function pickFlags(source: CollectionFlags): CollectionFlags {
  const flags = { ...DEFAULT_COLLECTION_FLAGS };
  for (const key of Object.keys(flags) as (keyof CollectionFlags)[]) flags[key] = source[key];
  return flags;
}

/** The settings a business's form runs with: its row, or the defaults of docs/product/collection.md#form-settings if it has none. */
export function formSettingsOf(row: CollectionPageSettingsRow | null): FormSettings {
  if (!row) {
    return {
      ...DEFAULT_COLLECTION_FLAGS,
      welcomeMessage: DEFAULT_WELCOME_MESSAGE,
      redirectAfterSubmission: null,
    };
  }
  return {
    ...pickFlags(row),
    welcomeMessage: row.welcomeMessage,
    // Only ever a value that passed the check, whatever is in the row.
    redirectAfterSubmission: safeRedirectUrl(row.redirectAfterSubmission),
  };
}

function toCollectionSettings(row: CollectionPageSettingsRow): CollectionSettings {
  return { ...formSettingsOf(row), updatedAt: row.updatedAt.toISOString() };
}

export async function getCollectionSettings(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
): Promise<CollectionSettings> {
  const row =
    (await repository.findByBusinessId(db, businessId)) ??
    (await repository.upsert(db, businessId, formSettingsOf(null)));
  return toCollectionSettings(row);
}

/** Applies a partial update; fields left out keep their value. */
export async function updateCollectionSettings(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  input: UpdateCollectionSettingsInput,
): Promise<CollectionSettings> {
  return db.transaction(async (tx) => {
    const current = formSettingsOf(
      await repository.findByBusinessId(tx, businessId, { forUpdate: true }),
    );
    const defined = Object.fromEntries(
      Object.entries(input as Record<string, unknown>).filter(([, value]) => value !== undefined),
    );
    const next = coupleCollectionFlags<FormSettings>(current, { ...current, ...defined });
    return toCollectionSettings(await repository.upsert(tx, businessId, next));
  });
}

export type QrCodeFile = { body: Buffer | string; contentType: string; fileName: string };

/** The business's logo bytes, or null (none, not one of our uploads, or gone). */
async function logoOf(
  deps: Pick<Deps, 'uploads' | 'log'>,
  logoUrl: string | null,
): Promise<Buffer | null> {
  if (!logoUrl) return null;
  try {
    return await readStoredImage(deps, logoUrl);
  } catch (error) {
    deps.log.warn({ err: error }, 'QR code: the logo could not be read; made without it');
    return null;
  }
}

/**
 * The downloadable QR code (docs/product/collection.md#qr-code) of the collection link with `?src=qr`,
 * from the configured public URL: an SVG, or a `sizePx` PNG, with the business's logo in the middle
 * when it has one.
 */
export async function collectionQrCodeFile(
  deps: Pick<Deps, 'config' | 'uploads' | 'log'>,
  business: { collectionSlug: string; logoUrl: string | null },
  format: 'svg' | 'png',
  sizePx = QR_PRINT_SIZE_PX,
): Promise<QrCodeFile> {
  const text = qrCollectionLink(deps.config.baseUrl, business.collectionSlug);
  const logo = await logoOf(deps, business.logoUrl);
  const fileName = `testimonial-qr-code-${business.collectionSlug}.${format}`;
  if (format === 'png') {
    return { body: await qrCodePng(text, logo, sizePx), contentType: 'image/png', fileName };
  }
  return {
    body: await qrCodeSvg(text, logo, sizePx),
    contentType: 'image/svg+xml; charset=utf-8',
    fileName,
  };
}
