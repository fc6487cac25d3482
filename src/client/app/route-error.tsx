import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from './not-found';
import { MessagePage } from './page-shell';

/** Route errorElement: a 404 response shows the not-found screen, anything else a short apology. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <MessagePage icon={<TriangleAlert aria-hidden="true" />} title="Something went wrong">
      <p>This page could not be shown. Please reload, or try again in a moment.</p>
    </MessagePage>
  );
}
