// /auth (SPEC §2 "Auth screen"): Login and Sign Up tabs, chosen by ?tab=login|register.
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { productName } from '../../lib/product';
import { AuthSidePanel } from './components/auth-side-panel';
import { LoginForm } from './components/login-form';
import { SignupWizard } from './components/signup-wizard';

type AuthTab = 'login' | 'register';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';

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

  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-start gap-12 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:gap-16 lg:py-16">
      <title>{`${tab === 'register' ? 'Sign Up' : 'Sign In'} · ${productName}`}</title>
      <div className="mx-auto w-full max-w-md lg:mx-0">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList className="grid w-full grid-cols-2" aria-label="Sign in or sign up">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm />
          </TabsContent>
          <TabsContent value="register">
            <SignupWizard />
          </TabsContent>
        </Tabs>
      </div>
      <AuthSidePanel />
    </div>
  );
}
