// Pure rules of the collection page settings (docs/product/collection.md#form-settings,
// docs/security.md rule 10), shared by the settings form and the server.

export type CollectionFlags = {
  collectName: boolean;
  nameRequired: boolean;
  collectEmail: boolean;
  emailRequired: boolean;
  collectBusinessName: boolean;
  businessNameRequired: boolean;
  collectLocation: boolean;
  locationRequired: boolean;
  collectStarRatings: boolean;
  starRatingsRequired: boolean;
  collectSelfie: boolean;
  selfieRequired: boolean;
  collectBeforeAfterPhotos: boolean;
  beforeAfterPhotosRequired: boolean;
  collectProductPhotos: boolean;
  productPhotosRequired: boolean;
};

/** The collect / required pair of each form field, named as in the database. */
export const collectionFieldFlags = [
  ['collectName', 'nameRequired'],
  ['collectEmail', 'emailRequired'],
  ['collectBusinessName', 'businessNameRequired'],
  ['collectLocation', 'locationRequired'],
  ['collectStarRatings', 'starRatingsRequired'],
  ['collectSelfie', 'selfieRequired'],
  ['collectBeforeAfterPhotos', 'beforeAfterPhotosRequired'],
  ['collectProductPhotos', 'productPhotosRequired'],
] as const satisfies ReadonlyArray<readonly [keyof CollectionFlags, keyof CollectionFlags]>;

export const DEFAULT_WELCOME_MESSAGE = 'Share your experience with us!';

/** The defaults of docs/product/collection.md#form-settings: everything collected but the author's business name; only name and rating required. */
export const DEFAULT_COLLECTION_FLAGS: CollectionFlags = {
  collectName: true,
  nameRequired: true,
  collectEmail: true,
  emailRequired: false,
  collectBusinessName: false,
  businessNameRequired: false,
  collectLocation: true,
  locationRequired: false,
  collectStarRatings: true,
  starRatingsRequired: true,
  collectSelfie: true,
  selfieRequired: false,
  collectBeforeAfterPhotos: true,
  beforeAfterPhotosRequired: false,
  collectProductPhotos: true,
  productPhotosRequired: false,
};

/**
 * Applies the coupling of docs/product/collection.md#form-settings to a change from `previous` to `next`:
 * switching collect off forces required off; switching required on forces
 * collect on (if both happen at once, collect off wins). Whatever the change,
 * the result never asks for a field that is not collected.
 */
export function coupleCollectionFlags<T extends CollectionFlags>(
  previous: CollectionFlags,
  next: T,
): T {
  const result: T = { ...next };
  const flags: CollectionFlags = result;
  for (const [collect, required] of collectionFieldFlags) {
    const collectSwitchedOff = previous[collect] && !flags[collect];
    const requiredSwitchedOn = !previous[required] && flags[required];
    if (collectSwitchedOff) flags[required] = false;
    else if (requiredSwitchedOn) flags[collect] = true;
    if (!flags[collect]) flags[required] = false;
  }
  return result;
}

const REDIRECT_URL_MAX_LENGTH = 2048;
export const redirectUrlMessages = {
  notAbsolute: 'Redirect URL must be a full web address starting with http:// or https://',
  credentials: 'Redirect URL must not contain a username or password',
  tooLong: `Redirect URL must be at most ${REDIRECT_URL_MAX_LENGTH} characters`,
} as const;

/** Why `value` may not be a redirect target (docs/security.md rule 10), or null when it may. */
export function redirectUrlProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > REDIRECT_URL_MAX_LENGTH) return redirectUrlMessages.tooLong;
  // The WHATWG parser accepts `https:example.com`; an absolute URL spells out `//`.
  if (!/^https?:\/\//i.test(trimmed)) return redirectUrlMessages.notAbsolute;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return redirectUrlMessages.notAbsolute;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    return redirectUrlMessages.notAbsolute;
  }
  if (url.username || url.password) return redirectUrlMessages.credentials;
  return null;
}

/** The stored form of a valid redirect URL (parsed and serialised), or null if it is not one. */
export function safeRedirectUrl(value: string | null | undefined): string | null {
  if (!value || redirectUrlProblem(value) !== null) return null;
  return new URL(value.trim()).href;
}
