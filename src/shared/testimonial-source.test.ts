import { describe, expect, it } from 'vitest';
import { SOURCE_OF_FORMAT } from './import-formats';
import { sourceLabel, sourceMarkName } from './testimonial-source';

describe('sourceMarkName', () => {
  it('names every import format from another platform, and no mark for a CSV file', () => {
    expect(sourceMarkName(SOURCE_OF_FORMAT.google)).toBe('Google');
    expect(sourceMarkName(SOURCE_OF_FORMAT.trustpilot)).toBe('Trustpilot');
    expect(sourceMarkName(SOURCE_OF_FORMAT.senja)).toBe('Senja');
    expect(sourceMarkName(SOURCE_OF_FORMAT.testimonialto)).toBe('Testimonial.to');
    expect(sourceMarkName(SOURCE_OF_FORMAT.csv)).toBeNull();
  });

  it('has no mark for the form', () => {
    expect(sourceMarkName(null)).toBeNull();
    expect(sourceMarkName(undefined)).toBeNull();
    expect(sourceMarkName('   ')).toBeNull();
  });

  it('reads a known source in any case', () => {
    expect(sourceMarkName('GOOGLE')).toBe('Google');
    expect(sourceMarkName(' Trustpilot ')).toBe('Trustpilot');
    expect(sourceMarkName('linkedin')).toBe('LinkedIn');
  });

  it('names an API caller’s source that reads as a name, with capitals where it has none', () => {
    expect(sourceMarkName('yelp')).toBe('Yelp');
    expect(sourceMarkName('g2')).toBe('G2');
    expect(sourceMarkName('product hunt')).toBe('Product Hunt');
    expect(sourceMarkName('HomeAdvisor')).toBe('HomeAdvisor');
    expect(sourceMarkName('capterra.com')).toBe('Capterra.com');
    expect(sourceMarkName('Bäckerei-Verband')).toBe('Bäckerei-Verband');
  });

  it('has no mark for a word of how it came in, a code, an address or a sentence', () => {
    for (const source of [
      'csv-import',
      'API',
      'manual',
      'Imported',
      'json file',
      'example',
      'import_2024',
      '2024 reviews',
      'https://yelp.com/biz/x',
      'owner@example.com',
      'reviews we collected at the spring fair',
      'a'.repeat(31),
      '<script>',
    ])
      expect(sourceMarkName(source), source).toBeNull();
  });
});

describe('sourceLabel', () => {
  it('is the proper name where there is one, else the source as sent', () => {
    expect(sourceLabel('google')).toBe('Google');
    expect(sourceLabel('testimonial.to')).toBe('Testimonial.to');
    expect(sourceLabel('csv')).toBe('CSV');
    expect(sourceLabel('yelp')).toBe('Yelp');
    expect(sourceLabel('csv-import')).toBe('csv-import');
  });
});
