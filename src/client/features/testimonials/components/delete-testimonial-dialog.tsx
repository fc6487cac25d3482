// "Delete Testimonial" (SPEC §2): warns that it cannot be undone; "Delete
// Forever" deletes. The same confirmation guards a bulk delete.
import type { ReactNode } from 'react';
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
} from '../../../components/ui/alert-dialog';
import { Spinner } from '../../../components/ui/spinner';

export function DeleteTestimonialDialog({
  open,
  onOpenChange,
  description,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What goes, e.g. "the testimonial from Jane Doe". */
  description: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  /** The button that opens it. */
  children?: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? null : onOpenChange(next))}>
      {children ? <AlertDialogTrigger asChild>{children}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Testimonial</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently delete {description}, photos included. This action cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner /> : null}
            Delete Forever
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
