// /setup (docs/product/business.md#business-setup-page): a signed-in owner without a business creates one.
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Code2, Link2, Share2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  createBusinessInputSchema,
  type CreateBusinessInput,
} from '../../../shared/schemas/business';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { productName } from '../../lib/product';
import { browserTimeZoneField } from '../../lib/time-zones';
import { useCreateBusiness } from './api';

const NEXT_STEPS = [
  {
    Icon: Link2,
    title: 'Get your collection link',
    text: 'A unique link and QR code where customers leave testimonials.',
  },
  {
    Icon: Share2,
    title: 'Share it with customers',
    text: 'Send the link, print the QR code, or add it to receipts and emails.',
  },
  {
    Icon: Code2,
    title: 'Customise and embed',
    text: 'Approve the best testimonials, style the widget and add it to your website.',
  },
] as const;

export function SetupPage() {
  const navigate = useNavigate();
  const createBusiness = useCreateBusiness();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateBusinessInput>({
    resolver: zodResolver(createBusinessInputSchema),
    defaultValues: { name: '', description: '', website: '' },
  });

  const onSubmit = handleSubmit((values) =>
    createBusiness.mutate(
      // The business counts its analytics days in the owner's own time zone from the start.
      { ...values, description: values.description || undefined, ...browserTimeZoneField() },
      { onSuccess: () => void navigate('/', { replace: true }) },
    ),
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Business Setup · ${productName}`}</title>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Welcome</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          Tell us about your business to get your testimonial collection page.
        </p>
      </header>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>Business Information</CardTitle>
            <CardDescription>Customers see this on your collection page.</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate className="grid gap-5" onSubmit={onSubmit}>
              <FormField label="Business Name" error={errors.name?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...register('name')}
                    autoComplete="organization"
                    placeholder="e.g., Sunrise Bakery"
                    aria-required="true"
                    autoFocus
                  />
                )}
              </FormField>
              <FormField
                label={
                  <>
                    Business Description{' '}
                    <span className="font-normal text-muted-foreground">(optional)</span>
                  </>
                }
                error={errors.description?.message}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    {...register('description')}
                    rows={4}
                    placeholder="What do you do, and for whom?"
                  />
                )}
              </FormField>
              <FormField
                label="Website URL"
                hint="A domain like example.com is enough."
                error={errors.website?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...register('website')}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="example.com"
                    aria-required="true"
                  />
                )}
              </FormField>
              <Button
                type="submit"
                size="lg"
                className="w-full sm:w-auto sm:justify-self-start"
                pending={createBusiness.isPending}
                pendingText="Creating Profile..."
              >
                Create Business Profile
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card className="bg-surface">
          <CardHeader>
            <CardTitle>What happens next?</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <ol className="grid gap-4">
              {NEXT_STEPS.map(({ Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-brand-text">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{title}</span>
                    <span className="block text-sm text-muted-foreground">{text}</span>
                  </span>
                </li>
              ))}
            </ol>
            <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300">
              <Clock className="size-3.5" aria-hidden="true" />
              Your first testimonial can be live in under 15 minutes
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
