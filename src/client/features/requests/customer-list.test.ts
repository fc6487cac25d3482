import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../../shared/schemas/requests';
import {
  customersFromTable,
  guessColumns,
  isHeaderRow,
  parseCustomerText,
  toCsvTable,
  toRequestCustomers,
} from './customer-list';

describe('parseCustomerText', () => {
  it('reads Name <email>, with or without quotes', () => {
    expect(
      parseCustomerText('Jane Doe <jane@example.com>\n"Doe, John" <john@example.com>'),
    ).toEqual([
      { name: 'Jane Doe', email: 'jane@example.com' },
      { name: 'Doe, John', email: 'john@example.com' },
    ]);
  });

  it('reads Name, email and email, Name and Name; email', () => {
    expect(
      parseCustomerText('Jane Doe, jane@example.com\nbob@example.com, Bob\nAnn; ann@example.com'),
    ).toEqual([
      { name: 'Jane Doe', email: 'jane@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
      { name: 'Ann', email: 'ann@example.com' },
    ]);
  });

  it('reads a bare address, blank lines and spaces aside', () => {
    expect(parseCustomerText('\n  jane@example.com  \r\n\r\nmailto:bob@example.com\n')).toEqual([
      { name: '', email: 'jane@example.com' },
      { name: '', email: 'bob@example.com' },
    ]);
  });

  it('reads a spreadsheet paste: tab-separated cells, the header row dropped, first and last names joined', () => {
    const pasted =
      'First name\tLast name\tEmail\nJane\tDoe\tjane@example.com\nBob\t\tbob@example.com';
    expect(parseCustomerText(pasted)).toEqual([
      { name: 'Jane Doe', email: 'jane@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
    ]);
  });

  it('reads several bare addresses on one line as several customers', () => {
    expect(parseCustomerText('a@example.com, b@example.com')).toEqual([
      { name: '', email: 'a@example.com' },
      { name: '', email: 'b@example.com' },
    ]);
  });

  it('keeps a line without an address, for the check to call it invalid', () => {
    expect(parseCustomerText('Jane Doe\njane@example.com')).toEqual([
      { name: '', email: 'Jane Doe' },
      { name: '', email: 'jane@example.com' },
    ]);
  });

  it('reads nothing from blank text', () => {
    expect(parseCustomerText('  \n\n ')).toEqual([]);
  });
});

describe('isHeaderRow', () => {
  it('is a row of column names without an address', () => {
    expect(isHeaderRow(['Name', 'E-mail'])).toBe(true);
    expect(isHeaderRow(['"First Name"', 'Email address'])).toBe(true);
    expect(isHeaderRow(['Jane', 'jane@example.com'])).toBe(false);
    expect(isHeaderRow(['Jane', 'Doe'])).toBe(false);
  });
});

describe('CSV tables', () => {
  it('takes the header row as the column titles and guesses name and email from them', () => {
    const table = toCsvTable([
      ['Order', 'E-mail', 'First Name', 'City'],
      ['1', 'jane@example.com', 'Jane', 'Lyon'],
      ['', '', '', ''],
      ['2', 'bob@example.com', 'Bob', 'Oslo'],
    ]);
    expect(table.hasHeader).toBe(true);
    expect(table.columns).toEqual(['Order', 'E-mail', 'First Name', 'City']);
    expect(table.rows).toHaveLength(2);
    expect(guessColumns(table)).toEqual({ name: 2, email: 1 });
  });

  it('prefers a full name column to a first name column', () => {
    const table = toCsvTable([
      ['First name', 'Name', 'Email'],
      ['Jane', 'Jane Doe', 'jane@example.com'],
    ]);
    expect(guessColumns(table)).toEqual({ name: 1, email: 2 });
  });

  it('without a header, numbers the columns and guesses from the cells', () => {
    const table = toCsvTable([
      ['jane@example.com', 'Jane'],
      ['bob@example.com', 'Bob'],
    ]);
    expect(table.hasHeader).toBe(false);
    expect(table.columns).toEqual(['Column 1', 'Column 2']);
    expect(guessColumns(table)).toEqual({ name: 1, email: 0 });
    expect(customersFromTable(table, { name: 1, email: 0 })).toEqual([
      { name: 'Jane', email: 'jane@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
    ]);
  });

  it('reads the mapped columns, without a name column too, and leaves out rows without an email', () => {
    const table = toCsvTable([
      ['Name', 'Email'],
      ['Jane', 'jane@example.com'],
      ['Nobody', ''],
    ]);
    expect(customersFromTable(table, { name: -1, email: 1 })).toEqual([
      { name: '', email: 'jane@example.com' },
    ]);
    expect(customersFromTable(table, { name: 0, email: -1 })).toEqual([]);
  });
});

describe('toRequestCustomers', () => {
  it('cuts a name the API would refuse', () => {
    const [customer] = toRequestCustomers([{ name: 'x'.repeat(300), email: 'a@example.com' }]);
    expect(customer?.name).toHaveLength(REQUEST_LIMITS.nameMax);
  });
});
