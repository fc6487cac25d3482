// The root route's element: every page, public or signed in, renders inside.
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

export function AppRoot() {
  useFocusMainOnNavigation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * After a client-side navigation, move focus to <main> so screen readers start
 * at the new page, unless the new page already put focus inside it (autofocus).
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}
