// toast({ title, description, variant }) over sonner, so screens never import
// sonner directly. <Toaster /> (components/ui/toaster.tsx) shows them.
import { toast as sonnerToast } from 'sonner';

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/** Shows a toast and returns its id (pass to dismissToast to close it early). */
export function toast({ title, description, variant = 'default' }: ToastOptions): string | number {
  const options = description === undefined ? {} : { description };
  switch (variant) {
    case 'destructive':
      return sonnerToast.error(title, options);
    case 'success':
      return sonnerToast.success(title, options);
    default:
      return sonnerToast(title, options);
  }
}

export function dismissToast(id?: string | number): void {
  sonnerToast.dismiss(id);
}
