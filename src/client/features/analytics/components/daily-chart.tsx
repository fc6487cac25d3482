// A line chart of daily figures, drawn by uPlot on a canvas (docs/product/analytics.md#the-analytics-screen). Its
// colours come from the theme's CSS variables, read again whenever <html>'s class changes (light and dark), and it
// takes its box's width whenever that changes. The canvas says nothing to a screen reader: the same figures are in
// a table beside it, always read by one, shown on request ("Show as table"), and shown outright where no canvas
// can be drawn.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/analytics';
import { cn } from '../../../lib/utils';
import { formatDay } from '../texts';

export type ChartSeries = {
  label: string;
  /** The CSS variable holding its colour, e.g. `--chart-1`. */
  colorVar: string;
  /** Drawn dashed, so the lines differ by more than colour. */
  dashed?: boolean;
  values: readonly number[];
};

/** Whether this browser draws on a canvas (a test DOM or a blocked canvas does not). */
function canvasWorks(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** <html>'s class (`dark` or not), followed as lib/theme.tsx and public/theme-init.js change it. */
function subscribeToThemeClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const themeClass = () => document.documentElement.className;

const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** Whole-number steps for the counts' axis. */
const COUNT_STEPS = [1, 2, 5]
  .flatMap((step) => Array.from({ length: 9 }, (_, power) => step * 10 ** power))
  .sort((a, b) => a - b);

const heightFor = (width: number) => (width < 480 ? 200 : 260);

function chartOptions(series: readonly ChartSeries[], width: number): uPlot.Options {
  const muted = cssVar('--muted-foreground');
  const grid = cssVar('--border');
  const font = `12px ${getComputedStyle(document.body).fontFamily || 'system-ui'}`;
  const colors = series.map((line) => cssVar(line.colorVar));
  const axis = {
    stroke: muted,
    font,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  return {
    width,
    height: heightFor(width),
    // The days are the business's calendar days, placed at UTC midnight: read them in UTC.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(4, max)] } },
    cursor: { drag: { x: false, y: false } },
    // Filled markers: the lines have no fill of their own, which uPlot would draw the marker with.
    legend: {
      live: true,
      markers: { fill: (_chart, index) => colors[index - 1] ?? 'transparent' },
    },
    series: [
      {
        label: 'Day',
        value: (_chart: uPlot, seconds: number | null) =>
          seconds == null ? '—' : formatDay(new Date(seconds * 1000).toISOString().slice(0, 10)),
      },
      ...series.map((line, index) => {
        const color = colors[index];
        return {
          label: line.label,
          stroke: color,
          width: 2,
          dash: line.dashed ? [6, 4] : undefined,
          points: { show: series[0] ? series[0].values.length <= 31 : false, fill: color },
          value: (_chart: uPlot, value: number | null) =>
            value == null ? '—' : formatCount(value),
        } satisfies uPlot.Series;
      }),
    ],
    axes: [
      { ...axis, space: 60 },
      {
        ...axis,
        size: 52,
        incrs: COUNT_STEPS,
        values: (_chart, splits) => splits.map((value) => formatCount(value)),
      },
    ],
  };
}

/** The uPlot chart itself, in a box whose width it follows. */
function Canvas({ dates, series }: { dates: readonly string[]; series: readonly ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useSyncExternalStore(subscribeToThemeClass, themeClass, () => '');
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      dates.map(secondsOf),
      ...series.map((line) => [...line.values]),
    ];
    const chart = new uPlot(chartOptions(series, element.clientWidth), data, element);
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width !== chart.width) chart.setSize({ width, height: heightFor(width) });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, theme]);
  return <div ref={box} aria-hidden="true" className="analytics-chart min-w-0 text-foreground" />;
}

export function DailyChart({
  dates,
  series,
  caption,
}: {
  dates: readonly string[];
  series: readonly ChartSeries[];
  /** The table's caption: what the chart shows. */
  caption: string;
}) {
  const [drawable] = useState(canvasWorks);
  const [tableShown, setTableShown] = useState(false);
  const tableVisible = !drawable || tableShown;
  return (
    <div className="grid gap-3">
      {drawable ? <Canvas dates={dates} series={series} /> : null}
      {drawable ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-self-start px-0"
          aria-expanded={tableShown}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? 'Hide table' : 'Show as table'}
        </Button>
      ) : null}
      <div
        className={cn(
          tableVisible ? 'max-h-80 overflow-auto rounded-xl border border-border' : 'sr-only',
        )}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              {series.map((line) => (
                <th key={line.label} scope="col" className="px-3 py-2 text-right font-medium">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {dates.map((date, index) => (
              <tr key={date}>
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  {formatDay(date)}
                </th>
                {series.map((line) => (
                  <td key={line.label} className="px-3 py-1.5 text-right tabular-nums">
                    {formatCount(line.values[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
