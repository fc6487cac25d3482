// "Developer notes" of the Integrations screen (docs/product/integrations.md#integrations-screen): how a key is sent,
// the rate limit, the public Wix widget endpoint, a curl example built from
// this server's own address, and the API reference (/docs/api, a server page).
import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { PUBLIC_API_RATE_LIMIT_PER_MINUTE } from '../../../../shared/constants';
import { CodeBlock } from '../../../components/code-block';
import { SettingsSection } from '../../../components/settings-section';
import { buttonClassName } from '../../../components/ui/button';

/** The example request: the newest approved testimonials, from this server. */
function curlExample(origin: string): string {
  return `curl -H "Authorization: Bearer YOUR_API_KEY" ${origin}/api/v1/testimonials`;
}

function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] break-all text-foreground">
      {children}
    </code>
  );
}

export function DeveloperNotes() {
  const origin = window.location.origin;
  return (
    <SettingsSection
      id="developer-notes"
      title="Developer notes"
      description="What your developer needs to call the API with your key."
    >
      <div className="grid gap-6">
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="font-semibold">Authentication</dt>
            <dd className="text-muted-foreground">
              Send the key as a bearer key in the Authorization header:{' '}
              <InlineCode>Authorization: Bearer YOUR_API_KEY</InlineCode>. Keep it on your server: a
              key does not belong in a web page.
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-semibold">Rate limit</dt>
            <dd className="text-muted-foreground">
              {PUBLIC_API_RATE_LIMIT_PER_MINUTE} requests per minute per key. Past it, requests are
              answered <InlineCode>429 Too Many Requests</InlineCode> with a{' '}
              <InlineCode>Retry-After</InlineCode> header.
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-semibold">Public widget endpoint</dt>
            <dd className="text-muted-foreground">
              <InlineCode>GET /wix/widget?instance={'{wixSiteId}'}</InlineCode> answers the widget
              data of a connected Wix site as JSON. It needs no key and may be called from a
              browser; it allows {PUBLIC_API_RATE_LIMIT_PER_MINUTE} requests per minute per site
              from each visitor's address, so no visitor can use up another's.
            </dd>
          </div>
        </dl>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Try it</h3>
          <CodeBlock
            code={curlExample(origin)}
            label="curl · list approved testimonials"
            what="curl example"
          />
        </div>
        <div>
          <a
            href="/docs/api"
            className={buttonClassName({ variant: 'outline', className: 'w-full sm:w-auto' })}
          >
            <BookOpen aria-hidden="true" />
            API reference
          </a>
        </div>
      </div>
    </SettingsSection>
  );
}
