// The public collection link of a business (docs/product/collection.md#collection-link-screen,
// "Dashboard" quick actions): built from this page's origin, copied with the
// toasts of docs/product/messages.md#collection. Shared by the collection link screen and the dashboard.
import { collectionLink } from '../../shared/app-pages';
import { copyText } from '../lib/clipboard';
import { toast } from './ui/toast';

/** `{origin}/submit/{collectionSlug}`. */
export function collectionLinkFor(collectionSlug: string, origin = window.location.origin): string {
  return collectionLink(origin, collectionSlug);
}

/** Copies the link and says whether it worked. */
export async function copyCollectionLink(link: string): Promise<boolean> {
  try {
    await copyText(link);
    toast({ title: 'Collection link copied to clipboard!', variant: 'success' });
    return true;
  } catch {
    toast({ title: 'Failed to copy link to clipboard', variant: 'destructive' });
    return false;
  }
}
