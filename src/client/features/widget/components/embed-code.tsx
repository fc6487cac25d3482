// The embed snippet (SPEC §2): a script tag pointing to /widget.js with the
// business's collectionSlug in data-widget (after the preload of its data, in
// the widget's box: shared/embed-snippets.ts), and an iframe fallback for site
// builders that refuse scripts. Read-only, each with its own copy button. The
// box's height comes from the saved settings, so the code waits for them.
import { Code2, Frame } from 'lucide-react';
import { CodeBlock } from '../../../components/code-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { iframeSnippet, scriptSnippet } from '../../../../shared/embed-snippets';
import { normalizeWidgetSettings } from '../../../../shared/widget-data';
import { useWidgetSettings } from '../api';

export function EmbedCode({ slug }: { slug: string }) {
  const origin = window.location.origin;
  const saved = useWidgetSettings();
  // Unreadable settings (the editor below says so) still give a working code, at the default height.
  const settings = saved.isPending ? null : normalizeWidgetSettings(saved.data);
  const code = (snippet: typeof scriptSnippet, label: string, what: string) =>
    settings ? (
      <CodeBlock code={snippet(origin, slug, settings)} label={label} what={what} />
    ) : (
      <div role="status" aria-label={`Loading the ${what}`}>
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  return (
    <Card role="region" aria-labelledby="embed-code-title">
      <CardHeader>
        <h2 id="embed-code-title" className="text-lg font-semibold leading-tight tracking-tight">
          Add the widget to your website
        </h2>
        <CardDescription>
          Paste this where the testimonials should appear: in your site builder&apos;s HTML or
          Embed block, or straight into your page. It picks up new approvals and saved settings by
          itself.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
            {code(scriptSnippet, 'HTML · recommended', 'script tag')}
            <p className="text-xs text-muted-foreground">
              Loads asynchronously and sets no cookies. The first line starts loading your
              testimonials with the page, so they show sooner; the box around the script keeps their
              place, so your page never jumps. The box&apos;s height follows your saved settings:
              after changing the header, ratings, photos, branding or font size, copy the code again.
            </p>
          </TabsContent>
          <TabsContent value="iframe" className="grid gap-3">
            {code(iframeSnippet, 'HTML · no scripts', 'iframe code')}
            <p className="text-xs text-muted-foreground">
              For builders that don&apos;t accept scripts. The frame is as tall as the widget with
              your saved settings; your testimonials stand side by side in it, and visitors swipe or
              scroll through them.
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
