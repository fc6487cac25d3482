import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

/** One card of the settings form: a region named by its heading, with an optional action beside it. */
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
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 id={id} className="text-lg font-semibold leading-tight tracking-tight">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
