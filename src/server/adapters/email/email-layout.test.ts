import { describe, expect, it } from 'vitest';
import { htmlEmail } from './email-layout.js';

describe('htmlEmail', () => {
  it('names its light colours, text and background, so a dark mail client does not leave dark text on dark', () => {
    const html = htmlEmail('Vouchly', '    <p>Hi</p>');
    expect(html).toContain('<meta name="color-scheme" content="light">');
    expect(html).toMatch(/<body style="[^"]*color: #1f2937;[^"]*background-color: #ffffff;/);
  });
});
