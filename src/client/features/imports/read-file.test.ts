// What the Import screen reads of a file before anything is sent: its rows, columns and format, and the reason it
// cannot be read.
import { describe, expect, it } from 'vitest';
import { fileKind, fileProblem, readImportFile, readImportText } from './read-file';
import { TEXT } from './texts';

describe('readImportText', () => {
  it('counts the rows of a CSV under its header, blank lines left out, and keeps the first five', () => {
    const rows = Array.from({ length: 7 }, (_, index) => `Person ${index + 1},"Said, ""hi"""`);
    const read = readImportText('csv', `name,text\n${rows.join('\n')}\n\n`);
    expect(read).toMatchObject({
      kind: 'csv',
      columns: ['name', 'text'],
      rowCount: 7,
      detected: 'csv',
    });
    expect(read.rows).toHaveLength(5);
    expect(read.rows[0]).toEqual({ name: 'Person 1', text: 'Said, "hi"' });
  });

  it('trims the column names, as the server does', () => {
    expect(readImportText('csv', ' name , text\nJane,Hi\n').columns).toEqual(['name', 'text']);
  });

  it('tells a Trustpilot export by its columns', () => {
    const read = readImportText('csv', 'Review Id,Review Stars,Review Content\nr1,5,Great\n');
    expect(read.detected).toBe('trustpilot');
  });

  it('refuses a CSV with a header and no rows, and one with nothing at all', () => {
    expect(() => readImportText('csv', 'name,text\n')).toThrow(TEXT.csvEmpty);
    expect(() => readImportText('csv', '')).toThrow(TEXT.csvUnreadable);
  });

  it('reads a JSON list of flat items: the columns are their keys with text or numbers', () => {
    const read = readImportText(
      'json',
      JSON.stringify([
        { name: 'Jane', text: 'Lovely', rating: 5, tags: ['a'] },
        { name: 'Bob', review: 'Good' },
      ]),
    );
    expect(read).toMatchObject({
      kind: 'json',
      columns: ['name', 'text', 'rating', 'review'],
      rowCount: 2,
      detected: 'csv',
    });
  });

  it('reads Google reviews, as a list or under "reviews", from the first review it meets', () => {
    const review = { reviewId: 'g1', starRating: 'FIVE', comment: 'Great' };
    expect(readImportText('json', JSON.stringify({ reviews: [review] })).detected).toBe('google');
    expect(readImportText('json', JSON.stringify([{}, review])).detected).toBe('google');
  });

  it('finds the list under "testimonials" or "data" too', () => {
    const items = [{ name: 'Jane', text: 'Lovely' }];
    expect(readImportText('json', JSON.stringify({ testimonials: items })).rowCount).toBe(1);
    expect(readImportText('json', JSON.stringify({ data: items })).rowCount).toBe(1);
  });

  it('says why a JSON file cannot be read', () => {
    expect(() => readImportText('json', '{"reviews":')).toThrow(TEXT.jsonUnreadable);
    expect(() => readImportText('json', '{"items":[]}')).toThrow(TEXT.jsonNotAList);
    expect(() => readImportText('json', '[]')).toThrow(TEXT.jsonEmpty);
  });
});

describe('the file chosen', () => {
  it('is CSV or JSON by its extension, else its type', () => {
    expect(fileKind({ name: 'Export.CSV', type: '' })).toBe('csv');
    expect(fileKind({ name: 'reviews.json', type: 'text/plain' })).toBe('json');
    expect(fileKind({ name: 'download', type: 'application/json' })).toBe('json');
    expect(fileKind({ name: 'reviews.xlsx', type: 'application/vnd.ms-excel' })).toBeNull();
  });

  it('is refused over 10 MB, or when it is neither', () => {
    expect(fileProblem({ name: 'a.csv', type: 'text/csv', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: 'a.csv', type: 'text/csv', size: 10 * 1024 * 1024 + 1 })).toBe(
      TEXT.tooLarge,
    );
    expect(fileProblem({ name: 'a.xlsx', type: '', size: 10 })).toBe(TEXT.notCsvOrJson);
  });
});

describe('readImportFile', () => {
  it('reads UTF-8, and refuses other bytes as the server would', async () => {
    const utf8 = new Blob([new TextEncoder().encode('\uFEFFname,text\nJosé,Café\n')]);
    expect((await readImportFile(utf8, 'csv')).rows).toEqual([{ name: 'José', text: 'Café' }]);
    const latin1 = new Blob([
      Uint8Array.from([0x6e, 0x2c, 0x74, 0x0a, 0x4a, 0xe9, 0x2c, 0x43, 0x0a]),
    ]);
    await expect(readImportFile(latin1, 'csv')).rejects.toThrow(TEXT.notUtf8);
  });
});
