import { Button } from '../../../components/ui/button';

/** A card's content could not be loaded: say so and offer a retry. */
export function CardLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 py-4">
      <p className="text-sm text-muted-foreground">We couldn&apos;t load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
