// The new key, shown in full this once (the server keeps only its hash).
import { SecretShownOnce } from './secret-shown-once';

export function NewApiKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      secret={apiKey}
      title="Copy your new API key now"
      note={
        <>
          This is the only time the full key is shown: it won&apos;t be shown again. Keep it
          somewhere safe, such as a password manager or your server&apos;s settings. If you lose it,
          regenerate it.
        </>
      }
      label="Your new API key"
      what="API key"
      failureDescription="Please manually copy the API key."
      doneLabel="I've saved my key"
      onDone={onDone}
    />
  );
}
