// Page states shared by the owner screens that need a business first.
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

type LoadErrorProps = { what: string; onRetry: () => void };

/** Something inside a card could not be loaded: say so (and why, when `why` is known) and offer a retry. */
export function CardLoadError({ what, why, onRetry }: LoadErrorProps & { why?: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 py-4">
      <p className="text-sm text-muted-foreground">
        We couldn&apos;t load {what}.{why ? ` ${why}` : null}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A card's list has nothing in it (yet, or for this filter): what is missing, and what would bring some. */
export function CardEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-xl border border-dashed border-border px-4 py-6 text-center">
      <p className="font-medium">{title}</p>
      <p className="text-pretty text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/** A page section could not be loaded: the same message in a card of its own. */
export function LoadProblem(props: LoadErrorProps) {
  return (
    <Card>
      <CardContent>
        <CardLoadError {...props} />
      </CardContent>
    </Card>
  );
}

/** docs/product/collection.md#collection-link-screen: "Configure your business settings first", with the way to do it. */
export function NoBusinessCard({ explanation }: { explanation: string }) {
  return (
    <Card>
      <CardContent className="grid justify-items-start gap-3">
        <p className="flex items-center gap-2 font-medium">
          <Building2 className="size-4 text-brand-text" aria-hidden="true" />
          Configure your business settings first
        </p>
        <p className="text-sm text-muted-foreground">{explanation}</p>
        <Button asChild>
          <Link to="/setup">Set up your business</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
