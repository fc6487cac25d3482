// The live preview: the real renderer (components/widget-preview.tsx) on a
// neutral stand-in for the owner's website. The widget keeps its own colours
// whatever the app theme; the owner can switch the page behind it between
// light and dark to see how it sits on their site. With nothing approved it
// shows, first, what the site shows until then (the invitation to leave the
// first testimonial, or the empty space it keeps), and on request the
// widget with sample testimonials (docs/decisions/0024).
import { Eye, Moon, Sparkles, Sun } from 'lucide-react';
import { useMemo, useState } from 'react';
import { BrowserBar } from '../../../components/browser-bar';
import type { PublicWidget } from '../../../../shared/schemas/widget';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { WidgetPreview } from '../../../components/widget-preview';
import { cn } from '../../../lib/utils';
import { widgetBoxHeight } from '../../../../shared/widget-box';
import { ChoiceGroup } from './choice-group';

type Backdrop = 'light' | 'dark';
/** With nothing approved: what the website shows now, or the widget with samples. */
type Showing = 'site' | 'samples';

/** Grey bars standing in for the rest of the owner's page. */
function PageFiller({ backdrop, wide = false }: { backdrop: Backdrop; wide?: boolean }) {
  const bar = backdrop === 'light' ? 'bg-zinc-300/70' : 'bg-zinc-700';
  return (
    <div aria-hidden="true" className="grid gap-2 px-1">
      <div className={cn('h-2.5 rounded-full', bar, wide ? 'w-2/5' : 'w-3/4')} />
      <div className={cn('h-2.5 w-11/12 rounded-full opacity-70', bar)} />
      {wide ? null : <div className={cn('h-2.5 w-1/2 rounded-full opacity-70', bar)} />}
    </div>
  );
}

export function SettingsPreview({
  data,
  usesSamples,
  loading,
  loadFailed,
  onRetry,
}: {
  data: PublicWidget;
  usesSamples: boolean;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
}) {
  const [backdrop, setBackdrop] = useState<Backdrop>('light');
  const [showing, setShowing] = useState<Showing>('site');
  // Nothing approved (known, not a failed read): say what the website shows until then.
  const empty = usesSamples && !loading && !loadFailed;
  const showsSite = empty && showing === 'site';
  const site = useMemo(() => ({ ...data, testimonials: [] }), [data]);
  const invites = data.settings.showInvite;
  const boxHeight = widgetBoxHeight(data.settings);
  return (
    <section
      id="widget-preview"
      aria-labelledby="widget-preview-title"
      className="scroll-mt-24 lg:sticky lg:top-24"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Eye className="size-4 text-brand-text" aria-hidden="true" />
          <h2 id="widget-preview-title" className="text-sm font-semibold">
            Live preview
          </h2>
        </div>
        <div role="group" aria-label="Page behind the widget" className="flex gap-1">
          {(['light', 'dark'] as const).map((value) => (
            <Button
              key={value}
              variant="ghost"
              size="sm"
              aria-pressed={backdrop === value}
              onClick={() => setBackdrop(value)}
              className="h-8 px-2.5 text-xs text-muted-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
            >
              {value === 'light' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
              {value === 'light' ? 'Light page' : 'Dark page'}
            </Button>
          ))}
        </div>
      </div>
      {empty ? (
        <div className="mb-3 grid gap-2 rounded-xl border border-border bg-muted/40 p-3 text-sm">
          <p>
            {invites
              ? 'Until you approve a testimonial, your website shows this invitation to write the first one. It opens your collection page in a new tab.'
              : `Until you approve a testimonial, your website keeps an empty space ${boxHeight} px tall where the widget goes. Turn on “Invite the first testimonial” under Display to fill it.`}
          </p>
          <ChoiceGroup
            legend="The preview shows"
            name="preview-shows"
            value={showing}
            onChange={setShowing}
            choices={[
              { value: 'site', label: 'Your website now' },
              { value: 'samples', label: 'Sample testimonials' },
            ]}
          />
        </div>
      ) : null}

      <div className="overflow-hidden rounded-2xl border border-border shadow-sm">
        <BrowserBar />
        <div
          className={cn(
            'grid gap-5 px-3 py-5 transition-colors sm:px-5 sm:py-6',
            backdrop === 'light' ? 'bg-zinc-100' : 'bg-zinc-900',
          )}
        >
          <PageFiller backdrop={backdrop} />
          {usesSamples && !loading && !showsSite ? (
            <p className="flex justify-self-start items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900">
              <Sparkles className="size-3.5" aria-hidden="true" />
              Preview with sample testimonials
            </p>
          ) : null}
          {loading ? (
            <div role="status" aria-label="Loading the preview" className="grid gap-3">
              <Skeleton className="h-64 rounded-2xl bg-zinc-300/60" />
            </div>
          ) : (
            <div className="relative">
              <WidgetPreview data={showsSite ? site : data} />
              {showsSite && !invites ? (
                <p
                  className={cn(
                    'absolute inset-0 grid place-items-center rounded-2xl border-2 border-dashed text-xs',
                    backdrop === 'light'
                      ? 'border-zinc-400 text-zinc-600'
                      : 'border-zinc-600 text-zinc-400',
                  )}
                >
                  Empty space, {boxHeight} px
                </p>
              ) : null}
            </div>
          )}
          <PageFiller backdrop={backdrop} wide />
        </div>
      </div>

      {loadFailed ? (
        <p
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground"
        >
          We couldn&apos;t load your approved testimonials, so the preview shows samples.
          <Button variant="link" className="h-auto p-0" onClick={onRetry}>
            Try again
          </Button>
        </p>
      ) : (
        <p className="mt-3 text-xs text-muted-foreground">
          {usesSamples
            ? 'Once you approve testimonials, up to 6 of them show here and on your website.'
            : 'Your latest approved testimonials, up to 6. Changes show here as you make them; your website gets them when you save.'}
        </p>
      )}
    </section>
  );
}
