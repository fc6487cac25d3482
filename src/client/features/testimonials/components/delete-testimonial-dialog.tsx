// "Delete Testimonial" (docs/product/testimonials.md#testimonials-screen): warns that it cannot be undone; "Delete
// Forever" deletes. The same confirmation guards a bulk delete.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

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
  /** Closing is the caller's: it knows when the delete has settled. */
  onConfirm: () => void;
  /** The button that opens it. */
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      trigger={children}
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Testimonial"
      description={
        <p>
          This will permanently delete {description}, photos included. This action cannot be undone.
        </p>
      }
      confirmLabel="Delete Forever"
      pendingLabel="Delete Forever"
      pending={pending}
      onConfirm={() => onConfirm()}
    />
  );
}
