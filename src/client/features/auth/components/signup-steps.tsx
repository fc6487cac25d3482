// The bodies of the sign-up wizard's steps. Steps 1-3 read the wizard's form
// through react-hook-form's context; the first field of each step takes focus.
// Step 4 is in upgrade-step.tsx, loaded when it is near.
import { CircleCheck, Image as ImageIcon, ImageOff } from 'lucide-react';
import { type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { SignupFormInput, SignupFormValues } from '../../../../shared/schemas/account-forms';
import { BusinessAvatar } from '../../../components/business-avatar';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';

function useWizardForm() {
  return useFormContext<SignupFormInput, unknown, SignupFormValues>();
}

function StepHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
      <p className="text-sm text-pretty text-muted-foreground">{children}</p>
    </div>
  );
}

export function BusinessNameStep() {
  const {
    register,
    formState: { errors },
  } = useWizardForm();
  return (
    <>
      <StepHeading title="Tell us about your business">
        Start with the name your customers know you by. You can change it later.
      </StepHeading>
      <FormField label="Business Name" error={errors.businessName?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('businessName')}
            autoComplete="organization"
            placeholder="e.g., Sunrise Bakery"
            autoFocus
          />
        )}
      </FormField>
    </>
  );
}

export function WebsiteStep({
  onWebsiteBlur,
  logoCheck,
  onLogoError,
}: {
  onWebsiteBlur: () => void;
  logoCheck: LogoCheck;
  /** The found logo did not load in the browser. */
  onLogoError: (logoUrl: string) => void;
}) {
  const {
    register,
    formState: { errors },
  } = useWizardForm();
  const field = register('website');
  return (
    <>
      <StepHeading title="Where can customers find you?">
        Add your website so we can show your brand on your testimonial page.
      </StepHeading>
      <FormField
        label="Website URL"
        hint="A domain like example.com is enough."
        error={errors.website?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...field}
            onBlur={(event) => {
              void field.onBlur(event);
              onWebsiteBlur();
            }}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            autoFocus
          />
        )}
      </FormField>
      <LogoCheckPanel check={logoCheck} onLogoError={onLogoError} />
    </>
  );
}

/** Where the search for a logo on the website stands. */
export type LogoCheck =
  { status: 'idle' | 'checking' | 'none' } | { status: 'found'; logoUrl: string };

type LogoCheckStatus = LogoCheck['status'];

const LOGO_CHECK_TEXT: Record<LogoCheckStatus, { title: string; description: string }> = {
  idle: {
    title: 'Your logo',
    description: "Once you add your website, we'll look for your logo there.",
  },
  checking: {
    title: 'Looking for your logo…',
    description: 'You can continue while we look.',
  },
  found: {
    title: 'Logo detected',
    description: 'We found this on your website and will use it for your brand.',
  },
  none: {
    title: 'No logo found',
    description: 'You can upload one in Account Settings once your account is ready.',
  },
};

const logoCheckStatuses = Object.keys(LOGO_CHECK_TEXT) as LogoCheckStatus[];

/**
 * The logo search on the website, always one height: every state's words are
 * laid out in the same grid cell, all but the current one invisible, so the
 * panel is as tall as its longest state at any width and the buttons below it
 * never move (one press of Continue must land). The other states' words are
 * drawn by CSS from a data attribute: they are no text of the page.
 */
function LogoCheckPanel({
  check,
  onLogoError,
}: {
  check: LogoCheck;
  onLogoError: (logoUrl: string) => void;
}) {
  const found = check.status === 'found';
  return (
    <div
      className={cn(
        'grid rounded-xl border p-3 transition-colors',
        found
          ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40'
          : 'border-border bg-surface',
      )}
    >
      <div aria-live="polite" className="col-start-1 row-start-1 flex items-center gap-4">
        <LogoCheckPicture check={check} onLogoError={onLogoError} />
        <div className="min-w-0">
          <p
            className={cn(
              'flex items-center gap-1.5 font-semibold',
              found ? 'text-emerald-800 dark:text-emerald-300' : 'text-foreground',
            )}
          >
            {found ? <CircleCheck className="size-4 shrink-0" aria-hidden="true" /> : null}
            {LOGO_CHECK_TEXT[check.status].title}
          </p>
          <p
            className={cn(
              'text-sm text-pretty',
              found ? 'text-emerald-900/80 dark:text-emerald-200/80' : 'text-muted-foreground',
            )}
          >
            {LOGO_CHECK_TEXT[check.status].description}
          </p>
        </div>
      </div>
      {logoCheckStatuses
        .filter((status) => status !== check.status)
        .map((status) => (
          <div
            key={status}
            aria-hidden="true"
            className="invisible col-start-1 row-start-1 flex items-center gap-4"
          >
            <span className="size-14 shrink-0" />
            <div className="min-w-0">
              <p
                className="font-semibold before:content-[attr(data-text)]"
                data-text={LOGO_CHECK_TEXT[status].title}
              />
              <p
                className="text-sm text-pretty before:content-[attr(data-text)]"
                data-text={LOGO_CHECK_TEXT[status].description}
              />
            </div>
          </div>
        ))}
    </div>
  );
}

/** The logo found, or a placeholder saying where the search stands. */
function LogoCheckPicture({
  check,
  onLogoError,
}: {
  check: LogoCheck;
  onLogoError: (logoUrl: string) => void;
}) {
  if (check.status === 'found') {
    return (
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-white p-1 motion-safe:animate-fade-in">
        <img
          src={check.logoUrl}
          alt="Logo found on your website"
          className="max-h-full max-w-full object-contain"
          referrerPolicy="no-referrer"
          onError={() => onLogoError(check.logoUrl)}
        />
      </span>
    );
  }
  const Icon = check.status === 'none' ? ImageOff : ImageIcon;
  return (
    <span className="flex size-14 shrink-0 items-center justify-center rounded-lg border border-dashed border-border bg-card text-muted-foreground">
      {check.status === 'checking' ? (
        <Spinner className="size-5" />
      ) : (
        <Icon className="size-5" aria-hidden="true" />
      )}
    </span>
  );
}

export function AccountStep({ logoUrl }: { logoUrl: string | null }) {
  const {
    register,
    control,
    formState: { errors },
  } = useWizardForm();
  const [businessName, website] = useWatch({ control, name: ['businessName', 'website'] });
  return (
    <>
      <StepHeading title="Create your login">
        You&apos;ll use this email and password to sign in.
      </StepHeading>
      <div className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
        <BusinessAvatar name={businessName} logoUrl={logoUrl} decorative />
        <div className="min-w-0">
          <p className="truncate font-semibold">{businessName}</p>
          <p className="truncate text-sm text-muted-foreground">{website}</p>
        </div>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@business.com"
            autoFocus
          />
        )}
      </FormField>
      <FormField label="Password" hint="At least 8 characters." error={errors.password?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            {...register('password')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="agreeToTerms"
        render={({ field, fieldState }) => (
          <div className="grid gap-2">
            <div className="flex items-start gap-3">
              <Checkbox
                id="signup-terms"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={fieldState.error ? 'signup-terms-error' : undefined}
                className="mt-0.5"
              />
              <label htmlFor="signup-terms" className="text-sm leading-6 text-foreground">
                I agree to the{' '}
                <a
                  href="/terms"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-text underline underline-offset-4"
                >
                  Terms of Service &amp; Privacy Policy
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </label>
            </div>
            <FieldError id="signup-terms-error" message={fieldState.error?.message} />
          </div>
        )}
      />
    </>
  );
}
