// Whether a widget is whole in its box (issue 29): measured in the page,
// inside the widget's shadow root. Every part shown (the header, the slides,
// the controls, the branding; in a card its stars, text, photos and author)
// lies inside its container's content box and over no other part, and a
// testimonial's text shows whole lines only, with "Read more" when it is cut.
import type { Locator } from '@playwright/test';

/** What is wrong with the widget in `host` (a `vouchly-widget`): an empty list when it is whole. */
export function widgetProblems(host: Locator): Promise<string[]> {
  return host.evaluate((element) => {
    const problems: string[] = [];
    const root = element.shadowRoot;
    if (!root) return ['no shadow root'];
    /** Sub-pixel rounding: a part may stick out by less than this. */
    const slack = 1;
    const label = (node: Element) =>
      node.localName + (node.classList.length ? `.${[...node.classList].join('.')}` : '');
    const rect = (node: Element) => node.getBoundingClientRect();
    // Parts in the flow that take space, in every slide (the hidden ones show later); "Read more" sits over the end of the text's last line on purpose.
    const shown = (node: Element) => {
      const { width, height } = rect(node);
      return width > 0 && height > 0 && getComputedStyle(node).position !== 'absolute';
    };
    const contentBox = (node: Element) => {
      const r = rect(node);
      const s = getComputedStyle(node);
      const px = (value: string) => parseFloat(value) || 0;
      return {
        top: r.top + px(s.borderTopWidth) + px(s.paddingTop),
        bottom: r.bottom - px(s.borderBottomWidth) - px(s.paddingBottom),
        left: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
        right: r.right - px(s.borderRightWidth) - px(s.paddingRight),
      };
    };
    type Box = { top: number; bottom: number; left: number; right: number };
    const inside = (a: Box, b: Box) =>
      a.top >= b.top - slack &&
      a.bottom <= b.bottom + slack &&
      a.left >= b.left - slack &&
      a.right <= b.right + slack;
    const overlap = (a: Box, b: Box) =>
      a.top < b.bottom - slack &&
      b.top < a.bottom - slack &&
      a.left < b.right - slack &&
      b.left < a.right - slack;
    /** The shown children of `box` stay inside its content box and apart. */
    const checkParts = (box: Element, where: string) => {
      const parts = [...box.children].filter(shown);
      const room = contentBox(box);
      for (const [i, part] of parts.entries()) {
        if (!inside(rect(part), room))
          problems.push(`${where}: ${label(part)} is cut off by ${label(box)}`);
        for (const other of parts.slice(i + 1))
          if (overlap(rect(part), rect(other)))
            problems.push(`${where}: ${label(part)} and ${label(other)} are drawn over each other`);
      }
      return parts;
    };

    const widget = root.querySelector('.w');
    if (!widget || !shown(widget)) return ['nothing shown in the box'];
    if (!inside(rect(widget), rect(element))) problems.push('the widget is larger than its box');
    for (const part of checkParts(widget, 'widget'))
      if (part.matches('.hd')) checkParts(part, 'header');

    const cards = [...root.querySelectorAll<HTMLElement>('.vp .cd, .w > .cd')];
    for (const [i, card] of cards.entries()) {
      const where = `card ${i + 1}`;
      checkParts(card, where);
      const text = card.querySelector<HTMLElement>('.q');
      const area = card.querySelector<HTMLElement>('.qa');
      // Nothing left out for want of room that is there: a line of text is the stylesheet's 1.0625em × 1.65.
      const textLine = parseFloat(getComputedStyle(card).fontSize) * 1.0625 * 1.65;
      const room = contentBox(card);
      if (area?.closest('[hidden]') && room.bottom - room.top >= textLine + slack)
        problems.push(`${where}: the text is left out although the card has room for a line`);
      // The text is checked even where its area has no height left: there it spills over the parts below.
      if (!text || !area || area.closest('[hidden]') || !shown(text)) continue;
      const box = rect(text);
      const line = parseFloat(getComputedStyle(text).lineHeight);
      const lines = box.height / line;
      if (!inside(box, rect(area)))
        problems.push(`${where}: the text runs out of its area, under the parts below it`);
      if (!inside(box, contentBox(card)))
        problems.push(`${where}: the text is cut off by the card`);
      if (Math.abs(lines - Math.round(lines)) * line > slack || Math.round(lines) < 1)
        problems.push(`${where}: the text shows ${lines.toFixed(2)} lines, cut mid-line`);
      const more = card.querySelector<HTMLElement>('.rm');
      const cut = text.scrollHeight > text.clientHeight + slack;
      if (cut && (!more || more.hidden))
        problems.push(`${where}: the text is cut without "Read more"`);
      if (cut && area.clientHeight - text.offsetHeight >= line - slack)
        problems.push(`${where}: the text is cut although its area has room for another line`);
      if (more && !more.hidden && !inside(rect(more), contentBox(card)))
        problems.push(`${where}: "Read more" is cut off by the card`);
    }
    return problems;
  });
}
