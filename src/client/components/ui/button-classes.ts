// The button's classes without the class merger (tailwind-merge): these never
// conflict, so a page that must load little JavaScript (the landing page's
// theme toggle) styles a plain <button> like <Button> with them.
const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

export const BUTTON_VARIANTS = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary: 'bg-muted text-foreground hover:bg-accent hover:text-accent-foreground',
  outline:
    'border border-border bg-card text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  link: 'text-brand-text underline-offset-4 hover:underline',
} as const;

export const BUTTON_SIZES = {
  sm: 'h-9 px-3',
  md: 'h-10 px-4',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

/** The classes of a button of this variant and size. */
export function buttonBaseClasses(
  variant: keyof typeof BUTTON_VARIANTS = 'primary',
  size: keyof typeof BUTTON_SIZES = 'md',
): string {
  return `${BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}
