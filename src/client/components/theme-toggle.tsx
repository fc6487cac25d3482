import { Monitor, Moon, Sun } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useTheme, type Theme } from '../lib/theme';
import { cn } from '../lib/utils';
import { ThemeToggleIcon } from './theme-toggle-icon';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './ui/tooltip';

const OPTIONS: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** Icon button opening a Light / Dark / System menu (`defaultOpen`: open when first shown; `autoFocus`: focused then). */
export function ThemeToggle({
  className,
  defaultOpen = false,
  autoFocus = false,
}: {
  className?: string;
  defaultOpen?: boolean;
  autoFocus?: boolean;
}) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      {/* Its own provider: the only tooltip, so the app's first JavaScript carries none. */}
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger asChild>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className={className}
                aria-label="Toggle theme"
                // Only when it replaces the header button that had focus (deferred-theme-toggle.tsx).
                autoFocus={autoFocus}
              >
                <ThemeToggleIcon />
              </Button>
            </DropdownMenuTrigger>
          </TooltipTrigger>
          <TooltipContent>Toggle theme</TooltipContent>
        </Tooltip>
      </TooltipProvider>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {OPTIONS.map(({ value, label, Icon: OptionIcon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <OptionIcon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Light / Dark / System as a row of buttons, for menus where a dropdown would nest. */
export function ThemeToggleGroup({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <ToggleGroup.Root
      type="single"
      value={theme}
      onValueChange={(value) => {
        // Clicking the chosen option again would clear it: keep a theme selected.
        if (value) setTheme(value as Theme);
      }}
      aria-label="Theme"
      className={cn('grid grid-cols-3 gap-1 rounded-xl bg-muted p-1', className)}
    >
      {OPTIONS.map(({ value, label, Icon: OptionIcon }) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          className="inline-flex items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm"
        >
          <OptionIcon className="size-4 shrink-0" aria-hidden="true" />
          {label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
