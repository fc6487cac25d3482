// Collection page settings rules (docs/product/collection.md#form-settings): collect off forces required off,
// required on forces collect on; the redirect URL is an absolute http(s) URL
// without credentials or nothing (docs/security.md rule 10). Also the collection
// link's QR code.
import QRCode from 'qrcode';
import { collectionLink } from '../../../shared/app-pages.js';
import {
  coupleCollectionFlags,
  DEFAULT_COLLECTION_FLAGS,
  DEFAULT_WELCOME_MESSAGE,
  safeRedirectUrl,
  type CollectionFlags,
} from '../../../shared/collection-settings.js';
import { QR_CODE_SIZE_PX } from '../../../shared/constants.js';
import type {
  CollectionSettings,
  UpdateCollectionSettingsInput,
} from '../../../shared/schemas/collection.js';
import type { CollectionPageSettingsRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
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

/**
 * A 300x300 PNG QR code of the collection link, made here (no outside
 * service), from the configured public URL, never the Host header.
 */
export function collectionQrCode(
  { config }: Pick<Deps, 'config'>,
  collectionSlug: string,
): Promise<Buffer> {
  return QRCode.toBuffer(collectionLink(config.baseUrl, collectionSlug), {
    type: 'png',
    width: QR_CODE_SIZE_PX,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
}
