// The headers of every answer of the public, cookie-free routes that other sites read (the widget, the analytics
// beacon), errors and 429s included, so a page on another site can read them.
export const CROSS_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
} as const;
