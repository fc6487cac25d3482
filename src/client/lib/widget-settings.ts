// The owner's widget settings (docs/product/widget.md#calls GET/PUT/POST /api/widget-settings):
// read by the dashboard preview, the testimonial dialog's "Show business name"
// toggle and the Widget Settings screen, so the query lives below features/.
// The writes stay with the feature that offers them.
import { queryOptions } from '@tanstack/react-query';
import type { OwnerWidgetSettings } from '../../shared/schemas/widget-settings';
import { api } from './api';

export const widgetSettingsUrl = '/api/widget-settings';

export const widgetSettingsQueries = {
  mine: () =>
    queryOptions({
      queryKey: [widgetSettingsUrl] as const,
      queryFn: ({ signal }) => api.get<OwnerWidgetSettings>(widgetSettingsUrl, { signal }),
    }),
};
