// The widget's DOM helpers. Text only ever goes in via textContent or text
// nodes: nothing from the data is parsed as HTML (docs/security.md rule 8).
import type { Markup } from '../shared/widget-markup';

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}

export function attrs<E extends Element>(element: E, values: Record<string, string | number>): E {
  for (const name in values) element.setAttribute(name, String(values[name]));
  return element;
}

/** Elements of a Markup tree by their ref, in document order. */
export type Refs = Record<string, HTMLElement[] | undefined>;

/** A shared Markup tree (src/shared/widget-card.ts) as DOM; elements with a ref are collected in `refs`. */
export function toDom(node: Markup, refs: Refs = {}): HTMLElement {
  const element = document.createElement(node.tag);
  for (const name in node.attrs) {
    const value = node.attrs[name];
    if (value !== false && value !== undefined)
      element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of node.children)
    element.append(typeof child === 'string' ? child : toDom(child, refs));
  if (node.ref) (refs[node.ref] ??= []).push(element);
  return element;
}

/** An icon-only button; the icon is drawn in CSS (see widget-styles.ts), so the label is its accessible name. */
export function iconButton(className: string, label: string): HTMLButtonElement {
  return attrs(h('button', `b ${className}`), { type: 'button', 'aria-label': label });
}

/** Arrow key -> step through slides or photos. */
export const ARROW_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
