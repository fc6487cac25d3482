// "Review sources" of the Integrations screen (docs/product/integrations.md#review-sources): Connect Google (off, with
// a note, when the server has no Google client) and Connect Trustpilot; per source its status, last sync and last
// error, the location to choose (Google), Reconnect when its access was refused, Trust, Sync now and Disconnect.
import type { UseQueryResult } from '@tanstack/react-query';
import { MapPin, RefreshCw, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReviewSource, ReviewSourceList } from '../../../../shared/schemas/review-sources';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/utils';
import {
  useChooseGoogleLocation,
  useDisconnectSource,
  useGoogleLocations,
  useSetTrusted,
  useStartGoogleAuth,
  useSyncNow,
} from '../review-sources-api';
import { ConnectTrustpilotDialog } from './connect-trustpilot-dialog';
import { sourceLabel } from '../../../../shared/testimonial-source';

const GOOGLE_OFF_NOTE =
  'Google is not set up on this server yet. Whoever runs it can turn it on with a Google client ID and secret.';

const tone = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-200',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
} as const;

/** Color is never the only signal: the badge says the state in words. */
function StatusBadge({ source }: { source: ReviewSource }) {
  const [kind, words] =
    source.status === 'reconnect'
      ? (['bad', 'Reconnect needed'] as const)
      : source.needsLocation
        ? (['waiting', 'Choose a location'] as const)
        : source.status === 'failing'
          ? (['waiting', 'Retrying'] as const)
          : (['good', 'Connected'] as const);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone[kind],
      )}
    >
      {words}
    </span>
  );
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the browser goes for Google's sign-in; a test replaces it. */
export type Navigate = (url: string) => void;
const goTo: Navigate = (url) => window.location.assign(url);

export function ReviewSourcesCard({
  query,
  sessionEnded,
  navigate = goTo,
}: {
  query: UseQueryResult<ReviewSourceList>;
  sessionEnded: boolean;
  navigate?: Navigate;
}) {
  return (
    <SettingsSection
      id="review-sources"
      title="Review sources"
      description="Reviews from your Google Business Profile and Trustpilot arrive as testimonials on their own, every 6 hours."
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading review sources" className="grid gap-3">
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <CardLoadError what="your review sources" onRetry={() => void query.refetch()} />
      ) : (
        <Sources list={query.data} navigate={navigate} />
      )}
    </SettingsSection>
  );
}

