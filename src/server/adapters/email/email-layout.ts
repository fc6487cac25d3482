// The HTML part every email of the product shares: escaping and the one layout.

/** Escapes text for the HTML part (element content and quoted attribute values). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The HTML part: a greeting, the given paragraphs (HTML, already escaped) and the signature. */
export const htmlEmail = (productName: string, paragraphs: string) => `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937;">
    <p>Hello,</p>
${paragraphs}
    <p>— ${escapeHtml(productName)}</p>
  </body>
</html>`;
