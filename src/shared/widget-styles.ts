// The widget's whole stylesheet, used by the widget script (in its shadow
// root) and by the no-script page /embed/{slug}, so both show the same cards.
// Kept short on purpose (it ships inside widget.js). In a shadow root,
// `:host { all: initial }` and the `all: initial` on .w stop the host page's
// inherited styles, and explicit px sizes stop its root font size. Colours,
// font and size come in as custom properties (widget-theme.ts). Icons are
// drawn with borders: no icon font, no SVG.
// Heights: the widget fills its box (.w is 100% of a box the snippet
// reserved, or the px height of widget-box.ts) and never grows: the header,
// the controls and the branding take their lines, the cards share the rest.
// Names and places on one line are cut with an ellipsis; a slide's text area
// (.qa) takes what the card has left. In a box too small for everything, the
// script leaves parts out whole and clamps the text to the whole lines that
// fit (src/widget/fit.ts), with a "Read more" button over the end of the last
// line. The whole testimonial opens in .cv, a modal dialog (the UA's
// dialog:modal rules keep it fixed, centred and scrollable within the
// viewport). While nothing is approved, .iv invites the first testimonial.
// .vi, the source mark, leads the line under the author's name (.mt), which
// the box counts whether or not a card fills it.
// The no-script page lays its list (.ls) out itself
// (src/server/modules/widget/embed-page.ts). The active dot grows by a
// transform, so the dots beside it never move; "Read more" and the author's
// lines have widths of their own, so a web font arriving late moves neither.
// Each line ends in a backslash (a line continuation): the shipped string has no newlines.
export const WIDGET_CSS = `:host{all:initial;display:block}\
[hidden]{display:none!important}\
*,::before,::after{box-sizing:border-box;margin:0;padding:0}\
.w{all:initial;box-sizing:border-box;display:flex;flex-direction:column;align-items:center;gap:1em;height:100%;padding:1.25em;border-radius:1em;background:var(--bg);color:var(--fg);font:400 var(--fs)/1.5 var(--ff);overflow:hidden;overflow-wrap:anywhere}\
.w>*{flex:none;width:100%;max-width:48em}\
.hd.center,.iv{text-align:center}\
.hd.right{text-align:right}\
.bn,.nm,.mt{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}\
.bn{font-size:.875em;font-weight:700;line-height:1.75;opacity:.8}\
.bn img{width:1.75em;height:1.75em;margin-right:.5em;border-radius:.375em;object-fit:contain;vertical-align:top}\
.ht{font-size:1.375em;font-weight:700;line-height:1.3}\
.ex{font-size:.75em;font-weight:600;line-height:2.3833;letter-spacing:.08em;text-transform:uppercase;opacity:.75}\
.vp{order:1;flex:1;min-height:0;display:grid;grid-template:minmax(0,1fr)/minmax(0,1fr);touch-action:pan-y}\
.sl{grid-area:1/1;min-height:0;display:flex;visibility:hidden;opacity:0;transition:opacity .5s,visibility .5s}\
.on{visibility:visible;opacity:1}\
.cd{flex:1;min-width:0;display:flex;flex-direction:column;gap:1em;padding:1.5em;border:1px solid var(--ln);border-radius:.75em;background:var(--card);box-shadow:0 1px 3px #0000000f}\
.st{flex:none;color:var(--ac);font-size:1.125em;line-height:1;letter-spacing:.125em}\
.st i{font-style:normal;color:var(--ln2)}\
.sl .cd,.iv{min-height:0;overflow:hidden}\
.qa{flex:1;min-height:0}\
.qw{position:relative}\
.q,.rm{font-size:1.0625em;line-height:1.65}\
.q{white-space:pre-line}\
.cl .q{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden}\
.rm{position:absolute;right:0;bottom:0;width:10em;padding-left:2.5em;text-align:right;white-space:nowrap;border:0;background:linear-gradient(90deg,#0000,var(--card) 2em);color:var(--ac);font-family:inherit;font-weight:700;text-decoration:underline;cursor:pointer}\
.md{flex:none;display:flex;flex-wrap:wrap;align-items:flex-start;gap:.5em}\
.cl .md{flex-wrap:nowrap;overflow:hidden}\
.ph{position:relative;border:0;border-radius:.5em;overflow:hidden;background:var(--ln);color:#fff;font:inherit;cursor:zoom-in}\
.ph img{display:block;width:2.75em;height:2.75em;object-fit:cover}\
.ba img{width:3.75em}\
.ph span{position:absolute;left:.25em;bottom:.25em;padding:0 .375em;border-radius:1em;background:#0009;font-size:.625em;font-weight:700;line-height:1.6}\
.ph .mo{inset:0;display:grid;place-items:center;border-radius:0;font-size:1em}\
.au{flex:none;display:flex;align-items:center;gap:.75em;margin-top:auto}\
.au>div{flex:1;min-width:0}\
.av{flex:none;display:grid;place-items:center;width:2.75em;height:2.75em;border-radius:50%;object-fit:cover;background:var(--ac1);color:var(--fg);font-weight:700}\
.nm{font-weight:700}\
.mt{display:block;font-size:.875em;opacity:.75}\
.vi{color:inherit}\
.bar{order:2;width:auto;max-width:100%;display:flex;align-items:center;justify-content:center;gap:.5em}\
.b{display:inline-grid;place-items:center;width:2.25em;height:2.25em;border:1px solid var(--ln);border-radius:50%;background:var(--card);color:var(--ac);font:inherit;cursor:pointer}\
.b:hover,.ia:hover{background:var(--ac1)}\
:focus-visible{outline:2px solid var(--ac);outline-offset:2px}\
.b::before,.x::after{content:"";grid-area:1/1;width:.5em;height:.5em;border:solid currentColor;border-width:2px 2px 0 0}\
.nx::before{transform:translateX(-.1em) rotate(45deg)}\
.pv::before{transform:translateX(.1em) rotate(-135deg)}\
.pp::before{width:.5em;height:.625em;border-width:0 .1875em}\
.pl::before{width:0;height:0;border-width:.35em 0 .35em .55em;border-color:transparent currentColor;margin-left:.15em}\
.x{position:absolute;top:1em;right:1em}\
.x::before,.x::after{width:1em;height:0;border-width:2px 0 0;transform:rotate(45deg)}\
.x::after{transform:rotate(-45deg)}\
.dots{display:flex}\
.d{display:grid;place-items:center;width:1.5em;height:1.75em;min-width:24px;min-height:24px;border:0;background:none;cursor:pointer}\
.d::before{content:"";width:.5em;height:.5em;border-radius:1em;background:var(--ln2);transition:transform .3s}\
.d[aria-current]::before{transform:scaleX(2.25);background:var(--ac)}\
.ct{min-width:7ch;font-size:.875em;text-align:center;font-variant-numeric:tabular-nums}\
.w>.br{order:3;width:auto;font-size:.75em;color:inherit;opacity:.65;text-decoration:none}\
.br:hover{opacity:1;text-decoration:underline}\
.iv{justify-content:center;align-items:center}\
.ia{padding:.5em 1.25em;border:1px solid var(--ac);border-radius:2em;color:var(--ac);font-weight:700;text-decoration:none}\
.lb{position:fixed;inset:0;z-index:2147483647;width:100%;height:100%;max-width:none;max-height:none;padding:1em;border:0;background:#111827f0;color:#fff;font:inherit;--card:#fff1;--ln:#fff5;--ac1:#fff4;--ac:#fff}\
.lb[open]{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75em}\
.lb::backdrop{background:none}\
.lb img{max-width:100%;max-height:calc(100% - 6em);object-fit:contain;border-radius:.5em}\
.lb p{font-size:.875em;opacity:.85}\
.cv{width:40em;max-width:calc(100% - 2em);margin:auto;border:0;border-radius:.75em;background:none;color:inherit;font:inherit}\
.cv::backdrop{background:#111827b3}\
.cv .cd{padding-top:3.5em}\
@media(max-width:480px){.w{padding:.75em}.cd{padding:1.125em}}\
@media(prefers-reduced-motion:reduce){*{transition:none!important}}`;
