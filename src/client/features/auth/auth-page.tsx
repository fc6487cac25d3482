// /auth (docs/product/auth.md#auth-screen): Login and Sign Up tabs, chosen by ?tab=login|register.
// With Wix connect parameters (wix_site_id, redirect=wix-connect, instance)
// the login is titled Connect to Wix and leads to /wix/auth; the parameters
// stay in the address when the tab changes, so a new account connects too.
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Link2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { productName } from '../../lib/product';
import { sessionQueries } from '../../lib/session';
import { readWixConnectParams, wixConnectPath, type WixConnectParams } from '../../lib/wix-connect';
import { AuthSidePanel } from './components/auth-side-panel';
import { LoginForm } from './components/login-form';
import { SignupWizard } from './components/signup-wizard';

type AuthTab = 'login' | 'register';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const wixConnect = readWixConnectParams(searchParams);
  // Who is signed in matters only to offer a signed-in owner the way on to /wix/auth.
  const { data: user } = useQuery({
    ...sessionQueries.currentUser(),
    enabled: wixConnect !== null,
  });

  const selectTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const pageName = tab === 'register' ? 'Sign Up' : wixConnect ? 'Connect to Wix' : 'Sign In';
  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-start gap-12 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:gap-16 lg:py-16">
      <title>{`${pageName} · ${productName}`}</title>
      <div className="mx-auto grid w-full max-w-md gap-4 lg:mx-0">
        {wixConnect && user ? <ContinueToWix email={user.email} params={wixConnect} /> : null}
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList className="grid w-full grid-cols-2" aria-label="Sign in or sign up">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm wixConnect={wixConnect} />
          </TabsContent>
          <TabsContent value="register">
            <SignupWizard finishTo={wixConnect ? wixConnectPath(wixConnect) : '/'} />
          </TabsContent>
        </Tabs>
      </div>
      <AuthSidePanel />
    </div>
  );
}

/** Already signed in when Wix sends the owner here: connect with this account in one click. */
function ContinueToWix({ email, params }: { email: string; params: WixConnectParams }) {
  return (
    <Card role="region" aria-labelledby="continue-to-wix-title" className="border-primary/40">
      <CardContent className="grid gap-3">
        <h2 id="continue-to-wix-title" className="flex items-center gap-2 font-semibold">
          <Link2 className="size-4 text-brand-text" aria-hidden="true" />
          You&apos;re already signed in
        </h2>
        <p className="text-sm text-muted-foreground">
          Signed in as <span className="font-medium break-all text-foreground">{email}</span>.
          Connect your Wix site to this account, or sign in with another account below.
        </p>
        <Button asChild className="w-full sm:w-auto sm:justify-self-start">
          <Link to={wixConnectPath(params)}>
            Continue to connect your Wix site
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
