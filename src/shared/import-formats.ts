// What an imported file's rows mean (docs/product/imports.md): the formats a switcher brings, how their columns map to a
// testimonial's fields, and the check of one row. Shared by the server, which imports, and the Import screen, which
// previews the first rows and lets the owner change the mapping before anything is sent.
import { RATING_MAX, RATING_MIN } from './constants.js';
import { dedupeTags, hasNoNul, TESTIMONIAL_LIMITS } from './schemas/testimonials.js';

export const importFormats = [
  'auto',
  'csv',
  'senja',
  'testimonialto',
  'trustpilot',
  'google',
] as const;
export type ImportFormat = (typeof importFormats)[number];
/** A format once `auto` has been resolved. */
export type KnownImportFormat = Exclude<ImportFormat, 'auto'>;

/** What a testimonial's `source` says of where it came from. */
export const SOURCE_OF_FORMAT: Record<KnownImportFormat, string> = {
  csv: 'csv',
  senja: 'senja',
  testimonialto: 'testimonial.to',
  trustpilot: 'trustpilot',
  google: 'google',
};

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  auto: 'Detect from the file',
  csv: 'CSV or JSON, any columns',
  senja: 'Senja export (CSV)',
  testimonialto: 'Testimonial.to export (CSV)',
  trustpilot: 'Trustpilot reviews (CSV)',
  google: 'Google reviews (JSON)',
};

/** The fields a column can fill; `id` is the source's own id, `link` the address of the original. */
export const importFields = [
  'name',
  'email',
  'company',
  'location',
  'text',
  'rating',
  'date',
  'photoUrl',
  'tags',
  'link',
  'id',
] as const;
export type ImportField = (typeof importFields)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  location: 'Location',
  text: 'Text',
  rating: 'Rating',
  date: 'Date',
  photoUrl: 'Photo URL',
  tags: 'Tags',
  link: 'Link to the original',
  id: 'Id at the source',
};

/** Which column fills which field: the column's name as the file's header row spells it. */
export type ImportMapping = Partial<Record<ImportField, string>>;

/** A header reduced to what tells columns apart: lower case, letters and digits only. */
const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

type Candidates = Partial<Record<ImportField, readonly string[]>>;

// Each format's columns, as headerKey() reduces them, in order of preference. The generic CSV also knows the
// columns of Vouchly's own export (authorName, content, submittedAt…), so an export comes back in as it went out.
const GENERIC: Candidates = {
  name: ['name', 'authorname', 'fullname', 'customername', 'reviewer', 'reviewername', 'author'],
  email: ['email', 'authoremail', 'emailaddress', 'customeremail'],
  company: ['company', 'authorbusinessname', 'companyname', 'business', 'organization'],
  location: ['location', 'authorlocation', 'city', 'country'],
  text: ['text', 'content', 'testimonial', 'review', 'comment', 'message', 'feedback', 'body'],
  rating: ['rating', 'stars', 'starrating', 'score'],
  date: ['date', 'submittedat', 'createdat', 'created', 'reviewdate'],
  photoUrl: ['photourl', 'authorimageurl', 'photo', 'avatar', 'avatarurl', 'image', 'imageurl'],
  tags: ['tags', 'labels'],
  link: ['link', 'url', 'sourceurl', 'reviewurl'],
  id: ['id', 'reviewid'],
};

const CANDIDATES: Record<Exclude<KnownImportFormat, 'google'>, Candidates> = {
  csv: GENERIC,
  // Senja's CSV export: the customer's details under customer_*, the testimonial's own under plain names.
  senja: {
    name: ['customername'],
    email: ['customeremail'],
    company: ['customercompany'],
    location: ['customerlocation'],
    text: ['text'],
    rating: ['rating'],
    date: ['date', 'createdat'],
    photoUrl: ['customeravatar'],
    tags: ['tags'],
    link: ['url'],
    id: ['id'],
  },
  // Testimonial.to's CSV export of a space's testimonials.
  testimonialto: {
    name: ['name'],
    email: ['email'],
    company: ['company', 'title'],
    location: ['location'],
    text: ['text', 'testimonial'],
    rating: ['rating'],
    date: ['date', 'submittedat', 'createdat'],
    photoUrl: ['avatar', 'image', 'userphoto'],
    tags: ['tags'],
    link: ['link', 'url'],
    id: ['id'],
  },
  // Trustpilot's review export from its business site.
  trustpilot: {
    name: ['name', 'consumername', 'reviewconsumername'],
    email: ['email', 'consumeremail'],
    location: ['location', 'consumerlocation', 'reviewconsumercountry'],
    text: ['reviewcontent', 'reviewtext'],
    rating: ['reviewstars', 'stars'],
    date: ['reviewcreatedutc', 'reviewcreated', 'reviewdate'],
    tags: ['tags'],
    id: ['reviewid', 'id'],
  },
};

