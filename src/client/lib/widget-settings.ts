// The owner's widget settings: read by the dashboard preview, the testimonial
// dialog's "Show business name" toggle and the Widget Settings screen, so the
// query lives below features/. The writes stay with the feature that offers
// them.
import { getWidgetSettings } from '../../shared/contracts/widget';
import { contractQuery } from './api';

export const widgetSettingsQueries = {
  mine: () => contractQuery(getWidgetSettings, {}),
};
