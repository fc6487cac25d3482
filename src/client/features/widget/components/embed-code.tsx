// The embed snippet (SPEC §2): a script tag pointing to /widget.js with the
// business's collectionSlug in data-widget (after the preload of its data,
// shared/embed-snippets.ts), and an iframe fallback for site
// builders that refuse scripts. Read-only, each with its own copy button.
import { Code2, Frame } from 'lucide-react';
import { CodeBlock } from '../../../components/code-block';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { iframeSnippet, scriptSnippet } from '../../../../shared/embed-snippets';

export function EmbedCode({ slug }: { slug: string }) {
  const origin = window.location.origin;
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
            <CodeBlock code={scriptSnippet(origin, slug)} label="HTML · recommended" what="script tag" />
            <p className="text-xs text-muted-foreground">
              Loads asynchronously, sets no cookies, and adapts its height to your testimonials. The
              first line starts loading your testimonials with the page, so they show sooner.
            </p>
          </TabsContent>
          <TabsContent value="iframe" className="grid gap-3">
            <CodeBlock code={iframeSnippet(origin, slug)} label="HTML · no scripts" what="iframe code" />
            <p className="text-xs text-muted-foreground">
              For builders that don&apos;t accept scripts. A frame can&apos;t grow by itself: change
              the height if your testimonials need more room.
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
