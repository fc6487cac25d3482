// Product-wide constants (docs/product/limits.md). Pure values: no I/O, safe to import
// from the server, the client and the widget build.
import { MINUTE_MS } from './time.js';

export const PRODUCT_NAME = 'Vouchly';
export const SUPPORT_EMAIL = 'support@vouchly.app';
export const TERMS_LAST_UPDATED = 'August 25, 2025';

/** The one annual plan (docs/product/billing.md#plan). */
export const PLAN = {
  amount: 49,
  amountInCents: 4900,
  currency: 'USD',
  interval: 'year',
  displayPrice: '$49/year',
  label: 'Annual Plan',
  billingNote: 'Billed annually',
  features: [
    'Unlimited testimonial collection',
    'Custom collection forms',
    'Analytics and insights',
    'Export functionality',
  ],
} as const;

export const MONEY_BACK_GUARANTEE_DAYS = 30;
export const PRICE_CHANGE_NOTICE_DAYS = 30;

// Timing (docs/product/limits.md).
export const AUTH_REDIRECT_DELAY_MS = 100;
export const LOGGED_OUT_REDIRECT_DELAY_MS = 500;
export const DASHBOARD_UNAUTHORIZED_REDIRECT_DELAY_MS = 1000;
export const BILLING_SESSION_EXPIRED_REDIRECT_DELAY_MS = 1000;
export const SUBSCRIPTION_SYNC_DELAY_MS = 2000;
export const USER_QUERY_STALE_TIME_MS = 5 * MINUTE_MS;
export const ACCESS_STATUS_POLL_MS = 5 * MINUTE_MS;
export const CAROUSEL_ROTATE_MS = 4000;
export const SUBMIT_REDIRECT_COUNTDOWN_SECONDS = 5;
export const COPIED_INDICATOR_MS = 2000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_VISIBLE_LIMIT = 1;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Limits (docs/product/limits.md#lengths-and-counts and docs/product/limits.md).
export const PASSWORD_MIN_LENGTH = 8;
export const TESTIMONIAL_MIN_LENGTH = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REGISTRATION_STEPS = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRODUCT_PHOTOS = 5;
export const RECOMMENDED_LOGO_SIZE_PX = 200;
export const RECENT_TESTIMONIALS_LIMIT = 3;
export const WIDGET_PREVIEW_MAX_ITEMS = 6;
export const QR_CODE_SIZE_PX = 300;
/** The downloadable PNG's side by default (print size) and the sizes it may be asked for. */
export const QR_PRINT_SIZE_PX = 1200;
export const QR_MIN_SIZE_PX = 300;
export const QR_MAX_SIZE_PX = 4000;
/** The logo in the QR code's middle, on its white square: at most this share of the code's width, well under what level H repairs. */
export const QR_LOGO_SHARE = 0.2;
export const INITIALS_MAX_LETTERS = 2;
export const PUBLIC_API_RATE_LIMIT_PER_MINUTE = 60;
/** How long an API key stays active after it is created (docs/decisions/0013). */
export const API_KEY_LIFETIME_DAYS = 365;
export const TESTIMONIAL_SOURCE_MAX = 60;

/** localStorage key of the colour theme ('light' | 'dark' | 'system'); also read by public/theme-init.js. */
export const THEME_STORAGE_KEY = 'theme';

/**
 * The `redirect` query parameter /auth and /wix/auth carry for Wix connect
 * (docs/product/README.md#screens-and-routes). Here, not with the integration schemas, so /auth need not load those.
 */
export const WIX_CONNECT_REDIRECT = 'wix-connect';
