import { Moon, Sun } from 'lucide-react';

/**
 * Sun in light mode, moon in dark: chosen by the page's class, not by state,
 * so a page rendered before its script already shows the right one.
 */
export function ThemeToggleIcon() {
  return (
    <>
      <Sun className="dark:hidden" aria-hidden="true" />
      <Moon className="hidden dark:block" aria-hidden="true" />
    </>
  );
}
