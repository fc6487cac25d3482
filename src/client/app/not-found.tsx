import { Compass } from 'lucide-react';
import { MessagePage } from './page-shell';

export function NotFoundScreen() {
  return (
    <MessagePage
      icon={<Compass aria-hidden="true" />}
      title="404 Page Not Found"
      documentTitle="Page not found"
    >
      <p>Did you forget to add the page to the router?</p>
    </MessagePage>
  );
}
