import { describe, expect, it } from 'vitest';
import { largestSize, parseHeadTags } from './logo-detection.js';

describe('largestSize', () => {
  it.each([
    ['16x16 32x32', 32],
    ['192x192', 192],
    ['any', Number.POSITIVE_INFINITY],
    ['', 0],
    [undefined, 0],
    ['huge', 0],
  ])('%s → %s', (sizes, size) => {
    expect(largestSize(sizes)).toBe(size);
  });
});

describe('parseHeadTags', () => {
  it('reads quoted, single-quoted and bare attributes and decodes entities', () => {
    const tags = parseHeadTags(`<LINK REL="icon" href='/a.png?x=1&amp;y=2' sizes=32x32><meta property=og:image content="/b.png">`);
    expect(tags).toHaveLength(2);
    expect(tags[0]?.name).toBe('link');
    expect(tags[0]?.attributes.get('href')).toBe('/a.png?x=1&y=2');
    expect(tags[0]?.attributes.get('sizes')).toBe('32x32');
    expect(tags[1]?.attributes.get('property')).toBe('og:image');
  });

  it('skips comments, scripts and styles', () => {
    const tags = parseHeadTags(`<!-- <link rel=icon href=/x> --><script><link rel=icon href=/y></script><style>/* <link> */</style><link rel=icon href=/z>`);
    expect(tags.map((tag) => tag.attributes.get('href'))).toEqual(['/z']);
  });
});
