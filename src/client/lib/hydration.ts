// Pages rendered on the server are hydrated: their first client render must
// produce the server's markup. What only the browser knows (storage, the
// theme a toast should use) waits for `useHydrated()` to turn true, which it
// does right after hydration, or at once when the page was not server-rendered.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
