// The Notifications card of /account-settings (docs/product/notifications.md): whether the owner is emailed
// when testimonials arrive. The switch saves at once; a failure puts it back and says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationSettings,
  saveNotificationSettings,
} from '../../../../shared/contracts/notifications';
import type { NotificationSettings as Settings } from '../../../../shared/schemas/notifications';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { call, contractQuery, keyOf } from '../../../lib/api';

const settingsQuery = contractQuery(getNotificationSettings, {});
const settingsKey = keyOf(getNotificationSettings, {});

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
        description:
          saved.newTestimonialEmails === 'each'
            ? 'We will email you when a testimonial arrives.'
            : 'We will not email you about new testimonials.',
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
        <Skeleton className="h-12 w-full" aria-label="Loading notification settings" />
      ) : settings.isError ? (
        <CardLoadError what="your notification settings" onRetry={() => void settings.refetch()} />
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="notify-new-testimonial">Email me when a testimonial arrives</Label>
            <p id="notify-new-testimonial-hint" className="text-xs text-muted-foreground">
              Who wrote it, the rating and the first lines. Several within 10 minutes come in one
              email.
            </p>
          </div>
          <Switch
            id="notify-new-testimonial"
            checked={settings.data.newTestimonialEmails === 'each'}
            disabled={save.isPending}
            onCheckedChange={(on) => {
              save.mutate({ newTestimonialEmails: on ? 'each' : 'off' });
            }}
            aria-describedby="notify-new-testimonial-hint"
          />
        </div>
      )}
    </SettingsSection>
  );
}
