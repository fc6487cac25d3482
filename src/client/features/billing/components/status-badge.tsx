import { cn } from '../../../lib/utils';

/** "past_due" as "Past due". */
function formatStatus(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

const tones = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/30',
  warn: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-400/30',
  bad: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-400/30',
  neutral: 'bg-muted text-muted-foreground ring-border',
} as const;

const toneOf: Record<string, keyof typeof tones> = {
  active: 'good',
  paid: 'good',
  trialing: 'good',
  canceling: 'warn',
  past_due: 'warn',
  open: 'warn',
  incomplete: 'warn',
  canceled: 'bad',
  refunded: 'neutral',
  partially_refunded: 'neutral',
  unpaid: 'bad',
  uncollectible: 'bad',
  incomplete_expired: 'bad',
};

/** A subscription's or invoice's status in the provider's word, as a coloured pill. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[toneOf[status] ?? 'neutral'],
      )}
    >
      {formatStatus(status)}
    </span>
  );
}
