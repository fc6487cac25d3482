import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_LIMIT } from '../../../shared/constants';
import { useTheme } from '../../lib/theme';
import { TOAST_CLEARANCE_VAR } from './toast-clearance';

// Sonner's own distance from the bottom of the screen (24 px, 16 px on phones),
// counted from the top of a bar at the bottom of the screen while one shows
// (toast-clearance.ts), so the toast sits just above it.
const offset = (edge: number) => ({ bottom: `calc(var(${TOAST_CLEARANCE_VAR}, 0px) + ${edge}px)` });

/** Mounted once in app/providers.tsx; one toast at a time (docs/product/limits.md). */
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
      offset={offset(24)}
      mobileOffset={offset(16)}
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
