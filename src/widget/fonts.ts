// Loads the one Google Fonts stylesheet of a non-default font (the font stacks
// and which fonts download live in src/shared/widget-theme.ts): ONE link per
// family, added once to document.head. Loading a Google font sends the
// visitor's IP to Google: the owner opts in by choosing the font.
import { fontStylesheetUrl } from '../shared/widget-theme';

/** Adds the font's stylesheet link to document.head unless it is there already. */
export function loadFont(id: string): void {
  const href = fontStylesheetUrl(id);
  if (!href || document.head.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
