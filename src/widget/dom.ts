// The one DOM helper of the widget. Text only ever goes in via textContent:
// nothing from the data is parsed as HTML (SECURITY.md §8).

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

/** An icon-only button; the icon is drawn in CSS (see styles.ts), so the label is its accessible name. */
export function iconButton(className: string, label: string): HTMLButtonElement {
  return attrs(h('button', `b ${className}`), { type: 'button', 'aria-label': label });
}

/** Arrow key -> step through slides or photos. */
export const ARROW_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
