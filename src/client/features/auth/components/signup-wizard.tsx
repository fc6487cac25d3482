// The 4-step sign-up wizard (docs/product/auth.md#auth-screen): business name, website,
// account, then the upgrade offer (subscribe, access code or skip; each clears
// the stored progress). One form across steps 1-3; each step checks
// only its own fields. Progress survives a reload through lib/signup-storage.ts.
// Nothing moves under a pressed button: errors appear when Continue or Create
// Account is pressed, not when a field loses focus (pressing a button takes the
// focus, and a message appearing then pushed the button away before the mouse
// came up, so the click was lost), and the logo check keeps one height.
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { REGISTRATION_STEPS } from '../../../../shared/constants';
import {
  SIGNUP_STEP_FIELDS,
  signupFormSchema,
  type SignupFormInput,
  type SignupFormValues,
} from '../../../../shared/schemas/account-forms';
import { detectedLogoUrlField } from '../../../../shared/schemas/business';
import { isValidWebsite, normalizeWebsite } from '../../../../shared/schemas/fields';
import { isDisplayableImageUrl } from '../../../lib/utils';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useDetectedLogo, useRedirectAfterAuth, useRegister } from '../api';
import { useHydrated } from '../../../lib/hydration';
import { browserTimeZoneField } from '../../../lib/time-zones';
import {
  clearSignupProgress,
  emptySignupProgress,
  readSignupProgress,
  saveSignupProgress,
  type SignupStep,
} from '../../../lib/signup-storage';
import { AccountStep, BusinessNameStep, WebsiteStep, type LogoCheck } from './signup-steps';

/** Step 4's code: fetched while the account step is open, so it is there when the account is. */
const loadUpgradeStep = () => import('./upgrade-step');
const UpgradeStep = lazy(async () => ({ default: (await loadUpgradeStep()).UpgradeStep }));

const STEP_NAMES: Record<SignupStep, string> = {
  1: 'Business',
  2: 'Website',
  3: 'Account',
  4: 'Upgrade',
};

/** Typing pauses this long before the website is checked for a logo. */
const LOGO_DEBOUNCE_MS = 800;

const websiteToDetect = (value: string | undefined): string | null =>
  value && isValidWebsite(value) ? normalizeWebsite(value) : null;

type SignupWizardProps = {
  /** Where a finished wizard goes (default /; /wix/auth?… when signing up to connect a Wix site). */
  finishTo?: string;
};

/**
 * The server renders the wizard at its start; progress kept in this tab's
 * storage comes back right after hydration (a new wizard, reading it).
 */
export function SignupWizard(props: SignupWizardProps) {
  const hydrated = useHydrated();
  return <SignupSteps key={hydrated ? 'browser' : 'server'} {...props} fromStorage={hydrated} />;
}

