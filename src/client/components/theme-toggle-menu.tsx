// The theme toggle as the default export of its own module, which
// deferred-theme-toggle.tsx loads on demand.
import { ThemeToggle } from './theme-toggle';

export default function ThemeToggleMenu({ defaultOpen }: { defaultOpen: boolean }) {
  return <ThemeToggle defaultOpen={defaultOpen} />;
}
