// "API key" of the Integrations screen (docs/product/integrations.md#integrations-screen, docs/product/messages.md#integrations): create a key, see it in
// full once with a Copy button, then only its masked form, status and dates;
// regenerate or revoke it behind a confirmation.
import type { UseQueryResult } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeyInfo } from '../../../../shared/schemas/integrations';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { productName } from '../../../lib/product';
import { useCreateApiKey } from '../api';
import { ApiKeyDetails } from './api-key-details';
import { NewApiKey } from './new-api-key';

export function ApiKeyCard({
  query,
  sessionEnded,
}: {
  query: UseQueryResult<ApiKeyInfo>;
  sessionEnded: boolean;
}) {
  const create = useCreateApiKey();
  // The full key, from the moment it is created until the owner says it is saved.
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const createKey = (done?: (created: boolean) => void) =>
    create.mutate(undefined, {
      onSuccess: ({ apiKey }) => setCreatedKey(apiKey),
      onSettled: (created) => done?.(created !== undefined),
    });

  return (
    <SettingsSection
      id="api-key"
      title="API key"
      description={`Lets your own code, scripts and tools read and add testimonials through the ${productName} API.`}
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading API key" className="grid gap-3">
          <Skeleton className="h-6 w-56 max-w-full" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-10 w-40" />
        </div>
      ) : query.isError ? (
        <CardLoadError what="your API key" onRetry={() => void query.refetch()} />
      ) : (
        <div className="grid gap-6">
          {createdKey ? <NewApiKey apiKey={createdKey} onDone={() => setCreatedKey(null)} /> : null}
          {query.data.hasApiKey ? (
            <ApiKeyDetails info={query.data} creating={create.isPending} onCreate={createKey} />
          ) : (
            <NoApiKey creating={create.isPending} onCreate={() => createKey()} />
          )}
        </div>
      )}
    </SettingsSection>
  );
}

function NoApiKey({ creating, onCreate }: { creating: boolean; onCreate: () => void }) {
  return (
    <div className="grid justify-items-start gap-4">
      <p className="flex items-start gap-2.5 text-sm text-muted-foreground">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
        You don&apos;t have an API key yet. Create one to connect your website, shop or scripts to{' '}
        {productName}.
      </p>
      <Button
        className="w-full sm:w-auto"
        pending={creating}
        pendingText="Creating..."
        onClick={onCreate}
      >
        <Plus aria-hidden="true" />
        Create API key
      </Button>
    </div>
  );
}
