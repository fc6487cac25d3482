// An endpoint's signing secret, shown this once (docs/product/webhooks.md#verifying).
import { SecretShownOnce } from './secret-shown-once';

export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      secret={secret}
      title="Copy the signing secret now"
      note={
        <>
          This is the only time the secret is shown: it won&apos;t be shown again. Your receiver
          uses it to check each event&apos;s <code className="font-mono">webhook-signature</code>.
          If you lose it, delete the endpoint and add it again.
        </>
      }
      label="Signing secret"
      what="signing secret"
      failureDescription="Please copy the secret manually."
      doneLabel="I've saved the secret"
      onDone={onDone}
    />
  );
}
