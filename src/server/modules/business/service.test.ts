import { describe, expect, it } from 'vitest';
import { slugify } from './service.js';

describe('slugify', () => {
  it.each([
    ['Acme Bakery', 'acme-bakery'],
    ['  Café Müller & Sons!  ', 'cafe-muller-sons'],
    ['---', 'business'],
    ['日本の店', 'business'],
    ['A'.repeat(60), 'a'.repeat(40)],
    [`${'word '.repeat(7)}end`, 'word-word-word-word-word-word-word-end'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('never ends in a dash when cut', () => {
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });
});
