// A confirmation for a change that cannot be taken back (replace or revoke
// the API key, disconnect a site, cancel the subscription, delete
// testimonials): it stays open while the change runs and closes when it is
// done, either way. It keeps its own open state unless the caller passes
// `open` and `onOpenChange`.
import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';

export function ConfirmDialog({
  trigger,
  open: openProp,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCloseAutoFocus,
}: {
  /** The button that opens it; none when the caller opens it through `open`. */
  trigger?: ReactNode;
  /** Controlled: whether it is open (pair with `onOpenChange`). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** Its paragraphs (each a <p>). */
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** The confirming button's text while `pending`, beside a spinner. */
  pendingLabel: string;
  pending: boolean;
  /** Starts the change; call `done` once it has settled to close the dialog. */
  onConfirm: (done: () => void) => void;
  /** Radix's: `event.preventDefault()` keeps focus off the trigger (the change moved it elsewhere). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            pending={pending}
            pendingText={pendingLabel}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
