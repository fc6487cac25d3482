// The query parameters of Wix connect (docs/product/README.md#screens-and-routes, docs/product/auth.md#auth-screen,
// /wix/auth): Wix opens `/auth?wix_site_id=…&redirect=wix-connect&instance=…`;
// after the login the app goes to `/wix/auth` with the same three, and a
// signed-out visitor of /wix/auth is sent back to the login with them. The
// auth screen and the /wix/auth page both read and write them, so they live here.
import { WIX_CONNECT_REDIRECT } from '../../shared/constants';

export type WixConnectParams = {
  /** `wix_site_id`: the site Wix says this is. */
  wixSiteId: string;
  /** `instance`: Wix's signed `<signature>.<data>`; the server verifies it. */
  instance: string;
};

/**
 * The Wix connect parameters of an address, or null when one is missing or
 * empty. `requireRedirect`: also ask for `redirect=wix-connect` (the auth
 * screen, where it marks a Wix login; /wix/auth is that destination already).
 */
export function readWixConnectParams(
  search: URLSearchParams,
  { requireRedirect = true }: { requireRedirect?: boolean } = {},
): WixConnectParams | null {
  const wixSiteId = search.get('wix_site_id')?.trim();
  const instance = search.get('instance')?.trim();
  if (!wixSiteId || !instance) return null;
  if (requireRedirect && search.get('redirect') !== WIX_CONNECT_REDIRECT) return null;
  return { wixSiteId, instance };
}

/** `wix_site_id=…&redirect=wix-connect&instance=…`, in the order of docs/product/integrations.md#wix-connect. */
function wixConnectQuery({ wixSiteId, instance }: WixConnectParams): string {
  return new URLSearchParams({
    wix_site_id: wixSiteId,
    redirect: WIX_CONNECT_REDIRECT,
    instance,
  }).toString();
}

/** Where a Wix login goes once signed in: `/wix/auth?…`. */
export function wixConnectPath(params: WixConnectParams): string {
  return `/wix/auth?${wixConnectQuery(params)}`;
}

/** The Wix login: `/auth?tab=login&…`. */
export function wixLoginPath(params: WixConnectParams): string {
  return `/auth?tab=login&${wixConnectQuery(params)}`;
}
