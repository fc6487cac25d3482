/** The top of a sketched browser window (three dots and an address), above a widget shown "on a site". */
export function BrowserBar({ address = 'yourwebsite.com' }: { address?: string }) {
  return (
    <div
      aria-hidden="true"
      className="flex items-center gap-2 border-b border-border bg-muted px-3 py-2"
    >
      <span className="flex gap-1">
        <span className="size-2.5 rounded-full bg-red-400/80" />
        <span className="size-2.5 rounded-full bg-amber-400/80" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" />
      </span>
      <span className="min-w-0 flex-1 truncate rounded-md bg-background px-2 py-0.5 text-center font-mono text-[11px] text-muted-foreground">
        {address}
      </span>
    </div>
  );
}
