// The id of the element around the header's theme toggle: the landing page
// hydrates only it (landing.tsx), and the entries remember a click on it
// before React is there (lib/clicks-before-hydration.ts). A module without
// React, so the entries can import it.
export const THEME_TOGGLE_ISLAND_ID = 'theme-toggle';
