// The theme toggle as the default export of its own module, which
// deferred-theme-toggle.tsx loads on demand.
import { ThemeToggle } from './theme-toggle';

export default function ThemeToggleMenu({
  defaultOpen,
  autoFocus,
}: {
  defaultOpen: boolean;
  /** The button it replaces had focus: its own takes it. */
  autoFocus: boolean;
}) {
  return <ThemeToggle defaultOpen={defaultOpen} autoFocus={autoFocus} />;
}
