import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** "Current Password", as the email and the password changes both ask for it. */
export function CurrentPasswordField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'currentPassword'>;
  error: string | undefined;
}) {
  return (
    <FormField label="Current Password" error={error}>
      {(control) => (
        <Input {...control} {...registration} type="password" autoComplete="current-password" />
      )}
    </FormField>
  );
}
