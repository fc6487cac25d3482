// The widget in a box smaller than its settings need (a snippet copied before
// they changed, a site builder's fixed frame): parts are left out whole, in
// order of importance, never cut off or drawn over one another
// (docs/decisions/0024). One ResizeObserver watches the widget and every
// card. It reports after layout and before paint, so the first frame already
// fits; each report shows every part again, reads all sizes at once (one
// layout for the widget, one for its cards), then hides what does not fit and
// clamps the text to whole lines.
// The sizes of the widget and of its cards never depend on what they show,
// so hiding a part never makes the observer report again.

const px = (value: string) => parseFloat(value) || 0;
const find = (box: Element, selector: string) => box.querySelector<HTMLElement>(selector);

/** Whether each part is kept; applied once every size is read. */
type Keep = Map<HTMLElement, boolean>;

/**
 * The flex column `box` keeps `reserve` px for the part of it that grows
 * (`more` px more after the first part), then, in order, each part while it
 * still fits whole with the gap before it; the first that does not is hidden
 * with all after it. Answers the height left to the growing part, and
 * whether every part was kept.
 */
function stack(
  box: HTMLElement,
  keep: Keep,
  selectors: string[],
  reserve: number,
  more = 0,
): [left: number, whole: boolean] {
  const style = getComputedStyle(box);
  const gap = px(style.rowGap);
  // 1px of slack for sub-pixel sizes.
  let left = box.clientHeight - px(style.paddingTop) - px(style.paddingBottom) + 1;
  let fits = true;
  for (const part of selectors.map((selector) => find(box, selector)))
    if (part) {
      const height = part.offsetHeight + gap;
      keep.set(part, (fits &&= height + reserve <= left));
      if (fits) left -= height;
      reserve += more;
      more = 0;
    }
  return [left - 1, fits];
}

/**
 * A slide's card: a line of text comes first, then the author, a second line
 * (if the text has one), the stars and the photo row; the text gets what is
 * left, in whole lines. "Read more" shows when the text is cut or a part was
 * left out; with a line to spare it takes a line of its own, else it covers
 * the end of the last one, and on a line so short that only a word or two
 * would be left beside it, it stands alone (the text stays there for screen
 * readers).
 */
function fitSlide(card: HTMLElement, keep: Keep): () => void {
  const text = find(card, '.q') as HTMLElement;
  const line = px(getComputedStyle(text).lineHeight);
  // The text's own lines, without the one a previous fit added for "Read more".
  const need = Math.round((text.scrollHeight - px(text.style.paddingBottom)) / line);
  // "Read more" is about six lines of height wide: on a line narrower than twice that, it stands alone.
  const narrow = text.clientWidth < 12 * line;
  const [left, whole] = stack(card, keep, ['.au', '.st', '.md'], line, need > 1 ? line : 0);
  const lines = Math.floor(left / line);
  const cut = need > lines || !whole;
  return () => {
    (find(card, '.qa') as HTMLElement).hidden = lines < 1;
    (find(card, '.rm') as HTMLElement).hidden = !(lines && cut);
    text.style.webkitLineClamp = String(Math.min(need, lines) || 1);
    text.style.paddingBottom = cut && need < lines ? `${line}px` : '';
    text.style.opacity = cut && lines < 2 && narrow ? '0' : '';
  };
}

/**
 * Fits `boxes` at once: shows every part again, so every size is read as if
 * nothing were left out, reads them all, then hides what does not fit.
 */
function fit(boxes: HTMLElement[]): void {
  for (const box of boxes) for (const part of box.children) (part as HTMLElement).hidden = false;
  const keep: Keep = new Map();
  // What each slide does to its text once every size is read.
  const finish: (() => void)[] = [];
  for (const box of boxes)
    if (box.matches('.w'))
      stack(box, keep, [':scope>.bar', '.hd', '.br'], 9 * px(getComputedStyle(box).fontSize));
    else if (box.matches('.iv')) stack(box, keep, ['.ia', '.ht', '.q', '.st'], 0);
    else finish.push(fitSlide(box, keep));
  keep.forEach((kept, part) => {
    part.hidden = !kept;
  });
  for (const apply of finish) apply();
}

/**
 * Observe the widget (`.w`) and each card (slides and the invitation): they
 * then always fit their boxes. The widget keeps room for a card with a line
 * and its author (9em) first, then the controls, the header and the
 * branding; the invitation its link, heading, text and stars, in that order.
 * The widget is fitted before its cards, whose room depends on what it shows.
 */
export const watchFit = (): ResizeObserver =>
  new ResizeObserver((entries) => {
    const boxes = entries.map(({ target }) => target as HTMLElement);
    const outer = boxes.filter((box) => box.matches('.w'));
    fit(outer);
    fit(boxes.filter((box) => !outer.includes(box)));
  });
