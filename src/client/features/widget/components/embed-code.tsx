// The embed snippet (docs/product/widget.md#widget-settings-screen): a script tag pointing to /widget.js with the
// business's collectionSlug in data-widget (after the preload of its data, in
// the widget's box: shared/embed-snippets.ts), and an iframe fallback for site
// builders that refuse scripts. Read-only, each with its own copy button. The
// box's height comes from the saved settings, so the code waits for them.
// Each copy is remembered (PUT /api/widget-snippets), so when a later change
// needs another height the card says the code on the site is out of date
// (docs/decisions/0024).
import { Code2, Frame } from 'lucide-react';
import { CodeBlock } from '../../../components/code-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { iframeSnippet, scriptSnippet } from '../../../../shared/embed-snippets';
import type { SnippetKind } from '../../../../shared/schemas/widget-snippets';
import { widgetBoxHeight } from '../../../../shared/widget-box';
import { normalizeWidgetSettings } from '../../../../shared/widget-data';
import { useCopiedSnippets, useRecordCopy, useWidgetSettings } from '../api';
import { OutdatedSnippetNotice } from './outdated-snippet-notice';

const SNIPPETS = {
  script: { make: scriptSnippet, label: 'HTML · recommended', what: 'script tag' },
  iframe: { make: iframeSnippet, label: 'HTML · no scripts', what: 'iframe code' },
} as const;

export function EmbedCode({ slug }: { slug: string }) {
  const origin = window.location.origin;
  const saved = useWidgetSettings();
  const copies = useCopiedSnippets();
  const recordCopy = useRecordCopy();
  // Unreadable settings (the editor below says so) still give a working code, at the default height.
  const settings = saved.isPending ? null : normalizeWidgetSettings(saved.data);
  const height = settings ? widgetBoxHeight(settings) : 0;
  const code = (kind: SnippetKind) => (settings ? SNIPPETS[kind].make(origin, slug, settings) : '');
  const copied = (kind: SnippetKind) => () => recordCopy.mutate({ kind, height });
  const block = (kind: SnippetKind) =>
    settings ? (
      <CodeBlock
        code={code(kind)}
        label={SNIPPETS[kind].label}
        what={SNIPPETS[kind].what}
        onCopied={copied(kind)}
      />
    ) : (
      <div role="status" aria-label={`Loading the ${SNIPPETS[kind].what}`}>
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  // The codes last copied whose box is not the height the saved settings need.
  const outdated = (['script', 'iframe'] as const).flatMap((kind) => {
    const last = copies.data?.[kind];
    return settings && last && last.height !== height ? [{ kind, copied: last.height }] : [];
  });
  const neverCopied = copies.data && !copies.data.script && !copies.data.iframe;

  return (
    <Card role="region" aria-labelledby="embed-code-title">
      <CardHeader>
        <h2 id="embed-code-title" className="text-lg font-semibold leading-tight tracking-tight">
          Add the widget to your website
        </h2>
        <CardDescription>
          Paste this where the testimonials should appear: in your site builder&apos;s HTML or Embed
          block, or straight into your page. It picks up new approvals and saved settings by itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outdated.map(({ kind, copied: was }) => (
          <OutdatedSnippetNotice
            key={kind}
            kind={kind}
            what={SNIPPETS[kind].what}
            copied={was}
            needed={height}
            code={code(kind)}
            onCopied={copied(kind)}
          />
        ))}
        <Tabs defaultValue="script">
          <TabsList aria-label="Embed code type" className="w-full sm:w-auto">
            <TabsTrigger value="script">
              <Code2 className="size-4" aria-hidden="true" />
              Script tag
            </TabsTrigger>
            <TabsTrigger value="iframe">
              <Frame className="size-4" aria-hidden="true" />
              iframe
            </TabsTrigger>
          </TabsList>
          <TabsContent value="script" className="grid gap-3">
            {block('script')}
            <p className="text-xs text-muted-foreground">
              Loads asynchronously and sets no cookies. The first line starts loading your
              testimonials with the page, so they show sooner; the box around the script keeps their
              place, so your page never jumps. The box is as tall as your saved settings need: when
              a change needs another height, this page tells you to copy the code again.
            </p>
          </TabsContent>
          <TabsContent value="iframe" className="grid gap-3">
            {block('iframe')}
            <p className="text-xs text-muted-foreground">
              For builders that don&apos;t accept scripts. The frame is as tall as the widget with
              your saved settings; your testimonials stand side by side in it, and visitors swipe or
              scroll through them.
            </p>
          </TabsContent>
        </Tabs>
        {neverCopied ? (
          <p className="text-xs text-muted-foreground">
            Already pasted this code on your website before? Copy it once more and paste it over the
            old one: from then on, this page tells you whenever a settings change needs a new copy.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
