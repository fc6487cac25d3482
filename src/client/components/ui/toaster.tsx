import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_LIMIT } from '../../../shared/constants';
import { useTheme } from '../../lib/theme';

/** Mounted once in app/providers.tsx; one toast at a time (SPEC §9). */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      visibleToasts={TOAST_VISIBLE_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      position="bottom-right"
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
