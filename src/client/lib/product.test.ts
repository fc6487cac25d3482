import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../shared/constants';
import { readProductName } from './product';

const page = (content: string | null): Pick<Document, 'querySelector'> => ({
  // The whole overloaded method, deprecated tag names included: the rule sees that overload.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  querySelector: (selector: string) =>
    selector === 'meta[name="application-name"]' && content !== null ? { content } : null,
});

describe('readProductName', () => {
  it('reads the name the server wrote into the page', () => {
    expect(readProductName(page(' Kudos Box '))).toBe('Kudos Box');
  });

  it('falls back to the default without the meta tag, with an empty one, or without a document', () => {
    expect(readProductName(page(null))).toBe(PRODUCT_NAME);
    expect(readProductName(page('  '))).toBe(PRODUCT_NAME);
    expect(readProductName(undefined)).toBe(PRODUCT_NAME);
  });
});
