import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useIsSigningOut } from '../../../lib/session';

/**
 * Asks before unsaved changes are left behind: a dialog for links inside the
 * app, the browser's own prompt for reloads and closing the tab. A logout is
 * never held up (the session is gone either way).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const signingOut = useIsSigningOut();
  const active = when && !signingOut;
  const keepEditing = useRef<HTMLButtonElement>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent
        // The safe choice has focus, so Enter never throws changes away.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          keepEditing.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            Your widget changes haven&apos;t been saved. If you leave now, they&apos;re lost.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
          <Button ref={keepEditing} onClick={() => blocker.reset?.()}>
            Keep editing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
