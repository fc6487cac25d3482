// The moderation schemas shared by the edit dialog and the server (docs/product/testimonials.md#edit-rules).
import { describe, expect, it } from 'vitest';
import { submissionMessages } from './submission.js';
import {
  BEFORE_AFTER_MESSAGES,
  beforeAfterPairIssue,
  bulkTestimonialsInputSchema,
  dedupeTags,
  listTestimonialsQuerySchema,
  testimonialEditFormSchema,
  updateTestimonialInputSchema,
} from './testimonials.js';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}) => result.error?.issues[0]?.message;

describe('testimonial edit form', () => {
  const valid = {
    authorName: ' Jane ',
    authorEmail: '',
    authorLocation: '  ',
    content: ' Great ',
    rating: 5,
    status: 'approved',
    tags: [' vegan', 'Vegan ', 'local'],
  };

  it('trims, empties optional text to null, and drops duplicate tags whatever their case', () => {
    expect(testimonialEditFormSchema.parse(valid)).toEqual({
      authorName: 'Jane',
      authorEmail: null,
      authorLocation: null,
      content: 'Great',
      rating: 5,
      status: 'approved',
      tags: ['vegan', 'local'],
    });
  });

  it.each([
    [{ authorName: '' }, 'Author name is required'],
    [{ content: '   ' }, 'Content is required'],
    [{ rating: 0 }, 'Please select a rating'],
    [{ rating: 6 }, 'Rating cannot be more than 5'],
    [{ authorEmail: 'nope' }, 'Invalid email format'],
    [{ tags: [''] }, 'Tag cannot be empty'],
    [{ tags: ['x'.repeat(41)] }, 'Tag must be at most 40 characters'],
    [{ content: 'a\u0000b' }, 'Text contains an invalid character'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage(testimonialEditFormSchema.safeParse({ ...valid, ...change }))).toBe(
      message,
    );
  });

  it('takes {status} alone in a PATCH, and approvedAt only as text or null', () => {
    expect(updateTestimonialInputSchema.parse({ status: 'rejected' })).toEqual({
      status: 'rejected',
    });
    expect(updateTestimonialInputSchema.safeParse({ approvedAt: 5 }).success).toBe(false);
  });
});

describe('dedupeTags', () => {
  it('keeps the first spelling, in order', () => {
    expect(dedupeTags(['B', 'a', 'b', 'A', 'c'])).toEqual(['B', 'a', 'c']);
  });
});

describe('list query', () => {
  it('defaults page 1 of 20 and treats empty values as unset', () => {
    expect(
      listTestimonialsQuerySchema.parse({ status: '', q: '', page: '', pageSize: '' }),
    ).toEqual({ page: 1, pageSize: 20, sort: 'newest' });
  });

  it('folds whitespace in the search and coerces numbers', () => {
    expect(
      listTestimonialsQuerySchema.parse({ q: '  two \n\t words ', page: '3', pageSize: '50' }),
    ).toEqual({
      q: 'two words',
      page: 3,
      pageSize: 50,
      sort: 'newest',
    });
  });
});

describe('bulk input', () => {
  it('deduplicates ids, whatever their case', () => {
    const id = '0b5e3c1e-8a4f-4f0e-9d7a-2c1b3a4d5e6f';
    expect(
      bulkTestimonialsInputSchema.parse({ action: 'approve', ids: [id, id.toUpperCase()] }).ids,
    ).toEqual([id]);
  });
});

describe('beforeAfterPairIssue: the one before/after pairing rule', () => {
  it("accepts both photos or neither; refuses one without the other, with the public form's message", () => {
    expect(beforeAfterPairIssue({ beforeImageUrl: null, afterImageUrl: null })).toBeNull();
    expect(beforeAfterPairIssue({ beforeImageUrl: '/b', afterImageUrl: '/a' })).toBeNull();
    expect(beforeAfterPairIssue({ beforeImageUrl: '/b', afterImageUrl: null })).toEqual({
      path: 'afterImageUrl',
      message: 'Please add an after photo, or remove the before photo.',
    });
    expect(beforeAfterPairIssue({ beforeImageUrl: '  ', afterImageUrl: '/a' })).toEqual({
      path: 'beforeImageUrl',
      message: 'Please add a before photo, or remove the after photo.',
    });
    expect(BEFORE_AFTER_MESSAGES).toMatchObject({
      afterPhotoMissing: submissionMessages.afterPhotoMissing,
      beforePhotoMissing: submissionMessages.beforePhotoMissing,
    });
  });
});
