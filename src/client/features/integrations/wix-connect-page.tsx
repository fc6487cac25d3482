// /wix/auth (docs/product/README.md#screens-and-routes; issue 11): where a Wix login lands, with
// wix_site_id, redirect=wix-connect and instance. Signed out, the visitor is
// sent to log in first, keeping them; signed in, the page asks the server
// once to link the site (POST /api/wix/connect verifies the signed instance)
// and shows the linked site, or why it could not be linked, told apart by
// the error's code.
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleAlert,
  CircleCheck,
  CloudOff,
  Link2Off,
  PlugZap,
  Settings2,
  UserRoundX,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  INVALID_WIX_INSTANCE_CODE,
  WIX_NOT_CONFIGURED_CODE,
  WIX_SITE_TAKEN_CODE,
  type WixConnectResult,
} from '../../../shared/schemas/integrations';
import { MessageCard, type MessageCardProps } from '../../components/message-card';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  ApiError,
  getErrorMessage,
  isUnauthorizedError,
  NETWORK_FAILURE_STATUS,
} from '../../lib/api';
import { productName } from '../../lib/product';
import { sessionQueries, useCurrentUser } from '../../lib/session';
import { readWixConnectParams, wixLoginPath, type WixConnectParams } from '../../lib/wix-connect';
import { useConnectWixSite } from './api';
import { wixSiteLabel } from './format';

export function WixConnectPage() {
  const [searchParams] = useSearchParams();
  const params = readWixConnectParams(searchParams, { requireRedirect: false });
  const user = useCurrentUser();

  if (!params) return <MissingParams />;
  if (user.isPending) {
    return <WixCard busy icon={<Spinner />} title="Checking your session…" />;
  }
  if (user.isError) {
    return (
      <WixCard
        icon={<CloudOff aria-hidden="true" />}
        tone="danger"
        title="Couldn't check your session"
        actions={<Button onClick={() => void user.refetch()}>Try again</Button>}
      >
        <p>{productName} could not be reached. Check your connection and try again.</p>
      </WixCard>
    );
  }
  if (!user.data) return <Navigate to={wixLoginPath(params)} replace />;
  // A new pair of parameters is a new connection.
  return <ConnectSite key={`${params.wixSiteId}\n${params.instance}`} params={params} />;
}

function ConnectSite({ params }: { params: WixConnectParams }) {
  const queryClient = useQueryClient();
  const connect = useConnectWixSite();
  const { mutate } = connect;
  const run = () =>
    mutate(
      { instance: params.instance, wixSiteId: params.wixSiteId },
      {
        onError: (error) => {
          // The session ended since it was read: log in again, keeping the parameters.
          if (isUnauthorizedError(error)) {
            queryClient.setQueryData(sessionQueries.currentUser().queryKey, null);
          }
        },
      },
    );

  // Once per mount: StrictMode runs effects twice, and linking is a change on the server.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  });

  if (connect.isSuccess) return <Connected result={connect.data} />;
  if (connect.isError && !isUnauthorizedError(connect.error)) {
    return <ConnectFailed error={connect.error} onRetry={run} />;
  }
  return <WixCard busy icon={<Spinner />} title="Connecting your Wix site…" />;
}

function Connected({ result: { site, alreadyLinked } }: { result: WixConnectResult }) {
  return (
    <WixCard
      icon={<CircleCheck aria-hidden="true" />}
      tone="success"
      title={alreadyLinked ? 'Already connected' : 'Wix site connected'}
      actions={
        <>
          <Button asChild>
            <Link to="/integrations">Go to Integrations</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to Dashboard</Link>
          </Button>
        </>
      }
    >
      <p>
        {alreadyLinked
          ? 'This Wix site was already connected to your account, so nothing changed.'
          : `Your approved testimonials can now appear on this Wix site through the ${productName} app.`}
      </p>
      <dl className="mx-auto grid w-full max-w-sm gap-1 rounded-xl bg-surface px-4 py-3 text-left text-sm">
        <dt className="sr-only">Site</dt>
        <dd className="font-semibold break-words text-foreground">{wixSiteLabel(site.siteName)}</dd>
        <dt className="sr-only">Site ID</dt>
        <dd className="font-mono text-xs break-all">{site.wixSiteId}</dd>
      </dl>
    </WixCard>
  );
}

