// "Connect Trustpilot" (docs/product/integrations.md#review-sources): the business unit id and an API key. The server
// tries the key with one call before it keeps anything; what it refuses is said under the key.
import { Star } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import {
  connectTrustpilotInputSchema,
  type ConnectTrustpilotInput,
} from '../../../../shared/schemas/review-sources';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { useConnectTrustpilot } from '../review-sources-api';

type Errors = Partial<Record<keyof ConnectTrustpilotInput | 'form', string>>;

export function ConnectTrustpilotDialog({
  businessUnitId = '',
  triggerLabel = 'Connect Trustpilot',
}: {
  /** Reconnect: the unit already connected, so only a new key is needed. */
  businessUnitId?: string;
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ConnectTrustpilotInput>({ businessUnitId, apiKey: '' });
  const [errors, setErrors] = useState<Errors>({});
  const connect = useConnectTrustpilot();

  const reset = () => {
    setValues({ businessUnitId, apiKey: '' });
    setErrors({});
    connect.reset();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = connectTrustpilotInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ConnectTrustpilotInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    connect.mutate(parsed.data, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        const message = getErrorMessage(error, 'Failed to connect Trustpilot');
        setErrors(
          error instanceof ApiError && error.status === 400
            ? { apiKey: message }
            : { form: message },
        );
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Star aria-hidden="true" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Connect Trustpilot</DialogTitle>
            <DialogDescription>
              Your reviews on Trustpilot arrive here as testimonials. Find both values in Trustpilot
              Business, under Integrations, then API.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Business unit ID" error={errors.businessUnitId}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                readOnly={Boolean(businessUnitId)}
                value={values.businessUnitId}
                onChange={(event) => setValues({ ...values, businessUnitId: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            label="API key"
            hint="We check it with Trustpilot before we save it, and keep it encrypted."
            error={errors.apiKey}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={values.apiKey}
                onChange={(event) => setValues({ ...values, apiKey: event.target.value })}
              />
            )}
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? (
                <>
                  <Spinner />
                  Checking...
                </>
              ) : (
                'Connect'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
