// /reset-password?token=… (docs/product/auth.md#reset-password-page): choose a new password.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleCheck, LockKeyhole, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordInputSchema, type ResetPasswordInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useResetPassword } from './api';
import { CenteredCard } from './components/centered-card';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <CenteredCard
        icon={<TriangleAlert aria-hidden="true" />}
        tone="warning"
        title="Invalid Reset Link"
        description="This password reset link is invalid or has expired."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Request New Reset Link</Link>
        </Button>
      </CenteredCard>
    );
  }
  return <ResetPasswordForm key={token} token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    // The token travels with the form values but has no field of its own.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  if (resetPassword.isSuccess) {
    return (
      <CenteredCard
        icon={<CircleCheck aria-hidden="true" />}
        tone="success"
        title="Password Reset Successfully"
        description="Your password has been updated. You can now log in with your new password."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">
            <ArrowLeft aria-hidden="true" />
            Back to Login
          </Link>
        </Button>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      icon={<LockKeyhole aria-hidden="true" />}
      title="Choose a new password"
      documentTitle="Reset Password"
      description="Pick a password of at least 8 characters that you don't use elsewhere."
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={handleSubmit((values) => resetPassword.mutate(values))}
      >
        <FormField label="New Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="new-password"
              autoFocus
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
        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={resetPassword.isPending}
          pendingText="Resetting..."
        >
          Reset Password
        </Button>
      </form>
    </CenteredCard>
  );
}
