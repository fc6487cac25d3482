// The HTML part every email of the product shares. Values are escaped with the one escapeHtml of src/shared.
import { escapeHtml } from '../../../shared/widget-markup.js';

/** The HTML part: a greeting, the given paragraphs (HTML, already escaped) and the signature. */
export const htmlEmail = (productName: string, paragraphs: string) => `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; max-width: 560px;">
    <p>Hello,</p>
${paragraphs}
    <p>— ${escapeHtml(productName)}</p>
  </body>
</html>`;