function Sources({ list, navigate }: { list: ReviewSourceList; navigate: Navigate }) {
  const google = list.sources.find((source) => source.kind === 'google');
  const trustpilot = list.sources.find((source) => source.kind === 'trustpilot');
  const startGoogle = useStartGoogleAuth(navigate);
  return (
    <div className="grid gap-4">
      {list.sources.length > 0 ? (
        <ul aria-label="Connected review sources" className="divide-y divide-border">
          {list.sources.map((source) => (
            <SourceItem
              key={source.id}
              source={source}
              googleAvailable={list.googleAvailable}
              onReconnectGoogle={() => startGoogle.mutate()}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No review sources connected yet.</p>
      )}
      {!google || !trustpilot ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
          {!google ? (
            <div className="grid gap-1">
              <Button
                size="sm"
                variant="outline"
                disabled={!list.googleAvailable || startGoogle.isPending}
                aria-describedby={list.googleAvailable ? undefined : 'google-off-note'}
                onClick={() => startGoogle.mutate()}
              >
                {startGoogle.isPending ? <Spinner /> : <MapPin aria-hidden="true" />}
                Connect Google
              </Button>
              {list.googleAvailable ? null : (
                <p id="google-off-note" className="max-w-xs text-xs text-muted-foreground">
                  {GOOGLE_OFF_NOTE}
                </p>
              )}
            </div>
          ) : null}
          {!trustpilot ? <ConnectTrustpilotDialog /> : null}
        </div>
      ) : null}
    </div>
  );
}

function SourceItem({
  source,
  googleAvailable,
  onReconnectGoogle,
}: {
  source: ReviewSource;
  googleAvailable: boolean;
  onReconnectGoogle: () => void;
}) {
  const name = sourceLabel(source.kind);
  const trustId = useId();
  const setTrusted = useSetTrusted();
  const syncNow = useSyncNow();
  const disconnect = useDisconnectSource();
  const revoked = source.status === 'reconnect';
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{name}</h3>
        <StatusBadge source={source} />
        {source.label ? (
          <span className="min-w-0 text-sm break-words text-muted-foreground">{source.label}</span>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        {source.lastSyncAt ? `Last synced ${dateTime(source.lastSyncAt)}` : 'Not synced yet'}
        {source.nextSyncAt && !revoked ? ` · next ${dateTime(source.nextSyncAt)}` : ''}
      </p>
      {source.lastError ? (
        <p className="text-sm text-destructive dark:text-red-400">
          <span className="font-medium">Last error: </span>
          {source.lastError}
        </p>
      ) : null}
      {source.needsLocation && !revoked ? <LocationPicker sourceId={source.id} /> : null}
      <div className="flex items-center gap-3">
        <Switch
          id={trustId}
          checked={source.trusted}
          disabled={setTrusted.isPending}
          onCheckedChange={(trusted) => setTrusted.mutate({ id: source.id, trusted })}
          aria-describedby={`${trustId}-hint`}
        />
        <div className="grid gap-0.5">
          <Label htmlFor={trustId}>Trust {name}</Label>
          <p id={`${trustId}-hint`} className="text-xs text-muted-foreground">
            New reviews are published at once instead of waiting for your approval.
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {revoked ? (
          source.kind === 'google' ? (
            <div className="grid gap-1">
              <Button
                size="sm"
                disabled={!googleAvailable}
                aria-describedby={googleAvailable ? undefined : `${trustId}-google-off`}
                onClick={onReconnectGoogle}
              >
                Reconnect
                <span className="sr-only"> {name}</span>
              </Button>
              {googleAvailable ? null : (
                <p id={`${trustId}-google-off`} className="max-w-xs text-xs text-muted-foreground">
                  {GOOGLE_OFF_NOTE}
                </p>
              )}
            </div>
          ) : (
            <ConnectTrustpilotDialog businessUnitId={source.label ?? ''} triggerLabel="Reconnect" />
          )
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={source.needsLocation || syncNow.isPending}
            onClick={() => syncNow.mutate(source.id)}
          >
            {syncNow.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Sync now
            <span className="sr-only"> {name}</span>
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              <Unlink aria-hidden="true" />
              Disconnect
              <span className="sr-only"> {name}</span>
            </Button>
          }
          title={`Disconnect ${name}?`}
          description={
            <>
              <p>New reviews from {name} stop arriving, and its access is forgotten.</p>
              <p>The testimonials it brought stay in your list.</p>
            </>
          }
          confirmLabel="Disconnect"
          pendingLabel="Disconnecting..."
          pending={disconnect.isPending}
          onConfirm={(done) => disconnect.mutate(source.id, { onSettled: done })}
        />
      </div>
    </li>
  );
}

function LocationPicker({ sourceId }: { sourceId: string }) {
  const locations = useGoogleLocations(sourceId);
  const choose = useChooseGoogleLocation(sourceId);
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  if (locations.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your Google locations...
      </p>
    );
  }
  if (locations.isError) {
    return <CardLoadError what="your Google locations" onRetry={() => void locations.refetch()} />;
  }
  if (locations.data.locations.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        This Google account has no Business Profile locations. Connect the account that manages your
        business.
      </p>
    );
  }
  const value = chosen || (locations.data.locations[0]?.name ?? '');
  return (
    <form
      className="grid gap-2 sm:flex sm:items-end sm:gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        choose.mutate(value);
      }}
    >
      <div className="grid gap-2 sm:min-w-64">
        <Label htmlFor={selectId}>Location</Label>
        <Select id={selectId} value={value} onChange={(event) => setChosen(event.target.value)}>
          {locations.data.locations.map((location) => (
            <option key={location.name} value={location.name}>
              {location.title} ({location.accountName})
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="sm" disabled={choose.isPending}>
        {choose.isPending ? <Spinner /> : null}
        Use this location
      </Button>
    </form>
  );
}
