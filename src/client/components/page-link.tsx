// A link that works in both client bundles: the router's <Link> inside the
// single-page app (app/providers.tsx provides it), a plain <a> on the landing
// page, which ships without the router (landing.tsx). Components shared by
// both (the brand logo, the public header and footer, the hero) link with it.
import { createContext, use, type ComponentProps, type ReactNode } from 'react';

export type PageLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

const RouterLinkContext = createContext<((props: PageLinkProps) => ReactNode) | null>(null);

/** Wraps the single-page app with a function drawing the router's link: links inside navigate without reloading the page. */
export const RouterLinkProvider = RouterLinkContext;

export function PageLink({ to, ...props }: PageLinkProps) {
  const renderRouterLink = use(RouterLinkContext);
  return renderRouterLink ? renderRouterLink({ to, ...props }) : <a href={to} {...props} />;
}
