// A key that exists: its masked form, status (Active, Expired, Revoked) and
// dates. An active key can be regenerated or revoked, each after a
// confirmation; an expired or revoked one says why it no longer works and
// offers a new key.
import { CircleOff, Clock, Plus, RefreshCw, ShieldOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { API_KEY_LIFETIME_DAYS } from '../../../../shared/constants';
import type { ApiKeyInfo, ApiKeyStatus } from '../../../../shared/schemas/integrations';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useRevokeApiKey } from '../api';
import { formatDate } from '../format';

const statusLook: Record<ApiKeyStatus, { label: string; className: string }> = {
  active: {
    label: 'Active',
    className:
      'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/30',
  },
  expired: {
    label: 'Expired',
    className:
      'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-400/30',
  },
  blocked: {
    label: 'Revoked',
    className:
      'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-400/30',
  },
};

function ApiKeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  const { label, className } = statusLook[status];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}

export function ApiKeyDetails({
  info,
  creating,
  onCreate,
}: {
  info: ApiKeyInfo;
  creating: boolean;
  /** Creates a new key (replacing this one); `done` once it has settled. */
  onCreate: (done?: (created: boolean) => void) => void;
}) {
  const status = info.status ?? 'active';
  const revoke = useRevokeApiKey();
  // Revoking removes the button that had focus: move it to the way forward.
  const createRef = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(status === 'active');
  useEffect(() => {
    const revokedNow = wasActive.current && status !== 'active';
    wasActive.current = status === 'active';
    if (!revokedNow) return;
    const timer = window.setTimeout(() => createRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [status]);
  // A regenerated key takes focus (new-api-key.tsx): the closing dialog must not take it back.
  const regenerated = useRef(false);
  return (
    <div className="grid gap-5">
      <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <div className="grid gap-1 sm:col-span-2">
          <dt className="font-medium text-muted-foreground">Your key</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all text-foreground">
              {info.maskedKey ?? '••••••••'}
            </code>
            <ApiKeyStatusBadge status={status} />
          </dd>
        </div>
        {info.createdAt ? (
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">Created</dt>
            <dd>{formatDate(info.createdAt)}</dd>
          </div>
        ) : null}
        {info.expiresAt && status !== 'blocked' ? (
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground">
              {status === 'expired' ? 'Expired' : 'Expires'}
            </dt>
            <dd>{formatDate(info.expiresAt)}</dd>
          </div>
        ) : null}
      </dl>

      {status === 'active' ? (
        <>
          <p className="text-sm text-muted-foreground">
            A key works for {API_KEY_LIFETIME_DAYS} days. If it may have leaked, regenerate it: the
            current key stops working at once.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="w-full sm:w-auto">
                  <RefreshCw aria-hidden="true" />
                  Regenerate
                </Button>
              }
              title="Regenerate your API key?"
              description={
                <>
                  <p>A new key replaces this one, and the current key stops working immediately.</p>
                  <p>Anything that uses it needs the new key before it can call the API again.</p>
                </>
              }
              confirmLabel="Regenerate key"
              pendingLabel="Regenerating..."
              pending={creating}
              onConfirm={(done) =>
                onCreate((created) => {
                  regenerated.current = created;
                  done();
                })
              }
              onCloseAutoFocus={(event) => {
                if (regenerated.current) event.preventDefault();
                regenerated.current = false;
              }}
            />
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  className="w-full text-destructive hover:bg-red-50 hover:text-destructive sm:w-auto dark:text-red-400 dark:hover:bg-red-950/40 dark:hover:text-red-300"
                >
                  <ShieldOff aria-hidden="true" />
                  Revoke
                </Button>
              }
              title="Revoke your API key?"
              description={
                <>
                  <p>Requests with this key are refused from now on.</p>
                  <p>You can create a new key at any time.</p>
                </>
              }
              confirmLabel="Revoke key"
              pendingLabel="Revoking..."
              pending={revoke.isPending}
              onConfirm={(done) => revoke.mutate(undefined, { onSettled: done })}
            />
          </div>
        </>
      ) : (
        <>
          <Note
            icon={
              status === 'expired' ? <Clock aria-hidden="true" /> : <CircleOff aria-hidden="true" />
            }
          >
            {status === 'expired'
              ? 'This key has expired, so requests with it are refused. Create a new key and use it in place of the old one.'
              : 'You revoked this key, so requests with it are refused. Create a new key when you need API access again.'}
          </Note>
          <div>
            <Button
              ref={createRef}
              className="w-full sm:w-auto"
              pending={creating}
              pendingText="Creating..."
              onClick={() => onCreate()}
            >
              <Plus aria-hidden="true" />
              Create new API key
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-200 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0">
      {icon}
      <span>{children}</span>
    </p>
  );
}
