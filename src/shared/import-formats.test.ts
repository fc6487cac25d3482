import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  defaultMapping,
  detectCsvFormat,
  readGoogleReview,
  readMappedRow,
  type RawImportRow,
} from './import-formats.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const good: RawImportRow = { name: 'Ana', text: 'Lovely people.' };
const reasonOf = (row: RawImportRow) => {
  const checked = checkImportRow(row, NOW);
  return checked.ok ? null : checked.reason;
};

describe('detectCsvFormat', () => {
  it("knows each peer's export by the columns only it has, and anything else as a plain CSV", () => {
    expect(
      detectCsvFormat(['Review Created (UTC)', 'Review Content', 'Review Stars', 'Name']),
    ).toBe('trustpilot');
    expect(detectCsvFormat(['id', 'text', 'rating', 'customer_name', 'customer_avatar'])).toBe(
      'senja',
    );
    expect(detectCsvFormat(['ID', 'Name', 'Text', 'Rating', 'Video URL'])).toBe('testimonialto');
    expect(detectCsvFormat(['Name', 'Text', 'Rating'])).toBe('csv');
  });
});

describe('defaultMapping', () => {
  it('finds the columns whatever their case and punctuation, preferring the first candidate', () => {
    expect(
      defaultMapping('csv', ['Full Name', 'E-mail', 'Review', 'Stars', 'Author Name']),
    ).toEqual({ name: 'Author Name', email: 'E-mail', text: 'Review', rating: 'Stars' });
  });

  it("reads Vouchly's own export back", () => {
    const exported = ['authorName', 'authorEmail', 'authorBusinessName', 'content', 'submittedAt'];
    expect(defaultMapping('csv', exported)).toMatchObject({
      name: 'authorName',
      email: 'authorEmail',
      company: 'authorBusinessName',
      text: 'content',
      date: 'submittedAt',
    });
  });
});

describe('readMappedRow and readGoogleReview', () => {
  it('take only the mapped columns that hold a value', () => {
    expect(
      readMappedRow(
        { Who: 'Ana', What: 'Hi', Extra: 'x', Stars: 5 },
        { name: 'Who', text: 'What', rating: 'Stars', email: 'Mail' },
      ),
    ).toEqual({
      name: 'Ana',
      text: 'Hi',
      rating: '5',
    });
  });

  it('reads a Google review, its stars from ONE to FIVE', () => {
    expect(
      readGoogleReview({
        reviewId: 'r1',
        reviewer: { displayName: 'Nora', profilePhotoUrl: 'https://lh3.example/p.jpg' },
        starRating: 'THREE',
        comment: 'Fine.',
        createTime: '2025-05-10T15:22:08Z',
      }),
    ).toEqual({
      id: 'r1',
      name: 'Nora',
      photoUrl: 'https://lh3.example/p.jpg',
      rating: '3',
      text: 'Fine.',
      date: '2025-05-10T15:22:08Z',
    });
    expect(readGoogleReview('not a review')).toEqual({});
  });
});

describe('checkImportRow', () => {
  it('takes a row with a name and a text, and gives every value its stored form', () => {
    expect(
      checkImportRow(
        {
          ...good,
          email: ' ana@example.com ',
          rating: '4',
          date: '2025-01-02',
          tags: 'Bread; bread | Cakes',
          link: 'https://senja.io/r/1',
          id: 'x1',
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      candidate: {
        authorName: 'Ana',
        authorEmail: 'ana@example.com',
        authorBusinessName: null,
        authorLocation: null,
        content: 'Lovely people.',
        rating: 4,
        submittedAt: new Date('2025-01-02T00:00:00Z'),
        photoUrl: null,
        tags: ['Bread', 'Cakes'],
        sourceUrl: 'https://senja.io/r/1',
        sourceId: 'x1',
      },
    });
  });

  it('says why it refuses a row', () => {
    expect(reasonOf({ name: 'Ana' })).toBe('Has no text');
    expect(reasonOf({ text: 'Hello there' })).toBe('Has no name');
    for (const rating of ['7', '-1', '4.5', 'five'])
      expect(reasonOf({ ...good, rating })).toBe(
        'Rating must be a whole number from 1 to 5, or empty',
      );
    expect(reasonOf({ ...good, rating: '' })).toBeNull();
    expect(reasonOf({ ...good, date: 'last Tuesday' })).toBe('Date "last Tuesday" is not a date');
    expect(reasonOf({ ...good, date: '2027-01-01' })).toBe('Date is in the future');
    expect(reasonOf({ ...good, email: 'ana at example' })).toBe(
      'Email "ana at example" is not an email address',
    );
    expect(reasonOf({ ...good, photoUrl: 'javascript:alert(1)' })).toBe(
      'Photo URL is not a web address',
    );
    expect(reasonOf({ ...good, text: 'a'.repeat(5001) })).toBe(
      'Text is longer than 5000 characters',
    );
    expect(reasonOf({ ...good, name: 'A\u0000' })).toBe('Contains an invalid character');
    expect(reasonOf({ ...good, tags: 'x'.repeat(41) })).toBe('A tag is longer than 40 characters');
  });

  it('drops a link that is not a web address instead of refusing the row', () => {
    const checked = checkImportRow({ ...good, link: 'javascript:alert(1)' }, NOW);
    expect(checked.ok && checked.candidate.sourceUrl).toBeNull();
  });
});
