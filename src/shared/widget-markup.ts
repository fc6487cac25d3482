// The widget's markup as plain data: a tree of elements and text that
// widget-card.ts builds once and two writers turn into output. toHtml (here)
// writes escaped HTML for the server's no-script page; the widget turns the
// same tree into DOM nodes with createElement and text nodes (src/widget/dom.ts),
// so nothing from the data is ever parsed as HTML in the browser.

/** An attribute: a string or number is written out; true is an empty attribute (`hidden=""`); false or undefined is left out. */
export type MarkupValue = string | number | boolean | undefined;

export type Markup = {
  tag: string;
  attrs: Record<string, MarkupValue>;
  children: (Markup | string)[];
  /** A name the widget looks the element up by, to wire behaviour to it; never written out. */
  ref?: string;
};

/** An element. Tag and attribute names are always constants of our code; values and text come from the data. */
export const el = (
  tag: string,
  attrs: Record<string, MarkupValue> = {},
  children: (Markup | string | null | false)[] = [],
  ref?: string,
): Markup => ({
  tag,
  attrs,
  // Leaves out what a condition turned off: null, false and empty text.
  children: children.filter((child): child is Markup | string => !!child),
  ref,
});

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Elements that have no end tag. */
const VOID = new Set(['img', 'br', 'hr', 'meta', 'link', 'input']);

/** The tree as HTML: every attribute value and every text escaped. */
export function toHtml(node: Markup | string): string {
  if (typeof node === 'string') return escapeHtml(node);
  let html = `<${node.tag}`;
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === true) html += ` ${name}=""`;
    else if (value !== false && value !== undefined)
      html += ` ${name}="${escapeHtml(String(value))}"`;
  }
  html += '>';
  if (VOID.has(node.tag)) return html;
  return `${html}${node.children.map(toHtml).join('')}</${node.tag}>`;
}
