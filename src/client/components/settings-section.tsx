import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';

/**
 * One card of a settings screen (account settings, widget settings): a region
 * named by its h2, with a description and an optional action beside the heading.
 */
export function SettingsSection({
  id,
  title,
  description,
  action,
  children,
}: {
  /** The heading's id, which names the region. */
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <>
      <h2 id={id} className="text-lg font-semibold leading-tight tracking-tight">
        {title}
      </h2>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card role="region" aria-labelledby={id}>
      {action ? (
        // On a phone the action goes under the description, which beside it would wrap a few words a line.
        <CardHeader className="items-start gap-3 sm:flex-row sm:justify-between">
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent>{children}</CardContent>
    </Card>
  );
}
