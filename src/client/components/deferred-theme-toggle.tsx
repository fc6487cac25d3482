// The theme toggle of the public header, which the landing page hydrates on
// its own (landing.tsx) so the page loads little JavaScript: the same button,
// drawn at once, while the menu behind it (Radix
// dropdown and tooltip, about 20 KB) loads when the browser is idle, or at
// the first touch of the button, which then opens the menu as soon as it is there.
import { lazy, Suspense, useEffect, useState } from 'react';
import { ThemeToggleIcon } from './theme-toggle-icon';
import { buttonBaseClasses } from './ui/button-classes';

/** The element around it that landing.tsx hydrates. */
export const THEME_TOGGLE_ISLAND_ID = 'theme-toggle';

const ThemeToggleMenu = lazy(() => import('./theme-toggle-menu'));

export function DeferredThemeToggle() {
  const [wanted, setWanted] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);

  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setWanted(true), 1000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setWanted(true), { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);

  const button = (
    <button
      type="button"
      className={buttonBaseClasses('ghost', 'icon')}
      aria-label="Toggle theme"
      aria-haspopup="menu"
      onClick={() => {
        setOpenAtOnce(true);
        setWanted(true);
      }}
    >
      <ThemeToggleIcon />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeToggleMenu defaultOpen={openAtOnce} />
    </Suspense>
  );
}