const openFromWix = `Open ${productName} again from your Wix site's dashboard to get a fresh link.`;

function ConnectFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : null;
  const status = error instanceof ApiError ? error.status : NETWORK_FAILURE_STATUS;
  const home = (
    <Button asChild variant="outline">
      <Link to="/">Go to Dashboard</Link>
    </Button>
  );

  if (code === WIX_NOT_CONFIGURED_CODE) {
    return (
      <WixCard
        icon={<Settings2 aria-hidden="true" />}
        tone="warning"
        title="Wix connect isn't set up"
        actions={home}
      >
        <p>
          Wix connect is not set up on this server, so Wix sites can&apos;t be connected yet. If you
          run this {productName} server, set its Wix app secret (WIX_APP_SECRET) and open{' '}
          {productName} from Wix again; otherwise, please contact support.
        </p>
      </WixCard>
    );
  }
  if (code === INVALID_WIX_INSTANCE_CODE || code === 'VALIDATION_ERROR') {
    return (
      <WixCard
        icon={<Link2Off aria-hidden="true" />}
        tone="danger"
        title="This Wix link isn't valid"
        actions={home}
      >
        <p className="font-medium text-foreground">
          {getErrorMessage(error, 'The link from Wix could not be verified.')}
        </p>
        {/* The server's INVALID_WIX_INSTANCE messages already say what to do. */}
        {code === 'VALIDATION_ERROR' && <p>{openFromWix}</p>}
      </WixCard>
    );
  }
  if (code === WIX_SITE_TAKEN_CODE) {
    return (
      <WixCard
        icon={<UserRoundX aria-hidden="true" />}
        tone="warning"
        title="Connected to another account"
        actions={
          <>
            <Button asChild>
              <Link to="/integrations">Go to Integrations</Link>
            </Button>
            {home}
          </>
        }
      >
        <p>
          This Wix site is already connected to another {productName} account. Sign in with that
          account to manage it, or disconnect the site there first and then connect it here.
        </p>
      </WixCard>
    );
  }
  return (
    <WixCard
      icon={
        status === NETWORK_FAILURE_STATUS ? (
          <CloudOff aria-hidden="true" />
        ) : (
          <CircleAlert aria-hidden="true" />
        )
      }
      tone="danger"
      title="Couldn't connect your Wix site"
      actions={
        <>
          <Button onClick={onRetry}>
            <PlugZap aria-hidden="true" />
            Try again
          </Button>
          {home}
        </>
      }
    >
      <p>
        {status === NETWORK_FAILURE_STATUS
          ? `${productName} could not be reached. Check your connection and try again.`
          : getErrorMessage(error, 'Something went wrong. Please try again.')}
      </p>
    </WixCard>
  );
}

function MissingParams() {
  return (
    <WixCard
      icon={<Link2Off aria-hidden="true" />}
      tone="warning"
      title="Missing Wix details"
      actions={
        <Button asChild variant="outline">
          <Link to="/">Back to home</Link>
        </Button>
      }
    >
      <p>
        This page connects a Wix site, but its address is missing the details Wix adds (wix_site_id
        and instance). {openFromWix}
      </p>
    </WixCard>
  );
}

/** The one card of /wix/auth: its heading is focused whenever it changes, so the outcome is read out. */
function WixCard(props: MessageCardProps) {
  return (
    <section className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`Connect to Wix · ${productName}`}</title>
      <MessageCard eyebrow="Connect to Wix" focusHeading={!props.busy} {...props} />
    </section>
  );
}
