// Reading the owner's list of customers (docs/product/requests.md#the-requests-screen): typed or
// pasted lines, and the rows of a CSV file. Nothing here judges an address:
// the server's check says which are skipped and why, so a bad one stays in
// the list and shows its reason in the preview.
import { REQUEST_LIMITS, type RequestCustomer } from '../../../shared/schemas/requests';

export type Customer = { name: string; email: string };

/** A cell that holds an address (the server decides whether it is a valid one). */
const looksLikeEmail = (cell: string) => /\S@\S/.test(cell);

/** `"Jane Doe"` and `'Jane'` as the names they quote. */
function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return (quoted?.[2] ?? trimmed).trim();
}

/** `<jane@example.com>` and `mailto:jane@example.com` as the bare address. */
function bareEmail(text: string): string {
  return unquote(text)
    .replace(/^<(.*)>$/, '$1')
    .replace(/^mailto:/i, '')
    .trim();
}

/** Words a header row is made of: no address, and one of these column names. */
const HEADER_WORD = /^(e-?mail( address)?|name|first ?name|last ?name|full ?name|customer)$/i;

/** One line's customers: `Name <email>`, `Name, email`, `email, Name`, `email`, or cells split by tabs, commas or semicolons. */
function readLine(line: string): Customer[] {
  const angled = /^(.*?)<([^<>]*)>\s*[,;]?$/.exec(line);
  if (angled) {
    const [, name = '', email = ''] = angled;
    return [{ name: unquote(name.replace(/[,;]\s*$/, '')), email: bareEmail(email) }];
  }
  const separator = line.includes('\t') ? '\t' : /[,;]/;
  const cells = line
    .split(separator)
    .map((cell) => cell.trim())
    .filter(Boolean);
  const emails = cells.filter(looksLikeEmail);
  const others = cells.filter((cell) => !looksLikeEmail(cell)).map(unquote);
  // Several addresses and nothing else: a list of addresses on one line.
  if (emails.length > 1 && others.length === 0) {
    return emails.map((email) => ({ name: '', email: bareEmail(email) }));
  }
  if (emails.length === 0) {
    // No address at all: kept as it is, so the preview says it is not one.
    return [{ name: '', email: line.trim() }];
  }
  return [{ name: others.join(' '), email: bareEmail(emails[0] ?? '') }];
}

/**
 * The customers of the text box, one per line, in order. Blank lines are
 * dropped, and so is a spreadsheet's header row (`Name⇥Email`) when it comes
 * first.
 */
export function parseCustomerText(text: string): Customer[] {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const [first] = lines;
  if (first !== undefined && isHeaderRow(first.split(/\t|,|;/))) lines.shift();
  return lines.flatMap(readLine);
}

/** True for a row of column names: no address in it, and at least one known column name. */
export function isHeaderRow(cells: readonly string[]): boolean {
  const trimmed = cells.map((cell) => unquote(cell)).filter(Boolean);
  return (
    trimmed.length > 0 &&
    !trimmed.some(looksLikeEmail) &&
    trimmed.some((cell) => HEADER_WORD.test(cell))
  );
}

/** The columns of a CSV file: their titles (from its header row, else "Column 1", …) and its data rows. */
export type CsvTable = { columns: string[]; rows: string[][]; hasHeader: boolean };

/** Splits a parsed CSV into a header (when its first row is one) and its rows, dropping empty rows. */
export function toCsvTable(parsed: readonly (readonly string[])[]): CsvTable {
  const rows = parsed
    .map((row) => row.map((cell) => cell.trim()))
    .filter((row) => row.some(Boolean));
  const width = Math.max(0, ...rows.map((row) => row.length));
  const [first = []] = rows;
  const hasHeader = isHeaderRow(first);
  const titles = hasHeader ? first : [];
  const columns = Array.from(
    { length: width },
    (_, index) => titles[index] || `Column ${index + 1}`,
  );
  return { columns, rows: hasHeader ? rows.slice(1) : rows, hasHeader };
}

/** Which column holds the name and which the email; -1: none. */
export type ColumnMapping = { name: number; email: number };

const EMAIL_TITLE = /e-?mail/i;
const NAME_TITLES = [/^(full ?)?name$/i, /first ?name|given/i, /name/i];

/**
 * The likely columns: by their titles (email, e-mail; name, then first name,
 * then anything named), else the email column is the first whose cells hold
 * addresses, and the name column the first other column with text.
 */
export function guessColumns({ columns, rows }: CsvTable): ColumnMapping {
  const sample = rows.slice(0, 20);
  const byTitle = (pattern: RegExp, not = -1) =>
    columns.findIndex((title, index) => index !== not && pattern.test(title));
  let email = byTitle(EMAIL_TITLE);
  if (email === -1) {
    email = columns.findIndex((_, index) => sample.some((row) => looksLikeEmail(row[index] ?? '')));
  }
  let name = -1;
  for (const pattern of NAME_TITLES) {
    name = byTitle(pattern, email);
    if (name !== -1) break;
  }
  if (name === -1) {
    name = columns.findIndex(
      (_, index) =>
        index !== email &&
        sample.some((row) => Boolean(row[index]) && !looksLikeEmail(row[index] ?? '')),
    );
  }
  return { name, email };
}

/** The customers of a CSV table under a mapping; rows without an email cell are left out. */
export function customersFromTable({ rows }: CsvTable, mapping: ColumnMapping): Customer[] {
  if (mapping.email === -1) return [];
  return rows
    .map((row) => ({
      name: mapping.name === -1 ? '' : unquote(row[mapping.name] ?? ''),
      email: bareEmail(row[mapping.email] ?? ''),
    }))
    .filter((customer) => customer.email !== '');
}

/** The longest address the API takes; a longer one is cut, and the check then calls it invalid. */
const EMAIL_MAX = 320;

/** The customers as the API takes them: a name too long for it is cut rather than refusing the whole list. */
export function toRequestCustomers(customers: readonly Customer[]): RequestCustomer[] {
  return customers.map(({ name, email }) => ({
    name: name.slice(0, REQUEST_LIMITS.nameMax),
    email: email.slice(0, EMAIL_MAX),
  }));
}
