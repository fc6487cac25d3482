// A search box's text as a LIKE pattern, for the repositories that search (testimonials, requests).

/** `%text%` for LIKE, with the pattern characters of `text` escaped with `\` (PostgreSQL's default ESCAPE). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