// Columns that only one format's export has, so that `auto` can tell them apart from a spreadsheet.
const SIGNATURES: [KnownImportFormat, string[]][] = [
  ['trustpilot', ['reviewstars', 'reviewcontent']],
  ['senja', ['customername', 'text']],
  ['testimonialto', ['name', 'text', 'videourl']],
];

/** The format a CSV's header row says it is; `csv` when no peer's export matches. */
export function detectCsvFormat(headers: readonly string[]): KnownImportFormat {
  const keys = new Set(headers.map(headerKey));
  return SIGNATURES.find(([, columns]) => columns.every((key) => keys.has(key)))?.[0] ?? 'csv';
}

/** For the generic CSV: whether a JSON item is in the Google Business Profile review shape. */
export const isGoogleReview = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && 'reviewId' in item && 'starRating' in item;

/** The columns of `headers` that fill each field in `format`, as the Import screen presets them. */
export function defaultMapping(
  format: Exclude<KnownImportFormat, 'google'>,
  headers: readonly string[],
): ImportMapping {
  const byKey = new Map(headers.map((header) => [headerKey(header), header]));
  const mapping: ImportMapping = {};
  for (const field of importFields) {
    const column = CANDIDATES[format][field]
      ?.map((key) => byKey.get(key))
      .find((header) => header !== undefined);
    if (column !== undefined) mapping[field] = column;
  }
  return mapping;
}

/**
 * The format's preset with the owner's changes: a column named for a field replaces the preset's, and `""` leaves
 * the field out (a file's email column the owner does not want to keep).
 */
