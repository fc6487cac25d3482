import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { productName } from '../../../lib/product';
import { cn } from '../../../lib/utils';

const tones = {
  brand: 'bg-accent text-brand-text',
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-700 dark:bg-amber-950/60 dark:text-amber-300',
} as const;

/** One centred card with an icon, a heading and a description: the password pages. */
export function CenteredCard({
  icon,
  tone = 'brand',
  title,
  description,
  documentTitle,
  children,
}: {
  icon: ReactNode;
  tone?: keyof typeof tones;
  title: string;
  description: ReactNode;
  documentTitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`${documentTitle ?? title} · ${productName}`}</title>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div
            className={cn(
              'mb-2 flex size-12 items-center justify-center rounded-2xl [&_svg]:size-6',
              tones[tone],
            )}
          >
            {icon}
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          <CardDescription className="text-pretty">{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
