// Who is not counted because it is not a person (docs/product/analytics.md#counting): crawlers, link previews,
// monitors and headless browsers, as the `isbot` package knows them, and a request without a user agent (every
// browser sends one).
import { isbot } from 'isbot';

export function isBot(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || isbot(userAgent);
}
