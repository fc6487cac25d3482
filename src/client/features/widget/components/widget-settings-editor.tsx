// The widget settings form (docs/product/widget.md#widget-settings-screen) beside the live
// preview, which renders the form as it is right now, before anything is saved.
// Save sends the whole form (POST /api/widget-settings); Reset goes back to
// what is stored. Leaving with unsaved changes asks first.
import { FormProvider } from 'react-hook-form';
import type { OwnerWidgetSettings } from '../../../../shared/schemas/widget-settings';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { useLivePreview } from '../hooks/use-live-preview';
import { useWidgetSettingsForm } from '../hooks/use-widget-settings-form';
import { DisplayToggles } from './display-toggles';
import { HeaderFields } from './header-fields';
import { SaveBar } from './save-bar';
import { SettingsPreview } from './settings-preview';
import { SettingsSection } from '../../../components/settings-section';
import { DefaultStyleButton, StyleFields } from './style-fields';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

export function WidgetSettingsEditor({
  settings,
  business,
  approved,
}: {
  settings: OwnerWidgetSettings;
  business: { name: string; logoUrl: string | null; collectionSlug: string };
  approved: {
    items: readonly Testimonial[] | undefined;
    loading: boolean;
    failed: boolean;
    retry: () => void;
  };
}) {
  const { form, stored, saving, onSubmit, resetToStored } = useWidgetSettingsForm(settings);
  const { isDirty } = form.formState;
  const preview = useLivePreview({
    control: form.control,
    stored,
    business,
    approved: approved.items,
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]">
      <FormProvider {...form}>
        <form noValidate className="grid gap-6" onSubmit={(event) => void onSubmit(event)}>
          <SettingsSection
            id="widget-header-title"
            title="Header"
            description="An optional heading above your testimonials."
          >
            <HeaderFields />
          </SettingsSection>
          <SettingsSection
            id="widget-style-title"
            title="Style"
            description="Colours and type to match your website."
            action={<DefaultStyleButton />}
          >
            <StyleFields storedFont={stored.fontFamily} shown={preview.settings} />
          </SettingsSection>
          <SettingsSection
            id="widget-display-title"
            title="Display"
            description="Choose what each testimonial shows."
          >
            <DisplayToggles />
          </SettingsSection>
          <SaveBar dirty={isDirty} saving={saving} onReset={resetToStored} />
        </form>
      </FormProvider>

      <SettingsPreview
        data={preview.data}
        usesSamples={preview.usesSamples}
        loading={approved.loading}
        loadFailed={approved.failed}
        onRetry={approved.retry}
      />
      <UnsavedChangesGuard when={isDirty && !saving} />
    </div>
  );
}
