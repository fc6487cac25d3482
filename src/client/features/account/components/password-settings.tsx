import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  changePasswordInputSchema,
  type ChangePasswordInput,
} from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useChangePassword } from '../api';
import { SettingsSection } from '../../../components/settings-section';
import { CurrentPasswordField } from './current-password-field';

const empty: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSettings({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: empty,
  });

  return (
    <SettingsSection
      id="password-settings"
      title="Password"
      description="Use at least 8 characters. Changing it signs you out on your other devices."
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={handleSubmit((values) =>
          changePassword.mutate(values, { onSuccess: () => reset(empty) }),
        )}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <CurrentPasswordField
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="New Password" error={errors.newPassword?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('newPassword')}
                type="password"
                autoComplete="new-password"
              />
            )}
          </FormField>
          <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('confirmPassword')}
                type="password"
                autoComplete="new-password"
              />
            )}
          </FormField>
        </div>
        <Button
          type="submit"
          className="w-full sm:w-auto sm:justify-self-start"
          pending={changePassword.isPending}
          pendingText="Updating..."
        >
          Update Password
        </Button>
      </form>
    </SettingsSection>
  );
}
