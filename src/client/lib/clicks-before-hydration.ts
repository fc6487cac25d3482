// A button drawn from the server's HTML is on screen before React has
// hydrated it, and a click on it then runs nothing. The entries (entry.ts,
// landing-entry.ts) start listening here before React is even fetched; the
// component takes the click when it hydrates and acts on it, so a visitor's
// early click is not lost. No React here: the entries load this first.

const listening = new Map<string, { clicked: boolean; stop: () => void }>();

/** Remembers a click inside the element with this id until `takeClickBeforeHydration(id)`. */
export function rememberClickBeforeHydration(id: string): void {
  const element = document.getElementById(id);
  if (!element || listening.has(id)) return;
  const onClick = () => {
    const entry = listening.get(id);
    if (entry) entry.clicked = true;
  };
  element.addEventListener('click', onClick);
  listening.set(id, { clicked: false, stop: () => element.removeEventListener('click', onClick) });
}

/** Whether the element with this id was clicked before now; stops listening. */
export function takeClickBeforeHydration(id: string): boolean {
  const entry = listening.get(id);
  if (!entry) return false;
  entry.stop();
  listening.delete(id);
  return entry.clicked;
}
