import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

export type Choice<T extends string> = { value: T; label: string; icon?: ReactNode };

/**
 * A segmented control made of native radio buttons: one tab stop, arrow keys
 * move the choice, and screen readers hear a radio group named by the legend.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  className,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-muted p-1">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors select-none hover:text-foreground',
              'has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              '[&_svg]:size-4 [&_svg]:shrink-0',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.icon}
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
