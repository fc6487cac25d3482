// "Something the public widget shows has changed", in two kinds:
// - invalidateWidget(businessId): services call it after their change has
//   committed (testimonial status, edits, deletes and images; widget
//   settings; business name, logo and slug);
// - wixSiteChanged(wixSiteId): a Wix site was linked or unlinked, so the
//   business GET /wix/widget shows for it changed (or it became unknown).
// The public widget cache of every app in this process listens. Process-wide
// on purpose: apps sharing one database (tests, several apps in one process)
// all drop their copy. Other server processes do not hear it; their cache
// entries expire on their own (see public-cache.ts).

type Listener = (id: string) => void;

function channel() {
  const listeners = new Set<Listener>();
  return {
    /** Calls `listener` with the id after every change; returns the unsubscribe function. */
    listen: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Never throws: a listener must not fail the change that has already committed. */
    emit: (id: string): void => {
      for (const listener of listeners) {
        try {
          listener(id);
        } catch {
          // See above.
        }
      }
    },
  };
}

const widgetChanges = channel();
const wixSiteChanges = channel();

export const onWidgetInvalidated = widgetChanges.listen;
/** Drops every cached public widget of the business at once. */
export const invalidateWidget = widgetChanges.emit;

export const onWixSiteChanged = wixSiteChanges.listen;
/** Drops what this process remembers about the Wix site (its business, or that it is unknown). */
export const wixSiteChanged = wixSiteChanges.emit;
