// /account-settings (docs/product/business.md#account-settings-screen): business name and
// website, the current logo, email and password, and what we email the owner about.
import { PageLoader } from '../../components/page-loader';
import { productName } from '../../lib/product';
import { useCurrentUser } from '../../lib/session';
import { BusinessSettings } from './components/business-settings';
import { EmailSettings } from './components/email-settings';
import { NotificationSettings } from './components/notification-settings';
import { PasswordSettings } from './components/password-settings';

export function AccountSettingsPage() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Account Settings · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Account Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Manage your business details and how you sign in.
        </p>
      </header>
      {user ? (
        <div className="mt-8 grid gap-6">
          <BusinessSettings />
          <EmailSettings key={user.email} email={user.email} />
          <PasswordSettings email={user.email} />
          <NotificationSettings />
        </div>
      ) : (
        <PageLoader label="Loading your account…" />
      )}
    </div>
  );
}
