import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginInputSchema, type LoginInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { productName } from '../../../lib/product';
import { wixConnectPath, type WixConnectParams } from '../../../lib/wix-connect';
import { useLogin } from '../api';

/**
 * The Login tab. With Wix connect parameters (docs/product/auth.md#auth-screen) it is titled Connect to
 * Wix and a successful login goes to /wix/auth with them, not to /.
 */
export function LoginForm({ wixConnect = null }: { wixConnect?: WixConnectParams | null }) {
  const login = useLogin(wixConnect ? wixConnectPath(wixConnect) : '/');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">
          {wixConnect ? 'Connect to Wix' : 'Welcome back'}
        </h1>
        <CardDescription>
          {wixConnect
            ? `Sign in to connect your Wix site to ${productName}.`
            : 'Sign in to manage your testimonials.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={handleSubmit((values) => login.mutate(values))}
        >
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@business.com"
                autoFocus
              />
            )}
          </FormField>
          <FormField
            label="Password"
            error={errors.password?.message}
            labelAside={
              <Link
                to="/forgot-password"
                className="rounded text-sm font-medium text-brand-text underline-offset-4 hover:underline"
              >
                Forgot your password?
              </Link>
            }
          >
            {(control) => (
              <Input
                {...control}
                {...register('password')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            pending={login.isPending}
            pendingText="Signing in..."
          >
            Sign In
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
