// A whole page could not be read (network or server trouble): say so and offer a retry.
import { CloudOff } from 'lucide-react';
import { Button } from '../components/ui/button';
import { productName } from '../lib/product';

export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <div className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-accent text-brand-text">
          <CloudOff className="size-6" aria-hidden="true" />
        </div>
        <h1 className="mt-4 text-xl font-bold tracking-tight">Couldn&apos;t load {what}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {productName} could not be reached. Check your connection and try again.
        </p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
