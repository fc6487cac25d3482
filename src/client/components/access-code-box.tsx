// The access-code widget (docs/product/billing.md#access-code-box): a collapsible "Have an access code?" with
// an Access Code field and Activate Account. A valid code gives free access.
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, KeyRound } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { accessCodeInputSchema, type AccessCodeInput } from '../../shared/schemas/billing';
import { cn } from '../lib/utils';
import { useActivateAccessCode } from './paid-access';
import { Button } from './ui/button';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

export function AccessCodeBox({
  onActivated,
  defaultOpen = false,
  className,
}: {
  /** After a valid code: default, go to the dashboard. */
  onActivated?: () => void;
  defaultOpen?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const activate = useActivateAccessCode({
    onActivated: onActivated ?? (() => void navigate('/')),
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<AccessCodeInput>({
    resolver: zodResolver(accessCodeInputSchema),
    defaultValues: { code: '' },
  });

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Opening is asking to type a code: put the caret there.
        if (next) requestAnimationFrame(() => setFocus('code'));
      }}
      className={cn('rounded-2xl border border-dashed border-border bg-surface/60', className)}
    >
      <Collapsible.Trigger asChild>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left text-sm font-medium text-foreground transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span className="flex items-center gap-2">
            <KeyRound className="size-4 text-brand-text" aria-hidden="true" />
            Have an access code?
          </span>
          <ChevronDown
            className={cn(
              'size-4 text-muted-foreground transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
            aria-hidden="true"
          />
        </button>
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4">
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
          onSubmit={handleSubmit((values) => activate.mutate(values))}
        >
          <FormField label="Access Code" error={errors.code?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('code')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="Enter your code"
              />
            )}
          </FormField>
          <Button
            type="submit"
            className="sm:mt-6"
            pending={activate.isPending || activate.isSuccess}
            pendingText="Validating..."
          >
            Activate Account
          </Button>
        </form>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
