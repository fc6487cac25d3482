import { describe, expect, it } from 'vitest';
import { DEFAULT_COLLECTION_FLAGS, type CollectionFlags } from '../collection-settings.js';
import { buildSubmissionSchema, isHoneypotFilled, submissionMessages as M } from './submission.js';

const valid = { authorName: 'Ann', content: 'Lovely bread, truly.', rating: 4 };
const messagesOf = (flags: Partial<CollectionFlags>, input: Record<string, unknown>) => {
  const result = buildSubmissionSchema({ ...DEFAULT_COLLECTION_FLAGS, ...flags }).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('buildSubmissionSchema', () => {
  it('normalises a valid submission', () => {
    const data = buildSubmissionSchema(DEFAULT_COLLECTION_FLAGS).parse({
      ...valid,
      authorEmail: '',
      authorLocation: ' York ',
    });
    expect(data).toEqual({
      authorName: 'Ann',
      authorEmail: null,
      authorBusinessName: null,
      authorLocation: 'York',
      content: 'Lovely bread, truly.',
      rating: 4,
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });
  });

  it('uses the messages of docs/product/collection.md#what-the-form-accepts', () => {
    expect(messagesOf({}, { ...valid, authorName: '' })).toEqual([M.nameRequired]);
    expect(messagesOf({}, { ...valid, authorEmail: 'x' })).toEqual([M.invalidEmail]);
    expect(messagesOf({}, { ...valid, content: 'short' })).toEqual([M.contentTooShort]);
    expect(messagesOf({}, { ...valid, rating: 0 })).toEqual([M.ratingRequired]);
    expect(messagesOf({}, { ...valid, rating: 7 })).toEqual([M.ratingTooHigh]);
    expect(messagesOf({ collectBusinessName: true, businessNameRequired: true }, valid)).toEqual([
      M.businessNameRequired,
    ]);
    expect(messagesOf({ locationRequired: true }, valid)).toEqual([M.locationRequired]);
    expect(messagesOf({ selfieRequired: true }, valid)).toEqual([M.selfieRequired]);
    expect(messagesOf({ productPhotosRequired: true }, valid)).toEqual([M.productPhotosRequired]);
    expect(messagesOf({}, { ...valid, beforeImageUrl: '/b' })).toEqual([M.afterPhotoMissing]);
    expect(messagesOf({}, { ...valid, afterImageUrl: '/a' })).toEqual([M.beforePhotoMissing]);
    expect(
      messagesOf({ beforeAfterPhotosRequired: true }, { ...valid, afterImageUrl: '/a' }),
    ).toEqual([M.beforeAfterRequired]);
  });

  it('drops fields that are not collected', () => {
    const schema = buildSubmissionSchema({
      ...DEFAULT_COLLECTION_FLAGS,
      collectStarRatings: false,
      starRatingsRequired: false,
      collectEmail: false,
    });
    expect(schema.parse({ ...valid, rating: 99, authorEmail: 'nope' })).toMatchObject({
      rating: 0,
      authorEmail: null,
    });
  });
});

describe('isHoneypotFilled', () => {
  it('is true only for a non-empty website field', () => {
    expect(isHoneypotFilled({ website: 'x' })).toBe(true);
    expect(isHoneypotFilled({ website: 1 })).toBe(true);
    expect(isHoneypotFilled({ website: ' ' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
  });
});
