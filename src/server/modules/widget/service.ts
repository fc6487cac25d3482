// Widget settings of the owner's business. Reads never create the row (no GET
// changes state); a missing row or an unset field reads as its default
// (normalizeWidgetSettings, the same reader the widget uses).
import { normalizeWidgetSettings } from '../../../shared/widget-data.js';
import type { OwnerWidgetSettings, WidgetQuickToggleInput } from '../../../shared/schemas/widget-settings.js';
import type { Executor } from '../../db/executor.js';
import type { WidgetSettingsRow } from '../../db/schema.js';
import * as repository from './repository.js';

export function toOwnerWidgetSettings(row: WidgetSettingsRow | null): OwnerWidgetSettings {
  return {
    ...normalizeWidgetSettings(row ?? {}),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getWidgetSettings(db: Executor, businessId: string): Promise<OwnerWidgetSettings> {
  return toOwnerWidgetSettings(await repository.findByBusinessId(db, businessId));
}

/** Creates the row with its defaults when the business has none. */
export async function setQuickToggle(
  db: Executor,
  businessId: string,
  input: WidgetQuickToggleInput,
): Promise<OwnerWidgetSettings> {
  return toOwnerWidgetSettings(await repository.upsert(db, businessId, { showBusinessName: input.showBusinessName }));
}
