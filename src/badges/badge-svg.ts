import { makeBadge } from "badge-maker";
import type { BadgeStyle } from "../config/schema.js";
import type { BadgeData } from "./badge-data.js";

/**
 * How a badge is drawn: "full" is badge-maker's picture, pixel for pixel; "plain" (flat style
 * only) keeps its size, colours, rounded corners, words and font but leaves out the faint gloss
 * gradient and the shadow and blurred glow behind the text, for some 36% of the bytes (about 400
 * for a translation's badge). The site's budget (render/budget/) draws plain badges when the full
 * ones do not fit.
 */
export type BadgeDrawing = "full" | "plain";

/**
 * The SVG of a badge, drawn by badge-maker (shields.io's own renderer, which measures its text), in
 * the site's style. A site may publish a million of them, so what badge-maker repeats inside one
 * file is said once (compactBadge).
 */
export function badgeSvg(
  badge: BadgeData,
  style: BadgeStyle = "flat",
  drawing: BadgeDrawing = "full",
): string {
  const drawn = makeBadge({
    label: badge.label,
    message: badge.message,
    color: badge.color,
    style,
  });
  const svg = (drawing === "plain" && plainFlatBadge(drawn)) || compactBadge(drawn);
  return badge.stale ? withGreyBorder(svg) : svg;
}

// badge-maker draws each text of the flat and plastic styles three times: a blurred shadow, a
// shadow, the text, each its own <text> with the same position, length and words, each in its own
// scaled group. One text of that form, captured: x, textLength, the words; the shadows' y, the
// text's y.
const TRIPLE_TEXT = new RegExp(
  [
    String.raw`<g transform="scale\(\.1\)"><g aria-hidden="true" fill="#010101">`,
    String.raw`<text x="([\d.]+)" y="([\d.]+)" fill-opacity="\.8" filter="url\(#blur\)" `,
    String.raw`textLength="([\d.]+)">([^<]*)</text>`,
    String.raw`<text x="\1" y="\2" fill-opacity="\.3" textLength="\3">\4</text></g>`,
    String.raw`<text x="\1" y="([\d.]+)" textLength="\3">\4</text></g>`,
  ].join(""),
  "g",
);
const TEXT_GROUP = / font-size="110">(<g transform="scale\(\.1\)">.*)<\/g><\/svg>$/;

/**
 * badge-maker's flat or plastic badge with each text written once and its two shadows drawn from
 * it (`<use>`), and its name said once (`aria-label`, no `<title>` repeating it): the same picture
 * (the browser tests compare screenshots), some 17% fewer bytes.
 * Anything else (another style, or a badge-maker that draws differently) is kept as it is.
 */
export function compactBadge(svg: string): string {
  const group = TEXT_GROUP.exec(svg);
  if (!group) return svg;
  const all = group[1] ?? "";
  const texts = [...all.matchAll(TRIPLE_TEXT)];
  if (texts.length === 0 || texts.map((m) => m[0]).join("") !== all) return svg;
  const shadows: string[] = [];
  const own: string[] = [];
  texts.forEach((m, i) => {
    const [, x, shadowY, length, words, y] = m;
    const id = `t${i}`;
    const dy = trim(Number(shadowY) - Number(y));
    // The blurred shadow keeps its own filter region (each text's box), as badge-maker's has.
    shadows.push(
      `<use href="#${id}" y="${dy}" fill-opacity=".8" filter="url(#blur)"/>` +
        `<use href="#${id}" y="${dy}" fill-opacity=".3"/>`,
    );
    own.push(`<text id="${id}" x="${x}" y="${y}" textLength="${length}">${words}</text>`);
  });
  return (
    `${withoutTitle(svg.slice(0, group.index))} font-size="110" transform="scale(.1)">` +
    `<g aria-hidden="true" fill="#010101">${shadows.join("")}</g>${own.join("")}</g></svg>`
  );
}

