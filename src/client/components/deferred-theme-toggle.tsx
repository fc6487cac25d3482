// The theme toggle of the public header, which the landing page and /terms
// hydrate on their own (landing.tsx) so the page loads little JavaScript: the
// same button, drawn at once, while the menu behind it (Radix dropdown and
// tooltip, about 20 KB, and the class merger's first run) loads only when the
// visitor reaches for it: a pointer over it, focus, or a touch, which then
// opens the menu as soon as it is there. Loading it while the page is idle
// instead cost a long task during load (Lighthouse's Total Blocking Time) for
// a menu most visitors never open. The button stays in place (and keeps
// focus) until the menu's own button replaces it. What the visitor did to the
// button before it was hydrated counts too: a click then opens the menu once
// it is there (the entries remember it: lib/clicks-before-hydration.ts), and
// focus or a pointer over it loads the menu.
import { lazy, startTransition, Suspense, useCallback, useState } from 'react';
import { takeClickBeforeHydration } from '../lib/clicks-before-hydration';
import { THEME_TOGGLE_ISLAND_ID } from './theme-toggle-island';
import { ThemeToggleIcon } from './theme-toggle-icon';
import { buttonBaseClasses } from './ui/button-classes';

const ThemeToggleMenu = lazy(() => import('./theme-toggle-menu'));

export function DeferredThemeToggle() {
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);
  // In a transition, the button already shown stays until the menu has loaded.
  const want = useCallback(() => startTransition(() => setWanted(true)), []);
  // Called when the button is hydrated, which, inside the Suspense boundary,
  // can come after this component's own effects: act on what came before.
  const actOnEarlyUse = useCallback(
    (button: HTMLButtonElement | null) => {
      if (!button) return;
      if (takeClickBeforeHydration(THEME_TOGGLE_ISLAND_ID)) {
        setOpenAtOnce(true);
        want();
      } else if (button === document.activeElement) {
        setFocused(true);
        want();
      } else if (button.matches(':hover')) {
        want();
      }
    },
    [want],
  );

  const button = (
    <button
      ref={actOnEarlyUse}
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
