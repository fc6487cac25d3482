// Modal dialogs of the widget (the whole testimonial, the expanded photo): a
// <dialog> inside the shadow root, shown with showModal() so the top layer
// keeps it above any host-page stacking context. One may open above another
// (a photo from the whole testimonial). Escape, the close button or a click
// on the backdrop closes the top one; focus moves to its close button and
// returns to the element that opened it. Built on open, removed on close.
import { attrs, h, iconButton } from './dom';

export type Modals = {
  /**
   * Opens a dialog named `label` above any open one; `fill` adds its content
   * after the close button; `onKey` handles a key itself (arrows) and says so.
   */
  open: (
    className: string,
    label: string,
    opener: HTMLElement,
    fill: (dialog: HTMLDialogElement) => void,
    onKey?: (key: string) => boolean,
  ) => void;
  closeAll: () => void;
};

/** `onToggle(true)` when the first dialog opens, `onToggle(false)` when the last one closes. */
export function createModals(parent: HTMLElement, onToggle: (open: boolean) => void): Modals {
  const stack: (() => void)[] = [];

  const open: Modals['open'] = (className, label, opener, fill, onKey) => {
    const dialog = attrs(h('dialog', className), { 'aria-modal': 'true', 'aria-label': label });
    const closeButton = iconButton('x', 'Close');
    const close = () => {
      const at = stack.indexOf(close);
      if (at < 0) return;
      stack.splice(at, 1);
      // close() on a closed dialog and focus() on a removed element do nothing. Browsers without
      // <dialog> (Safari before 15.4) have no close().
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      dialog.close?.();
      dialog.remove();
      if (!stack.length) onToggle(false);
      opener.focus();
    };
    closeButton.onclick = close;
    dialog.append(closeButton);
    fill(dialog);
    dialog.onkeydown = (event) => {
      if (event.key === 'Escape') close();
      else if (!onKey?.(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    // A native close request (Escape handled by the browser, Android back) ends up here.
    dialog.oncancel = (event) => {
      event.preventDefault();
      close();
    };
    // A click on the backdrop around the content, not on the content or a button.
    dialog.onclick = (event) => {
      if (event.target === dialog) close();
    };
    parent.append(dialog);
    try {
      dialog.showModal();
    } catch {
      // No <dialog> support (or not connected): show it anyway, fixed over the page.
      dialog.setAttribute('open', '');
    }
    stack.push(close);
    if (stack.length === 1) onToggle(true);
    closeButton.focus();
  };

  return {
    open,
    closeAll() {
      while (stack.length) stack[stack.length - 1]?.();
    },
  };
}
