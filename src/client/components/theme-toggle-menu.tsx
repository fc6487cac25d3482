// The theme toggle with its own tooltip provider, as one module that
// deferred-theme-toggle.tsx loads on demand.
import { ThemeToggle } from './theme-toggle';
import { TooltipProvider } from './ui/tooltip';

export default function ThemeToggleMenu({ defaultOpen }: { defaultOpen: boolean }) {
  return (
    <TooltipProvider>
      <ThemeToggle defaultOpen={defaultOpen} />
    </TooltipProvider>
  );
}
