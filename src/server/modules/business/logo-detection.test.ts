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
    const tags = parseHeadTags(
      `<LINK REL="icon" href='/a.png?x=1&amp;y=2' sizes=32x32><meta property=og:image content="/b.png">`,
    );
    expect(tags).toHaveLength(2);
    expect(tags[0]?.name).toBe('link');
    expect(tags[0]?.attributes.get('href')).toBe('/a.png?x=1&y=2');
    expect(tags[0]?.attributes.get('sizes')).toBe('32x32');
    expect(tags[1]?.attributes.get('property')).toBe('og:image');
  });

  it('skips comments, scripts and styles', () => {
    const tags = parseHeadTags(
      `<!-- <link rel=icon href=/x> --><script><link rel=icon href=/y></script><style>/* <link> */</style><link rel=icon href=/z>`,
    );
    expect(tags.map((tag) => tag.attributes.get('href'))).toEqual(['/z']);
  });
});

describe('parseHeadTags on hostile input', () => {
  const TWO_MB = 2 * 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(TWO_MB / unit.length));

  // Each of these made the old regular expressions take time growing with the square of the size.
  it.each([
    ['unclosed comments', fill('<!--')],
    ['unclosed scripts', fill('<script ')],
    ['unclosed styles', fill('<style>')],
    ['unclosed icon links', fill('<link rel="icon" href=')],
    ['one endless attribute value', `<meta content="${fill('a')}`],
    ['endless bare attributes', `<link ${fill('a=b ')}`],
  ])('parses 2 MB of %s in linear time', (_name, html) => {
    const started = performance.now();
    parseHeadTags(html);
    // Generous bound (docs/security.md rule 24): linear parsing takes a few tens of milliseconds here, the old code 97 s.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('stops at the end of <head>', () => {
    const tags = parseHeadTags(
      `<html><head><link rel=icon href=/head.png></head><body><link rel=icon href=/body.png></body>`,
    );
    expect(tags.map((tag) => tag.attributes.get('href'))).toEqual(['/head.png']);
  });

  it('stops where <body> starts even when </head> is missing', () => {
    const tags = parseHeadTags(
      `<head><meta property=og:image content=/og.png><body><meta property=og:image content=/late.png>`,
    );
    expect(tags.map((tag) => tag.attributes.get('content'))).toEqual(['/og.png']);
  });

  it('keeps the first of repeated attributes, as browsers do', () => {
    const [tag] = parseHeadTags(`<link rel=icon href=/first.png href=/second.png>`);
    expect(tag?.attributes.get('href')).toBe('/first.png');
  });
});
