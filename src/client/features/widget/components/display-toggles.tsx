// The Display section: one switch per thing a testimonial can show (docs/product/widget.md#widget-settings).
import { Controller } from 'react-hook-form';
import type { WidgetSettings } from '../../../../shared/schemas/widget';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { productName } from '../../../lib/product';
import { useWidgetForm } from '../hooks/use-widget-settings-form';

type ToggleKey = {
  [K in keyof WidgetSettings]: WidgetSettings[K] extends boolean ? K : never;
}[keyof WidgetSettings];

const DISPLAY_TOGGLES: readonly { name: ToggleKey; label: string; hint: string }[] = [
  { name: 'showRatings', label: 'Show ratings', hint: 'Stars above each testimonial.' },
  { name: 'showDates', label: 'Show dates', hint: 'When each testimonial was approved.' },
  { name: 'showLocation', label: 'Show location', hint: "The customer's town or region." },
  {
    name: 'showPersonalPhotos',
    label: 'Show personal photos',
    hint: "The customer's photo, or their initials without one.",
  },
  {
    name: 'showBeforeAfterPhotos',
    label: 'Show before/after photos',
    hint: 'Before and after shots; visitors can enlarge them.',
  },
  {
    name: 'showProductImages',
    label: 'Show product images',
    hint: 'Photos customers added of what they bought.',
  },
  {
    name: 'showSources',
    label: 'Show where each testimonial came from',
    hint: 'A small “via Google” or “via Trustpilot” on testimonials you imported, linking to the original.',
  },
  {
    name: 'showBusinessName',
    label: 'Show business name',
    hint: 'Your name and logo above the testimonials.',
  },
  {
    name: 'showInvite',
    label: 'Invite the first testimonial',
    hint: 'Until you approve one, your website shows a card asking visitors to write one. Off: an empty space of the same height.',
  },
  {
    name: 'showBranding',
    label: 'Show branding',
    hint: `A small “Powered by ${productName}” link.`,
  },
  {
    name: 'autoRotate',
    label: 'Auto-rotate',
    hint: 'Moves on every 4 seconds; pauses while a visitor points at or uses it.',
  },
];

export function DisplayToggles() {
  const { control } = useWidgetForm();
  return (
    <ul className="-my-3 divide-y divide-border">
      {DISPLAY_TOGGLES.map(({ name, label, hint }) => (
        <li key={name} className="flex items-center justify-between gap-4 py-3">
          <div className="grid gap-1">
            <Label htmlFor={`toggle-${name}`}>{label}</Label>
            <p id={`toggle-${name}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                id={`toggle-${name}`}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`toggle-${name}-hint`}
              />
            )}
          />
        </li>
      ))}
    </ul>
  );
}
