// /access (docs/product/billing.md#upgrade-screen): the upgrade screen, or a friendly note for an owner who
// already has access.
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { MessageCard } from '../../components/message-card';
import { PageLoader } from '../../components/page-loader';
import { Button } from '../../components/ui/button';
import { useAccessStatus } from '../../lib/access';
import { productName } from '../../lib/product';
import { UpgradeScreen } from './upgrade-screen';

export function AccessPage() {
  const access = useAccessStatus();
  // Unknown (the check failed) is treated as no access: the server refuses a second subscription anyway.
  if (access.isPending) return <PageLoader delayed label="Checking your access…" />;
  if (!access.data?.hasAccess) return <UpgradeScreen status={access.data} />;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{`Full access · ${productName}`}</title>
      <MessageCard
        icon={<BadgeCheck aria-hidden="true" />}
        tone="success"
        title="You have full access"
        actions={
          <>
            <Button asChild>
              <Link to="/">Go to Dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/billing">View billing</Link>
            </Button>
          </>
        }
      >
        <p>Every feature of {productName} is unlocked for your account.</p>
      </MessageCard>
    </div>
  );
}
