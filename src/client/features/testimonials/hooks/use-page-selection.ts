// The bulk-action selection of the moderation screen. A selection belongs to
// the list it was made on (`scope`: filter, search and page): another list
// starts with nothing selected, so a bulk action only ever acts on what is in view.
import { useState } from 'react';

/** `items` are the list's items on screen; ids no longer among them drop out of the selection. */
export function usePageSelection(scope: string, items: ReadonlyArray<{ id: string }>) {
  const [selection, setSelection] = useState<{ scope: string; ids: ReadonlySet<string> }>({
    scope,
    ids: new Set(),
  });
  const selectedIds =
    selection.scope === scope
      ? items.filter((item) => selection.ids.has(item.id)).map((item) => item.id)
      : [];

  /** Selects (`on`) or unselects `ids`. */
  const select = (ids: readonly string[], on: boolean) =>
    setSelection((current) => {
      const next = new Set(current.scope === scope ? current.ids : []);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { scope, ids: next };
    });

  return {
    selectedIds,
    isSelected: (id: string) => selectedIds.includes(id),
    select,
    clear: () => setSelection({ scope, ids: new Set() }),
    /** Every item on the page is selected. */
    allOnPage: items.length > 0 && selectedIds.length === items.length,
  };
}

export type PageSelection = ReturnType<typeof usePageSelection>;
