// /subscribe/success?session_id= (docs/product/billing.md#subscribe-success-screen, docs/product/billing.md#checkout, docs/product/messages.md#billing): where the
// payment provider sends the owner back. Verifies the session, then says
// whether the subscription is active.
import { CircleAlert, PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { MessageCard } from '../../components/message-card';
import { PageLoader } from '../../components/page-loader';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { productName } from '../../lib/product';
import { useCheckoutSuccess, useRefreshAfterSubscribing } from './api';

const NO_SESSION = 'No session ID found. Please try subscribing again.';
const NOT_VERIFIED = 'There was an issue verifying your subscription. Please contact support.';

export function SubscribeSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() || null;
  const verification = useCheckoutSuccess(sessionId);
  const refresh = useRefreshAfterSubscribing();
  const verified = verification.data?.success === true;

  // Once per visit: the toast, and the access and user that changed with the payment.
  const announced = useRef(false);
  useEffect(() => {
    if (!verified || announced.current) return;
    announced.current = true;
    toast({
      title: 'Subscription activated!',
      description: 'Every feature is now unlocked.',
      variant: 'success',
    });
    refresh();
  }, [verified, refresh]);

  let body;
  if (sessionId && verification.isPending) {
    body = <PageLoader label="Verifying your subscription..." />;
  } else if (verified) {
    body = (
      <MessageCard
        icon={<PartyPopper aria-hidden="true" />}
        tone="success"
        title="Subscription activated!"
        focusHeading
        actions={<ContinueButton />}
      >
        <p>Thank you for subscribing. Every feature of {productName} is now unlocked.</p>
      </MessageCard>
    );
  } else {
    body = (
      <MessageCard
        icon={<CircleAlert aria-hidden="true" />}
        tone="warning"
        title="We couldn't confirm your subscription"
        focusHeading
        actions={<ContinueButton />}
      >
        <p role="alert">{sessionId ? NOT_VERIFIED : NO_SESSION}</p>
        {sessionId ? (
          <p className="text-sm">
            Support:{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-brand-text underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>
          </p>
        ) : null}
      </MessageCard>
    );
  }

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{`Subscription · ${productName}`}</title>
      {body}
    </div>
  );
}

function ContinueButton() {
  return (
    <Button asChild size="lg">
      <Link to="/">Continue to Dashboard</Link>
    </Button>
  );
}
