// Nothing counted yet, in this range or the one before (docs/product/analytics.md#the-analytics-screen): what
// brings figures, and where to do it.
import { ChartLine } from 'lucide-react';
import { Link } from 'react-router';
import { appPages } from '../../../../shared/app-pages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { privacyNote } from '../../../lib/analytics';
import { productName } from '../../../lib/product';
import { TEXT } from '../texts';

export function NoViews() {
  return (
    <Card role="region" aria-labelledby="no-views-heading">
      <CardContent className="grid justify-items-center gap-3 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-accent text-brand-text">
          <ChartLine className="size-6" aria-hidden="true" />
        </div>
        <h2 id="no-views-heading" className="text-xl font-bold tracking-tight">
          {TEXT.noViewsTitle}
        </h2>
        <p className="max-w-prose text-pretty text-muted-foreground">
          {TEXT.noViewsBody} {privacyNote(productName)}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={appPages.widget}>{TEXT.putWidget}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={appPages.collectionLink}>{TEXT.shareLink}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
