// The HTML part every email of the product shares. Values are escaped with the one escapeHtml of src/shared.
import { escapeHtml } from '../../../shared/widget-markup.js';

/**
 * The HTML part: a greeting, the given paragraphs (HTML, already escaped) and the signature. A message whose
 * text greets and signs itself (a business's request to its customer) leaves both out.
 */
export const htmlEmail = (
  productName: string,
  paragraphs: string,
  options: { ownGreetingAndSignature?: boolean } = {},
) => `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; max-width: 560px;">
${options.ownGreetingAndSignature ? '' : '    <p>Hello,</p>\n'}${paragraphs}
${options.ownGreetingAndSignature ? '' : `    <p>— ${escapeHtml(productName)}</p>\n`}  </body>
</html>`;
