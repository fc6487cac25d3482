import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changeEmailInputSchema, type ChangeEmailInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useChangeEmail } from '../api';
import { SettingsSection } from '../../../components/settings-section';
import { CurrentPasswordField } from './current-password-field';

export function EmailSettings({ email }: { email: string }) {
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInputSchema),
    defaultValues: { email, currentPassword: '' },
  });

  return (
    <SettingsSection
      id="email-settings"
      title="Email"
      description={
        <>
          You sign in with <span className="font-medium break-all text-foreground">{email}</span>.
          We let this address know when it changes.
        </>
      }
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={handleSubmit((values) =>
          changeEmail.mutate(values, {
            onSuccess: (user) => reset({ email: user.email, currentPassword: '' }),
          }),
        )}
      >
        <FormField label="Email Address" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </FormField>
        {/* The change needs the password (docs/security.md rule 18): a signed-in browser alone cannot move the account. */}
        <CurrentPasswordField
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <Button
          type="submit"
          className="w-full sm:w-auto sm:justify-self-start"
          pending={changeEmail.isPending}
          pendingText="Updating..."
        >
          Update Email
        </Button>
      </form>
    </SettingsSection>
  );
}
