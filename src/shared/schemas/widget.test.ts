import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizePublicWidget, normalizeWidgetSettings } from '../widget-data.js';
import {
  FONT_OPTIONS,
  SAMPLE_TESTIMONIALS,
  WIDGET_SETTINGS_DEFAULTS,
  publicWidgetSchema,
  widgetSettingsSchema,
} from './widget.js';

describe('widgetSettingsSchema', () => {
  it('accepts the defaults of docs/product/widget.md#widget-settings', () => {
    expect(widgetSettingsSchema.parse(WIDGET_SETTINGS_DEFAULTS)).toEqual(WIDGET_SETTINGS_DEFAULTS);
    expect(WIDGET_SETTINGS_DEFAULTS).toMatchObject({
      backgroundColor: '#FFFFFF',
      innerContainerColor: '#FFFFFF',
      textColor: '#1F2937',
      fontFamily: 'inter',
      fontSize: 'base',
      showBranding: false,
      showBusinessName: false,
      showRatings: true,
      autoRotate: true,
      headerText: '',
      headerAlignment: 'left',
    });
  });

  it('reads md as base', () => {
    expect(
      widgetSettingsSchema.parse({ ...WIDGET_SETTINGS_DEFAULTS, fontSize: 'md' }).fontSize,
    ).toBe('base');
  });

  it.each([
    ['backgroundColor', 'red'],
    ['textColor', '#12345'],
    ['innerContainerColor', '#1234567'],
    ['textColor', '#GGGGGG'],
    ['fontSize', 'xl'],
    ['headerAlignment', 'justify'],
    ['headerText', 'x'.repeat(121)],
    ['layout', 'grid'],
    ['showRatings', 'yes'],
  ])('refuses %s = %s', (key, value) => {
    expect(
      widgetSettingsSchema.safeParse({ ...WIDGET_SETTINGS_DEFAULTS, [key]: value }).success,
    ).toBe(false);
  });

  it('lists the 16 fonts of docs/product/widget.md#widget-settings in order', () => {
    expect(FONT_OPTIONS).toHaveLength(16);
    expect(FONT_OPTIONS[0]).toBe('inter');
    expect(FONT_OPTIONS.at(-1)).toBe('times new roman');
  });
});

describe('publicWidgetSchema', () => {
  it('converts to a strict JSON Schema (usable as a Fastify response schema)', () => {
    expect(() => z.toJSONSchema(publicWidgetSchema, { io: 'output' })).not.toThrow();
  });

  it('accepts the sample testimonials', () => {
    const payload = {
      business: { name: 'Acme', logoUrl: null, collectionSlug: 'acme' },
      settings: WIDGET_SETTINGS_DEFAULTS,
      testimonials: SAMPLE_TESTIMONIALS,
    };
    expect(publicWidgetSchema.parse(payload).testimonials).toHaveLength(4);
  });

  it('refuses a rating above 5 and a non-ISO date', () => {
    const sample = SAMPLE_TESTIMONIALS[0];
    const base = {
      business: { name: 'A', logoUrl: null, collectionSlug: 'a' },
      settings: WIDGET_SETTINGS_DEFAULTS,
    };
    expect(
      publicWidgetSchema.safeParse({ ...base, testimonials: [{ ...sample, rating: 6 }] }).success,
    ).toBe(false);
    expect(
      publicWidgetSchema.safeParse({ ...base, testimonials: [{ ...sample, date: 'yesterday' }] })
        .success,
    ).toBe(false);
  });
});

describe('normalizeWidgetSettings', () => {
  it('fills unset and null fields with the defaults (show flags true, showBusinessName false)', () => {
    expect(normalizeWidgetSettings({ showRatings: null, showBusinessName: null })).toEqual(
      WIDGET_SETTINGS_DEFAULTS,
    );
    expect(normalizeWidgetSettings(undefined)).toEqual(WIDGET_SETTINGS_DEFAULTS);
  });

  it('keeps valid values and drops invalid ones', () => {
    const settings = normalizeWidgetSettings({
      showRatings: false,
      backgroundColor: '#000000',
      textColor: 'expression(alert(1))',
      fontSize: 'md',
      headerAlignment: 'diagonal',
      headerText: '  Hello  ',
    });
    expect(settings).toMatchObject({
      showRatings: false,
      backgroundColor: '#000000',
      textColor: '#1F2937',
      fontSize: 'base',
      headerAlignment: 'left',
      headerText: 'Hello',
    });
    expect(widgetSettingsSchema.safeParse(settings).success).toBe(true);
  });
});

describe('normalizePublicWidget', () => {
  it('turns anything into a renderable payload', () => {
    expect(normalizePublicWidget('nonsense')).toEqual({
      business: { name: '', logoUrl: null, collectionSlug: '' },
      settings: WIDGET_SETTINGS_DEFAULTS,
      testimonials: [],
    });
    const { testimonials } = normalizePublicWidget({
      testimonials: [{ content: 'Hi', rating: 9, productImageUrls: ['/a.jpg', 3, ''] }, {}, null],
    });
    expect(testimonials).toHaveLength(1);
    expect(testimonials[0]).toMatchObject({
      content: 'Hi',
      rating: 5,
      productImageUrls: ['/a.jpg'],
      authorImageUrl: null,
    });
  });

  it('keeps a source mark with a name, its address only when it is text, and drops a malformed one', () => {
    const read = (source: unknown) =>
      normalizePublicWidget({ testimonials: [{ content: 'Hi', source }] }).testimonials[0];
    expect(read({ name: ' Google ', url: 'https://g.page/r/1' })?.source).toEqual({
      name: 'Google',
      url: 'https://g.page/r/1',
    });
    expect(read({ name: 'Google', url: 7 })?.source).toEqual({ name: 'Google', url: null });
    for (const source of [undefined, null, 'google', { name: '' }, { name: 3 }, { url: 'x' }])
      expect(read(source)).not.toHaveProperty('source');
  });

  it('keeps the product name the server sends, and only a non-empty string', () => {
    expect(normalizePublicWidget({ productName: ' Kudos Box ' }).productName).toBe('Kudos Box');
    for (const productName of [undefined, '', '  ', 42, { name: 'x' }]) {
      expect(normalizePublicWidget({ productName })).not.toHaveProperty('productName');
    }
  });
});
