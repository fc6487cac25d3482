// Puts what the server rendered a page with into the query cache before the
// page renders on the client, so hydration starts from the same data and no
// request is made that the server already answered (a signed-out visitor's
// GET /api/auth/user would be a 401 in the console).
import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '../../shared/page-data';
import { collectionQueries } from '../features/collection/api';
import { sessionQueries } from '../lib/session';

export function seedQueriesFromPage(client: QueryClient, data: PageData): void {
  if (data.signedOut) client.setQueryData(sessionQueries.currentUser().queryKey, null);
  if (data.publicBusiness) {
    const { slug, business } = data.publicBusiness;
    client.setQueryData(collectionQueries.publicBusiness(slug).queryKey, business);
  }
}