export function withMapping(preset: ImportMapping, changes: ImportMapping = {}): ImportMapping {
  const merged: ImportMapping = { ...preset, ...changes };
  return Object.fromEntries(
    importFields.flatMap((field) => (merged[field] ? [[field, merged[field]]] : [])),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

/** The list a JSON file holds: the file itself, or its `reviews` (Google's answer), `testimonials` or `data`. */
export function jsonItemsOf(root: unknown): unknown[] | null {
  const candidates = [
    root,
    ...(isRecord(root) ? [root.reviews, root.testimonials, root.data] : []),
  ];
  return candidates.find((value): value is unknown[] => Array.isArray(value)) ?? null;
}

/** The items looked at for a JSON file's columns. */
const JSON_ITEMS_FOR_COLUMNS = 200;

/** A JSON list's columns: the keys that hold text or a number in its first items, in the order first seen. */
export function jsonColumnsOf(items: readonly unknown[]): string[] {
  const columns = new Set<string>();
  for (const item of items.slice(0, JSON_ITEMS_FOR_COLUMNS).filter(isRecord)) {
    for (const [key, value] of Object.entries(item)) if (isScalar(value)) columns.add(key);
  }
  return [...columns];
}

/** One row's values by field, before they are checked. */
export type RawImportRow = Partial<Record<ImportField, string>>;

/** A row of a CSV (or a flat JSON item) read through a mapping. */
export function readMappedRow(record: unknown, mapping: ImportMapping): RawImportRow {
  const row: RawImportRow = {};
  if (!isRecord(record)) return row;
  for (const field of importFields) {
    const column = mapping[field];
    const value = column === undefined ? undefined : record[column];
    if (isScalar(value)) row[field] = String(value);
  }
  return row;
}

const GOOGLE_STARS: Record<string, string> = {
  ONE: '1',
  TWO: '2',
  THREE: '3',
  FOUR: '4',
  FIVE: '5',
  STAR_RATING_UNSPECIFIED: '',
};

const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A review in the Google Business Profile shape (the reviews API, and a Google Takeout archive). */
export function readGoogleReview(item: unknown): RawImportRow {
  const review = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const reviewer = (
    typeof review.reviewer === 'object' && review.reviewer !== null ? review.reviewer : {}
  ) as Record<string, unknown>;
  const stars = stringOr(review.starRating);
  const fields: [ImportField, string | undefined][] = [
    ['id', stringOr(review.reviewId)],
    ['name', stringOr(reviewer.displayName)],
    ['photoUrl', stringOr(reviewer.profilePhotoUrl)],
    ['text', stringOr(review.comment)],
    ['rating', stars === undefined ? undefined : (GOOGLE_STARS[stars] ?? stars)],
    ['date', stringOr(review.createTime)],
  ];
  // Only the fields the review has, as a mapped CSV row holds only the columns it has.
  return Object.fromEntries(
    fields.filter((entry): entry is [ImportField, string] => entry[1] !== undefined),
  );
}

/** A row that passed the check, with every value in its stored form. */
export type ImportCandidate = {
  authorName: string;
  authorEmail: string | null;
  authorBusinessName: string | null;
  authorLocation: string | null;
  content: string;
  rating: number;
  /** When the customer wrote it; null when the file does not say. */
  submittedAt: Date | null;
  photoUrl: string | null;
  tags: string[];
  sourceUrl: string | null;
  /** The source's own id; null when the file has none (the server then keys the row by its content). */
  sourceId: string | null;
};

export type CheckedImportRow =
  { ok: true; candidate: ImportCandidate } | { ok: false; reason: string };

const L = TESTIMONIAL_LIMITS;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RATING_MESSAGE = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or empty`;

const clean = (value: string | undefined): string => (value ?? '').trim();
const orNull = (value: string): string | null => (value === '' ? null : value);

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The check of one row, with the reason a person reads in the report when it fails. `now` bounds the date: a
 * testimonial is not written in the future.
 */
export function checkImportRow(row: RawImportRow, now: Date): CheckedImportRow {
  const fail = (reason: string): CheckedImportRow => ({ ok: false, reason });
  if (!Object.values(row).every(hasNoNul)) return fail('Contains an invalid character');
  const content = clean(row.text);
  if (content === '') return fail('Has no text');
  if (content.length > L.contentMax) return fail(`Text is longer than ${L.contentMax} characters`);
  const authorName = clean(row.name);
  if (authorName === '') return fail('Has no name');
  if (authorName.length > L.authorNameMax)
    return fail(`Name is longer than ${L.authorNameMax} characters`);
  const email = clean(row.email);
  if (email !== '' && (!EMAIL.test(email) || email.length > L.authorEmailMax))
    return fail(`Email "${email.slice(0, 60)}" is not an email address`);
  const company = clean(row.company);
  if (company.length > L.authorNameMax)
    return fail(`Company is longer than ${L.authorNameMax} characters`);
  const location = clean(row.location);
  if (location.length > L.authorLocationMax)
    return fail(`Location is longer than ${L.authorLocationMax} characters`);

  const ratingText = clean(row.rating);
  const rating = ratingText === '' ? 0 : Number(ratingText);
  if (
    !Number.isInteger(rating) ||
    rating < 0 ||
    rating > RATING_MAX ||
    (rating > 0 && rating < RATING_MIN)
  )
    return fail(RATING_MESSAGE);

  const dateText = clean(row.date);
  const submittedAt = dateText === '' ? null : new Date(dateText);
  if (submittedAt && Number.isNaN(submittedAt.getTime()))
    return fail(`Date "${dateText.slice(0, 40)}" is not a date`);
  if (submittedAt && submittedAt.getTime() > now.getTime()) return fail('Date is in the future');

  const photoUrl = clean(row.photoUrl);
  if (photoUrl !== '' && (!httpUrl(photoUrl) || photoUrl.length > L.imageUrlMax))
    return fail('Photo URL is not a web address');
  const link = clean(row.link);
  const sourceUrl = link !== '' && httpUrl(link) && link.length <= L.imageUrlMax ? link : null;

  const tags = dedupeTags(
    clean(row.tags)
      .split(/[,;|]/)
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  );
  if (tags.length > L.tagsMax) return fail(`Has more than ${L.tagsMax} tags`);
  if (tags.some((tag) => tag.length > L.tagMax))
    return fail(`A tag is longer than ${L.tagMax} characters`);

  return {
    ok: true,
    candidate: {
      authorName,
      authorEmail: orNull(email),
      authorBusinessName: orNull(company),
      authorLocation: orNull(location),
      content,
      rating,
      submittedAt,
      photoUrl: orNull(photoUrl),
      tags,
      sourceUrl,
      sourceId: orNull(clean(row.id).slice(0, 200)),
    },
  };
}

/**
 * The key of a testimonial from a source that gave it an id: the same for a row of an imported file and for a review
 * a connected source syncs, so the two meet on one testimonial (docs/decisions/0035).
 */
export const keyOfSourceId = (sourceId: string): string => `id:${sourceId.slice(0, 200)}`;

/** The address of a review on Trustpilot, from its id. */
export const trustpilotReviewUrl = (reviewId: string): string =>
  `https://www.trustpilot.com/reviews/${encodeURIComponent(reviewId)}`;
