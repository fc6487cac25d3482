import { describe, expect, it } from 'vitest';
import { FONT_OPTIONS } from './widget-data.js';
import { fontStack, fontStylesheetUrl } from './widget-theme.js';

describe('fonts', () => {
  it('downloads exactly the 11 Google Fonts families, by their Google names', () => {
    const families = FONT_OPTIONS.map(
      (id) => fontStylesheetUrl(id)?.match(/family=([^:]+):/)?.[1] ?? null,
    );
    expect(families).toEqual([
      null,
      'Roboto',
      'Open+Sans',
      'Lato',
      'Montserrat',
      'Poppins',
      'Nunito',
      'Source+Sans+3',
      'PT+Sans',
      'Raleway',
      'Rubik',
      'Ubuntu',
      null,
      null,
      null,
      null,
    ]);
  });

  it('asks for weights 400 and 700 with display=swap', () => {
    expect(fontStylesheetUrl('lato')).toBe(
      'https://fonts.googleapis.com/css2?family=Lato:wght@400;700&display=swap',
    );
  });

  it('matches ids loosely (case, dashes) and falls back to the system font', () => {
    expect(fontStack('Open-Sans')).toMatch(/^"Open Sans",system-ui/);
    expect(fontStack('TIMES NEW ROMAN')).toMatch(/^"Times New Roman",Georgia,.*serif$/);
    expect(fontStack('arial')).toMatch(/^"Arial",system-ui/);
    expect(fontStack('wingdings')).toMatch(/^system-ui/);
    expect(fontStylesheetUrl('wingdings')).toBeNull();
    expect(fontStack('')).toMatch(/^system-ui/);
  });
});
