// The widget's box: the one height it takes on a page, known from its
// settings alone, before any testimonial arrives (docs/decisions/0019). The
// embed snippets reserve it (embed-snippets.ts), the script fills exactly it
// (src/widget/mount.ts), and the cards inside share it out: a slide's text
// gets the lines that are left, so nothing outside the box ever moves. The
// sizes below are the stylesheet's (widget-styles.ts), in em of the widget's
// font size: change one and change the other, and the e2e check in
// e2e/widget-layout-shift.spec.ts tells whether the text still fits.
import type { WidgetSettings } from './schemas/widget.js';
import { widgetFontPx } from './widget-theme.js';

// Line heights and sizes of widget-styles.ts, in em of the widget's font size
// (plain constants, not an object, so the widget's build inlines them).
/** .w padding, top and bottom. */
const PADDING = 2 * 1.25;
/** The gap between the header, the cards, the controls and the branding. */
const GAP = 1;
/** .bn: the business name's line, as tall as its logo. */
const BUSINESS_NAME = 0.875 * 1.75;
/** .ht: one line of the header text (where it takes more, the cards give up lines). */
const HEADER_TEXT = 1.375 * 1.3;
/** .cd padding, top and bottom. */
const CARD_PADDING = 2 * 1.5;
/** .st: the stars' line. */
const STARS = 1.125;
/** .q: one line of a testimonial. */
const TEXT_LINE = 1.0625 * 1.65;
/** .md: the row of photo thumbnails. */
const PHOTOS = 2.75;
/** .au: the author's name over the source mark, business, place and date (one line, counted even when empty). */
const AUTHOR = 1.5 + 0.875 * 1.5;
/** .bar: the previous, next and rotation buttons. */
const CONTROLS = 2.25;
/** .br: "Powered by …". */
const BRANDING = 0.75 * 1.5;

/** Lines of testimonial a card shows in the box's height beside a row of photos; a card without photos shows about two more. */
const WIDGET_TEXT_LINES = 4;

/** The card's 1px border, top and bottom. */
const CARD_BORDER_PX = 2;

/** The widget's height in px for these settings, at any width. */
export function widgetBoxHeight(s: WidgetSettings): number {
  const name = s.showBusinessName ? BUSINESS_NAME : 0;
  const header = s.headerText ? HEADER_TEXT : 0;
  const photos = s.showBeforeAfterPhotos || s.showProductImages ? PHOTOS + GAP : 0;
  const card =
    CARD_PADDING +
    (s.showRatings ? STARS + GAP : 0) +
    WIDGET_TEXT_LINES * TEXT_LINE +
    photos +
    GAP +
    AUTHOR;
  const em =
    PADDING +
    (name || header ? name + header + GAP : 0) +
    card +
    GAP +
    CONTROLS +
    (s.showBranding ? GAP + BRANDING : 0);
  return Math.ceil(em * widgetFontPx(s) + CARD_BORDER_PX);
}
