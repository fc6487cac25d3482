// Page states shared by the owner screens that need a business first.
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** A load failure with a retry, as an alert. */
export function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardContent className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">We couldn&apos;t load {what}.</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

/** SPEC §2: "Configure your business settings first", with the way to do it. */
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
