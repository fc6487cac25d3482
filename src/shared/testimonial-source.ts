// What a testimonial's `source` is called (docs/product/testimonials.md#sources): its proper name on the owner's
// screens ("Imported from Google") and the mark a widget card may show ("via Google",
// docs/product/widget.md#source-mark). A source is whatever an import or an API v1 caller wrote; null is the form.
// Zod-free: the server and the client both use it (the widget script does not: the server sends the name).

/** The proper names of the sources Vouchly knows, by their lower-case spelling: the import formats' and a few more. */
const KNOWN_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  trustpilot: 'Trustpilot',
  senja: 'Senja',
  'testimonial.to': 'Testimonial.to',
  csv: 'CSV',
  linkedin: 'LinkedIn',
  producthunt: 'Product Hunt',
  appsumo: 'AppSumo',
};

/** Words that say how a testimonial came in, not where it was written: a source made of one gets no mark. */
const NOT_A_PLACE = new Set([
  'api',
  'csv',
  'demo',
  'email',
  'example',
  'excel',
  'export',
  'file',
  'form',
  'import',
  'imported',
  'json',
  'manual',
  'other',
  'sample',
  'spreadsheet',
  'test',
  'unknown',
]);

/** At most this long, and this many words, to read as a name on a small mark. */
const NAME_MAX = 30;
const NAME_WORDS_MAX = 3;

/** Words of letters and digits, starting with a letter, joined by one space, dot, hyphen, ampersand or apostrophe. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{N}]*(?:[ .&'-][\p{L}\p{N}]+)*$/u;

/** "product hunt" as "Product Hunt"; a spelling with a capital in it ("HomeAdvisor") is kept as it is. */
const capitalised = (name: string): string =>
  name === name.toLowerCase()
    ? name.replace(
        /(^|\s)(\p{L})/gu,
        (_match, space: string, letter: string) => space + letter.toUpperCase(),
      )
    : name;

/**
 * The name a source reads as on a widget card ("Google", "Yelp", "Product Hunt"), or null when it reads as none:
 * the form (null), a CSV file, a word for how it came in ("api", "csv-import"), or a code ("import_2024", an address).
 */
export function sourceMarkName(source: string | null | undefined): string | null {
  const value = source?.trim() ?? '';
  if (!value) return null;
  const key = value.toLowerCase();
  const known = KNOWN_NAMES[key];
  if (known) return NOT_A_PLACE.has(key) ? null : known;
  if (value.length > NAME_MAX || !NAME_PATTERN.test(value)) return null;
  const words = key.split(/[ .&'-]/);
  if (value.split(' ').length > NAME_WORDS_MAX || words.some((word) => NOT_A_PLACE.has(word)))
    return null;
  return capitalised(value);
}

/** The source as the owner reads it ("Imported from Google", "Imported from CSV"): its name, else as it was sent. */
export function sourceLabel(source: string): string {
  return KNOWN_NAMES[source.trim().toLowerCase()] ?? sourceMarkName(source) ?? source;
}
