// The range the Analytics screen shows lives in the address, so a reload or a shared link shows the same days:
// `?range=7` or `?range=90` for a preset (30 days without it), `?from=…&to=…` for a custom range. Values the
// server would refuse are read as unset.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_PRESET_DAYS } from '../../../shared/analytics';
import { analyticsRangeQuerySchema, type AnalyticsRange } from '../../../shared/schemas/analytics';

export type PresetDays = (typeof ANALYTICS_PRESET_DAYS)[number];
const DEFAULT_PRESET: PresetDays = 30;

export type RangeChoice = { preset: PresetDays } | { custom: AnalyticsRange };

function readRangeChoice(params: URLSearchParams): RangeChoice {
  const custom = analyticsRangeQuerySchema.safeParse({
    from: params.get('from'),
    to: params.get('to'),
  });
  if (custom.success) return { custom: custom.data };
  const preset = ANALYTICS_PRESET_DAYS.find((days) => String(days) === params.get('range'));
  return { preset: preset ?? DEFAULT_PRESET };
}

function paramsOf(choice: RangeChoice): Record<string, string> {
  if ('custom' in choice) return { from: choice.custom.from, to: choice.custom.to };
  return choice.preset === DEFAULT_PRESET ? {} : { range: String(choice.preset) };
}

/** The range read from the address, and `choose(range)` to show another. */
export function useRangeAddress() {
  const [params, setParams] = useSearchParams();
  const choice = readRangeChoice(params);
  const choose = useCallback(
    (next: RangeChoice) => setParams(paramsOf(next), { replace: true }),
    [setParams],
  );
  return { choice, choose };
}
