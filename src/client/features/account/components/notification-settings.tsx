// The Notifications card of /account-settings (docs/product/notifications.md): how the owner is emailed when
// testimonials arrive, as they arrive, in a daily digest or not at all. A choice saves at once; a failure puts it
// back and says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationSettings,
  saveNotificationSettings,
} from '../../../../shared/contracts/notifications';
import {
  DAILY_DIGEST_TIME,
  newTestimonialEmailModes,
  type NotificationSettings as Settings,
} from '../../../../shared/schemas/notifications';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { call, contractQuery, keyOf } from '../../../lib/api';

const settingsQuery = contractQuery(getNotificationSettings, {});
const settingsKey = keyOf(getNotificationSettings, {});

type Mode = Settings['newTestimonialEmails'];

/** Each mode's words (shown in the order of `newTestimonialEmailModes`); a new mode fails the typecheck until it has them. */
const MODE_TEXT: Record<Mode, { label: string; hint: string; saved: string }> = {
  each: {
    label: 'As they arrive',
    hint: 'Who wrote it, the rating and the first lines. Several within 10 minutes come in one email.',
    saved: 'We will email you when a testimonial arrives.',
  },
  daily: {
    label: 'Daily digest',
    hint: `One email a day at ${DAILY_DIGEST_TIME} with what arrived since the last one. None on a day with nothing new.`,
    saved: `We will email you a digest at ${DAILY_DIGEST_TIME} on days with new testimonials.`,
  },
  off: {
    label: 'Off',
    hint: 'No emails about new testimonials. They still wait for you in the dashboard.',
    saved: 'We will not email you about new testimonials.',
  },
};

function isMode(value: string): value is Mode {
  return (newTestimonialEmailModes as readonly string[]).includes(value);
}

function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => call(saveNotificationSettings, { body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<Settings>(settingsKey);
      queryClient.setQueryData(settingsKey, settings);
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      toast({
        title: 'Notifications saved',
        description: MODE_TEXT[saved.newTestimonialEmails].saved,
        variant: 'success',
      });
    },
    onError: (_error, _settings, context) => {
      queryClient.setQueryData(settingsKey, context?.before);
      toast({
        title: 'Error',
        description: 'Failed to save notification settings. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

export function NotificationSettings() {
  const settings = useQuery(settingsQuery);
  const save = useSaveNotificationSettings();
  return (
    <SettingsSection
      id="notification-settings"
      title="Notifications"
      description="What we email you about."
    >
      {settings.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading notification settings" />
      ) : settings.isError ? (
        <CardLoadError what="your notification settings" onRetry={() => void settings.refetch()} />
      ) : (
        <div className="grid gap-3">
          <p id="notify-new-testimonial" className="text-sm font-medium leading-none">
            Email me about new testimonials
          </p>
          <RadioGroup
            aria-labelledby="notify-new-testimonial"
            value={settings.data.newTestimonialEmails}
            disabled={save.isPending}
            onValueChange={(value) => {
              if (isMode(value)) save.mutate({ newTestimonialEmails: value });
            }}
          >
            {newTestimonialEmailModes.map((mode) => (
              <div key={mode} className="flex items-start gap-3">
                <RadioGroupItem
                  id={`notify-new-testimonial-${mode}`}
                  value={mode}
                  aria-describedby={`notify-new-testimonial-${mode}-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <Label htmlFor={`notify-new-testimonial-${mode}`}>{MODE_TEXT[mode].label}</Label>
                  <p
                    id={`notify-new-testimonial-${mode}-hint`}
                    className="text-xs text-muted-foreground"
                  >
                    {MODE_TEXT[mode].hint}
                  </p>
                </div>
              </div>
            ))}
          </RadioGroup>
        </div>
      )}
    </SettingsSection>
  );
}
