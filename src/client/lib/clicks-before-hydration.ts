// A button drawn from the server's HTML is on screen before React has
// hydrated it, and a click on it then runs nothing. The entries (entry.ts,
// landing-entry.ts) start listening here before React is even fetched; the
// component takes the click when it hydrates and acts on it, so a visitor's
// early click is not lost. No React here: the entries load this first.

/** Per id: stops listening and says whether a click came. */
const listening = new Map<string, () => boolean>();

/** Remembers a click inside the element with this id until `takeClickBeforeHydration(id)`. */
export function rememberClickBeforeHydration(id: string): void {
  const element = document.getElementById(id);
  if (!element || listening.has(id)) return;
  let clicked = false;
  const onClick = () => {
    clicked = true;
  };
  element.addEventListener('click', onClick);
  listening.set(id, () => {
    element.removeEventListener('click', onClick);
    return clicked;
  });
}

/** Whether the element with this id was clicked before now; stops listening. */
export function takeClickBeforeHydration(id: string): boolean {
  const take = listening.get(id);
  listening.delete(id);
  return take?.() ?? false;
}
