import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  updateBusinessInputSchema,
  type Business,
  type UpdateBusinessInput,
} from '../../../../shared/schemas/business';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBusiness } from '../../../lib/session';
import { timeZoneChoices } from '../../../lib/time-zones';
import { useUpdateBusiness } from '../api';
import { LogoSettings } from './logo-settings';
import { SettingsSection } from '../../../components/settings-section';

export function BusinessSettings() {
  const business = useBusiness();
  return (
    <SettingsSection
      id="business-settings"
      title="Business"
      description="Your logo, business name and website, as customers see them, and the time zone of your figures."
    >
      {business.isPending ? (
        <div className="grid gap-5" role="status" aria-label="Loading business details">
          <Skeleton className="size-20 rounded-full" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : business.isError ? (
        <div className="grid justify-items-start gap-3" role="alert">
          <p className="text-sm text-muted-foreground">
            We couldn&apos;t load your business details.
          </p>
          <Button variant="outline" onClick={() => void business.refetch()}>
            Try again
          </Button>
        </div>
      ) : business.data ? (
        // Keyed on what the form edits, so a logo change does not reset a half-typed name.
        <BusinessForm
          key={`${business.data.id}:${business.data.name}:${business.data.website ?? ''}:${business.data.timeZone}`}
          business={business.data}
        />
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Building2 className="size-4" aria-hidden="true" />
            You haven&apos;t set up your business yet.
          </p>
          <Button asChild>
            <Link to="/setup">Set up your business</Link>
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}

function BusinessForm({ business }: { business: Business }) {
  const updateBusiness = useUpdateBusiness();
  const zones = useMemo(() => timeZoneChoices(business.timeZone), [business.timeZone]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateBusinessInput>({
    resolver: zodResolver(updateBusinessInputSchema),
    defaultValues: {
      name: business.name,
      website: business.website ?? '',
      timeZone: business.timeZone,
    },
  });

  return (
    <div className="grid gap-6">
      <LogoSettings business={business} />
      <form
        noValidate
        className="grid gap-5"
        onSubmit={handleSubmit((values) => updateBusiness.mutate(values))}
      >
        <FormField label="Business Name" error={errors.name?.message}>
          {(control) => <Input {...control} {...register('name')} autoComplete="organization" />}
        </FormField>
        <FormField label="Website" error={errors.website?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('website')}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="example.com"
            />
          )}
        </FormField>
        <FormField
          label="Time zone"
          hint="Analytics counts days in this time zone."
          error={errors.timeZone?.message}
        >
          {(control) => (
            <Select {...control} {...register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button
          type="submit"
          className="w-full sm:w-auto sm:justify-self-start"
          pending={updateBusiness.isPending}
          pendingText="Saving..."
        >
          Save
        </Button>
      </form>
    </div>
  );
}
