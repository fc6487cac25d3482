// "Something the public widget shows has changed": services call
// invalidateWidget(businessId) after their change has committed (testimonial
// status, edits, deletes and images; widget settings; business name, logo and
// slug). The public widget cache of every app in this process listens.
// Process-wide on purpose: apps sharing one database (tests, several apps in
// one process) all drop their copy. Other server processes do not hear it;
// their cache entries expire on their own (see public-cache.ts).

type Listener = (businessId: string) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with the business id after every change; returns the unsubscribe function. */
export function onWidgetInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Drops every cached public widget of the business at once. Never throws. */
export function invalidateWidget(businessId: string): void {
  for (const listener of listeners) {
    try {
      listener(businessId);
    } catch {
      // A listener must not fail the change that has already committed.
    }
  }
}
