import { BadgeCheck, CodeXml, QrCode, TrendingUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';

const FEATURES = [
  {
    title: 'Collect with ease',
    body: 'Share a link or a QR code, pull in reviews automatically and send one-tap requests. Customers need no account to leave one.',
    Icon: QrCode,
  },
  {
    title: 'Showcase trust',
    body: 'Approve the testimonials you want to show, with ratings, photos and before-and-after shots, in a clean carousel styled to match your brand.',
    Icon: BadgeCheck,
  },
  {
    title: 'Grow credibility',
    body: 'Real words from real customers help new visitors choose you with confidence, right where they decide: on your website.',
    Icon: TrendingUp,
  },
  {
    title: 'Add to My Site',
    body: 'Paste one line into any website builder, e-commerce platform or custom site. No code, no plugins, no developer.',
    Icon: CodeXml,
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="features-title"
            className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Everything you need to earn trust
          </h2>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">
            From the first kind word to a polished widget on your homepage.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, body, Icon }) => (
            <li key={title}>
              <Card className="h-full p-6 transition-shadow hover:shadow-md">
                <div className="flex size-11 items-center justify-center rounded-xl bg-accent text-brand-text">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