// badge-maker's flat badge up to its texts, captured: the width, the label for screen readers, the
// left part's width and colour, the right part's width and colour, the font.
const FLAT = new RegExp(
  [
    String.raw`^<svg xmlns="http://www\.w3\.org/2000/svg" width="([\d.]+)" height="20" role="img" `,
    `aria-label="([^"]*)"><title>[^<]*</title>`,
    `<filter id="blur"><feGaussianBlur stdDeviation="16"/></filter>`,
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" `,
    String.raw`stop-opacity="\.1"/><stop offset="1" stop-opacity="\.1"/></linearGradient>`,
    String.raw`<clipPath id="r"><rect width="\1" height="20" rx="3"/></clipPath>`,
    String.raw`<g clip-path="url\(#r\)"><rect width="([\d.]+)" height="20" fill="([^"]+)"/>`,
    String.raw`<rect x="\3" width="([\d.]+)" height="20" fill="([^"]+)"/>`,
    String.raw`<rect width="\1" height="20" fill="url\(#s\)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="([^"]+)" `,
    `text-rendering="geometricPrecision" font-size="110">`,
  ].join(""),
);

/**
 * The plain drawing of a flat badge: the rounded shape as one rectangle and one path, each text
 * once, centred where badge-maker centres it, in the same font, with no shadow; undefined when
 * `svg` is not badge-maker's flat badge. The texts keep their font's own widths (no
 * `textLength`): badge-maker sizes the parts by Verdana's widths, the widest of the fonts named.
 */
function plainFlatBadge(svg: string): string | undefined {
  const m = FLAT.exec(svg);
  if (!m) return undefined;
  const [, width, label, left, leftColor, right, rightColor, font] = m;
  const w = Number(width);
  const l = Number(left);
  const r = Number(right);
  if (Math.abs(w - l - r) > 0.01) return undefined;
  const texts = [...svg.slice(m[0].length).matchAll(TRIPLE_TEXT)];
  if (texts.length === 0) return undefined;
  // Rounded corners on the outside only: the left part is the whole badge's rounded rectangle,
  // the right part a path whose right end is rounded.
  const shape =
    l === 0
      ? `<rect width="${width}" height="20" rx="3" fill="${rightColor}"/>`
      : `<rect width="${trim(l + 3)}" height="20" rx="3" fill="${leftColor}"/>` +
        `<path fill="${rightColor}" d="M${trim(l)} 0h${trim(r - 3)}` +
        `a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H${trim(l)}z"/>`;
  const own = texts
    .map(
      ([, x, , , words, y]) =>
        `<text x="${trim(Number(x) / 10)}" y="${trim(Number(y) / 10)}">${words}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" ` +
    `aria-label="${label}">${shape}<g fill="#fff" text-anchor="middle" font-family="${font}" ` +
    `font-size="11">${own}</g></svg>`
  );
}

/**
 * badge-maker's opening without its `<title>`, which says again what `aria-label` says: a reader
 * of the picture gets the name once, and no pixel changes.
 */
function withoutTitle(head: string): string {
  const label = /^<svg [^>]*aria-label="([^"]*)">/.exec(head)?.[1];
  return label === undefined ? head : head.replace(`<title>${label}</title>`, "");
}

/** A number as short as SVG takes it: 33.5, 3, 0.25 -> .25. */
function trim(n: number): string {
  const text = String(Math.round(n * 1000) / 1000);
  return text.startsWith("0.") ? text.slice(1) : text.replace(/^-0\./, "-.");
}

/**
 * The stale variant: a grey border drawn over the badge's edge, inside its own width and height.
 */
function withGreyBorder(svg: string): string {
  const width = Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
  const height = Number(/^<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1]);
  if (!width || !height) return svg;
  const border =
    `<rect class="stale-border" x="1" y="1" width="${width - 2}" ` +
    `height="${height - 2}" rx="2" fill="none" stroke="#9f9f9f" stroke-width="2"/>`;
  return svg.replace(/<\/svg>$/, `${border}</svg>`);
}
