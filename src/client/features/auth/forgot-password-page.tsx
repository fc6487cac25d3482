// /forgot-password (docs/product/auth.md#forgot-password-page): ask for a reset link by email.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForgotPassword } from './api';
import { CenteredCard } from './components/centered-card';

function BackToLogin({ variant }: { variant: 'outline' | 'ghost' }) {
  return (
    <Button asChild variant={variant} size="lg" className="w-full">
      <Link to="/auth">
        <ArrowLeft aria-hidden="true" />
        Back to Login
      </Link>
    </Button>
  );
}

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  if (forgotPassword.isSuccess) {
    return (
      <CenteredCard
        icon={<MailCheck aria-hidden="true" />}
        tone="success"
        title="Check your email"
        description="If an account with that email exists, we've sent you a password reset link."
      >
        <BackToLogin variant="outline" />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      icon={<KeyRound aria-hidden="true" />}
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={handleSubmit((values) => forgotPassword.mutate(values))}
      >
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@business.com"
              autoFocus
            />
          )}
        </FormField>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={forgotPassword.isPending}
          pendingText="Sending..."
        >
          Send Reset Link
        </Button>
        <BackToLogin variant="ghost" />
      </form>
    </CenteredCard>
  );
}