function SignupSteps({
  finishTo = '/',
  fromStorage,
}: SignupWizardProps & { fromStorage: boolean }) {
  const [initial] = useState(() => (fromStorage ? readSignupProgress() : emptySignupProgress));
  const [progress, setProgress] = useState({
    step: initial.step,
    userCreated: initial.userCreated,
  });
  const [finished, setFinished] = useState(false);
  const { step } = progress;
  useEffect(() => {
    if (step >= 3) void loadUpgradeStep();
  }, [step]);

  const form = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    // A step's fields are checked when it is sent; a field showing an error, again as it is corrected.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      businessName: initial.businessName,
      website: initial.website,
      email: initial.email,
      password: '',
      agreeToTerms: initial.agreeToTerms,
    },
  });
  const registerAccount = useRegister();
  const redirectAfterAuth = useRedirectAfterAuth();

  // Keep the step and the typed data (never the password) in sessionStorage.
  useEffect(() => {
    // The server's wizard, before hydration completes, must not overwrite what is kept.
    if (finished || !fromStorage) return;
    const save = () => {
      const values = form.getValues();
      saveSignupProgress({
        ...progress,
        businessName: values.businessName,
        website: values.website,
        email: values.email,
        agreeToTerms: values.agreeToTerms,
      });
    };
    save();
    return form.subscribe({ formState: { values: true }, callback: save });
  }, [form, progress, finished, fromStorage]);

  // A field showing an error is checked again at each change, so the message goes once it is right.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        // Only a person's change: the check's own update (which names the field too) must not loop.
        callback: ({ name, type }) => {
          if (type !== 'change' || !name) return;
          if (form.getFieldState(name as keyof SignupFormInput).error) {
            void form.trigger(name as keyof SignupFormInput);
          }
        },
      }),
    [form],
  );

  // Logo detection: after a pause in typing, or at once on blur and on Continue.
  const website = useWatch({ control: form.control, name: 'website' });
  const [logoSite, setLogoSite] = useState(() => websiteToDetect(initial.website));
  useEffect(() => {
    const timer = setTimeout(() => setLogoSite(websiteToDetect(website)), LOGO_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [website]);
  const detectLogoNow = () => setLogoSite(websiteToDetect(form.getValues('website')));
  const detectedLogo = useDetectedLogo(logoSite);
  // A found logo the browser cannot show is no logo: the panel never promised it.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const found = logoSite ? detectedLogo.data : null;
  const logoUrl = found && found !== brokenLogo && isDisplayableImageUrl(found) ? found : null;
  // What the server can fetch: detection answers absolute addresses (anything else is not sent).
  const logoToKeep = logoUrl && detectedLogoUrlField.safeParse(logoUrl).success ? logoUrl : null;
  const logoCheck: LogoCheck = !logoSite
    ? { status: 'idle' }
    : detectedLogo.isFetching
      ? { status: 'checking' }
      : logoUrl
        ? { status: 'found', logoUrl }
        : { status: 'none' };

  const goTo = (next: SignupStep) => setProgress((current) => ({ ...current, step: next }));

  const onSubmit = async () => {
    if (step === 1 || step === 2) {
      const valid = await form.trigger(SIGNUP_STEP_FIELDS[step], { shouldFocus: true });
      if (!valid) return;
      if (step === 2) detectLogoNow();
      goTo(step === 1 ? 2 : 3);
      return;
    }
    if (step === 3) {
      await form.handleSubmit((values) => {
        registerAccount.mutate(
          // The logo shown as found goes along: the server keeps a checked copy of it.
          // The browser's time zone becomes the business's (analytics counts its days in it).
          {
            ...values,
            agreeToTerms: true,
            ...browserTimeZoneField(),
            ...(logoToKeep ? { logoUrl: logoToKeep } : {}),
          },
          {
            onSuccess: () => {
              form.setValue('password', '');
              setProgress({ step: 4, userCreated: true });
            },
          },
        );
      })();
    }
  };

  // Skipping, or an accepted access code: the wizard is done; on to / (or `finishTo`).
  const finish = () => {
    setFinished(true);
    clearSignupProgress();
    redirectAfterAuth(finishTo);
  };

  return (
    <Card>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <p className="font-semibold text-foreground" aria-live="polite">
              Step {step} of {REGISTRATION_STEPS}
            </p>
            <p className="text-muted-foreground">{STEP_NAMES[step]}</p>
          </div>
          <Progress value={step} max={REGISTRATION_STEPS} aria-label="Sign-up progress" />
        </div>

        {step === 4 ? (
          <Suspense
            fallback={
              <p className="flex min-h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading…
              </p>
            }
          >
            <UpgradeStep
              onSkip={finish}
              skipping={finished}
              // The panel has dropped the stored progress already: save no more of it.
              onCheckoutStart={() => setFinished(true)}
              onActivated={finish}
            />
          </Suspense>
        ) : (
          <FormProvider {...form}>
            <form
              noValidate
              className="grid gap-6"
              onSubmit={(event) => {
                event.preventDefault();
                void onSubmit();
              }}
            >
              {step === 1 ? <BusinessNameStep /> : null}
              {step === 2 ? (
                <WebsiteStep
                  onWebsiteBlur={detectLogoNow}
                  logoCheck={logoCheck}
                  onLogoError={setBrokenLogo}
                />
              ) : null}
              {step === 3 ? <AccountStep logoUrl={logoUrl} /> : null}

              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                {step > 1 ? (
                  <Button
                    variant="outline"
                    size="lg"
                    disabled={registerAccount.isPending}
                    // Going back is not leaving the field: skip its on-blur check.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      form.clearErrors();
                      goTo(step === 3 ? 2 : 1);
                    }}
                  >
                    Back
                  </Button>
                ) : (
                  <span className="hidden sm:block" />
                )}
                <Button
                  type="submit"
                  size="lg"
                  className="sm:min-w-40"
                  disabled={registerAccount.isPending}
                  pending={step === 3 && registerAccount.isPending}
                  pendingText="Creating Account..."
                >
                  {step === 3 ? 'Create Account' : 'Continue'}
                </Button>
              </div>
            </form>
          </FormProvider>
        )}
      </CardContent>
    </Card>
  );
}
