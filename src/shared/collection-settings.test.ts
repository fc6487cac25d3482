import { describe, expect, it } from 'vitest';
import {
  coupleCollectionFlags,
  DEFAULT_COLLECTION_FLAGS,
  redirectUrlMessages,
  redirectUrlProblem,
  safeRedirectUrl,
  type CollectionFlags,
} from './collection-settings.js';

const defaults: CollectionFlags = DEFAULT_COLLECTION_FLAGS;

describe('coupleCollectionFlags', () => {
  it('turns required off when collect is switched off', () => {
    const next = coupleCollectionFlags(defaults, { ...defaults, collectName: false });
    expect(next).toMatchObject({ collectName: false, nameRequired: false });
  });

  it('turns collect on when required is switched on', () => {
    const next = coupleCollectionFlags(defaults, { ...defaults, businessNameRequired: true });
    expect(next).toMatchObject({ collectBusinessName: true, businessNameRequired: true });
  });

  it('lets collect off win when both switch at once', () => {
    const next = coupleCollectionFlags(defaults, {
      ...defaults,
      collectEmail: false,
      emailRequired: true,
    });
    expect(next).toMatchObject({ collectEmail: false, emailRequired: false });
  });

  it('never leaves a field required but not collected, whatever it is given', () => {
    const broken = { ...defaults, collectLocation: false, locationRequired: true };
    expect(coupleCollectionFlags(broken, broken)).toMatchObject({
      collectLocation: false,
      locationRequired: false,
    });
  });

  it('leaves other fields and extra properties alone and does not mutate its inputs', () => {
    const before = { ...defaults, welcomeMessage: 'Hi' };
    const next = coupleCollectionFlags(defaults, before);
    expect(next).toEqual(before);
    expect(next).not.toBe(before);
    expect(defaults).toEqual(DEFAULT_COLLECTION_FLAGS);
  });
});

describe('redirect URLs', () => {
  it('accepts absolute http(s) URLs', () => {
    for (const url of [
      'https://acme.example',
      'http://acme.example/thanks?x=1#y',
      'HTTPS://ACME.EXAMPLE',
    ]) {
      expect(redirectUrlProblem(url), url).toBeNull();
    }
    expect(safeRedirectUrl(' https://Acme.Example/a ')).toBe('https://acme.example/a');
  });

  it('refuses other schemes, relative and protocol-relative URLs and credentials', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/thanks',
      '//evil.example',
      'ftp://a.example',
      'https:evil.example',
      'http://',
    ]) {
      expect(redirectUrlProblem(url), url).toBe(redirectUrlMessages.notAbsolute);
      expect(safeRedirectUrl(url)).toBeNull();
    }
    expect(redirectUrlProblem('https://me:pw@acme.example')).toBe(redirectUrlMessages.credentials);
    expect(safeRedirectUrl(null)).toBeNull();
  });
});
