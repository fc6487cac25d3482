import { Code2, QrCode, ShieldCheck, ThumbsUp } from 'lucide-react';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../../shared/constants';
import { productName } from '../../../lib/product';

const BENEFITS = [
  {
    Icon: QrCode,
    title: 'Collect with ease',
    text: 'Share one link or QR code and customers leave a testimonial in a minute.',
  },
  {
    Icon: ThumbsUp,
    title: 'You stay in control',
    text: 'Approve, edit or hide every testimonial before it goes live.',
  },
  {
    Icon: Code2,
    title: 'Show it anywhere',
    text: 'Embed a carousel on any website builder, shop or custom site. No code needed.',
  },
  {
    Icon: ShieldCheck,
    title: `${PLAN.displayPrice}, all included`,
    text: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. Cancel anytime.`,
  },
] as const;

/** The marketing panel beside the auth forms; hidden on small screens. */
export function AuthSidePanel() {
  return (
    <aside
      aria-labelledby="auth-panel-title"
      className="relative hidden overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-10 text-white shadow-xl shadow-brand-900/20 lg:block dark:from-brand-800 dark:via-brand-900 dark:to-brand-950 dark:shadow-black/40"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">
        Testimonials for small businesses
      </p>
      <h2
        id="auth-panel-title"
        className="mt-4 text-4xl font-extrabold tracking-tight text-balance"
      >
        Turn {productName} into customer trust
      </h2>
      <ul className="mt-10 grid gap-6">
        {BENEFITS.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="mt-0.5 block text-sm text-brand-100">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
