// The theme toggle of the public header, which the landing page and /terms
// hydrate on their own (landing.tsx) so the page loads little JavaScript: the
// same button, drawn at once, while the menu behind it (Radix dropdown and
// tooltip, about 20 KB, and the class merger's first run) loads only when the
// visitor reaches for it: a pointer over it, focus, or a touch, which then
// opens the menu as soon as it is there. Loading it while the page is idle
// instead cost a long task during load (Lighthouse's Total Blocking Time) for
// a menu most visitors never open. The button stays in place (and keeps
// focus) until the menu's own button replaces it.
import { lazy, startTransition, Suspense, useState } from 'react';
import { ThemeToggleIcon } from './theme-toggle-icon';
import { buttonBaseClasses } from './ui/button-classes';

/** The element around it that landing.tsx hydrates. */
export const THEME_TOGGLE_ISLAND_ID = 'theme-toggle';

const ThemeToggleMenu = lazy(() => import('./theme-toggle-menu'));

export function DeferredThemeToggle() {
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);
  // In a transition, the button already shown stays until the menu has loaded.
  const want = () => startTransition(() => setWanted(true));

  const button = (
    <button
      type="button"
      className={buttonBaseClasses('ghost', 'icon')}
      aria-label="Toggle theme"
      aria-haspopup="menu"
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenAtOnce(true);
        want();
      }}
    >
      <ThemeToggleIcon />
    </button>
  );
  return (
    <Suspense fallback={button}>
      {wanted ? <ThemeToggleMenu defaultOpen={openAtOnce} autoFocus={focused} /> : button}
    </Suspense>
  );
}
