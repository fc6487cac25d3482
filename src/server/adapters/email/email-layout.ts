// The HTML part every email of the product shares. Values are escaped with the one escapeHtml of src/shared.
import { escapeHtml } from '../../../shared/widget-markup.js';

/** A paragraph of the HTML part holding one link drawn as a blue button. */
export const emailButton = (href: string, label: string) =>
  `    <p style="margin: 20px 0;"><a href="${escapeHtml(href)}" style="display: inline-block; background: #2563eb; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none; font-weight: bold;">${escapeHtml(label)}</a></p>`;

/**
 * The HTML part: a greeting, the given paragraphs (HTML, already escaped) and the signature. A message whose
 * text greets and signs itself (a business's request to its customer) leaves both out.
 * The colours are light only, said in the meta tags and the body's background: a dark mail client that darkened
 * the background of an email naming no background kept its dark grey text, unreadable on it.
 */
export const htmlEmail = (
  productName: string,
  paragraphs: string,
  options: { ownGreetingAndSignature?: boolean } = {},
) => `<!doctype html>
<html>
  <head>
    <meta name="color-scheme" content="light">
    <meta name="supported-color-schemes" content="light">
  </head>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; background-color: #ffffff; max-width: 560px;">
${options.ownGreetingAndSignature ? '' : '    <p>Hello,</p>\n'}${paragraphs}
${options.ownGreetingAndSignature ? '' : `    <p>— ${escapeHtml(productName)}</p>\n`}  </body>
</html>`;
