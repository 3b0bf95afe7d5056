import { createHash } from "node:crypto";
import type { History } from "../../history/history.js";
import {
  changeCount,
  changesView,
  type ChangeItem,
  type ChangesView,
} from "../model/history-view.js";
import type { SiteModel } from "../model/site-model.js";
import { must } from "../../model/must.js";

// Atom feeds (RFC 4287): one entry per run with notable changes, for the whole site (feed.xml)
// and for each project (<project>/feed.xml). Every text is escaped for XML; the entry content is
// HTML, escaped once as HTML and once more as XML text.

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const html = xml;

/** A stable urn:uuid from a name, so a feed and its entries keep their ids from run to run. */
function uuidOf(name: string): string {
  const h = createHash("sha256").update(name).digest("hex");
  const variant = ((parseInt(must(h[16]), 16) & 3) | 8).toString(16);
  const groups = [
    h.slice(0, 8),
    h.slice(8, 12),
    `5${h.slice(13, 16)}`,
    `${variant}${h.slice(17, 20)}`,
    h.slice(20, 32),
  ];
  return `urn:uuid:${groups.join("-")}`;
}

export interface FeedOptions {
  /** Path of the feed inside the site ("feed.xml" or "<project>/feed.xml"). */
  path: string;
  /** Path of the page the feed is about. */
  pagePath: string;
  title: string;
  /** Only this project's changes; the whole site's when undefined. */
  project?: string;
}

/** The Atom feed text, or the feed with no entries when no run had notable changes. */
export function atomFeed(model: SiteModel, history: History, options: FeedOptions): string {
  const base = model.site.url
    ? model.site.url.endsWith("/")
      ? model.site.url
      : `${model.site.url}/`
    : undefined;
  const up = "../".repeat(options.path.split("/").length - 1);
  const link = (path: string) => (base ? new URL(path, base).href : `${up}${path}`);
  const feedId = uuidOf(
    `l10n-snapshot feed ${history.baseUrl} ${model.site.url ?? ""} ${options.project ?? ""}`,
  );
  const entries = history.runs
    .map((run) => changesView(model, run.at, run.changes, options.project))
    .filter((v) => changeCount(v) > 0)
    .reverse();
  const updated = entries[0]?.at ?? history.lastRun ?? model.generatedAt;
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">');
  out.push(`<title>${xml(options.title)}</title>`);
  out.push(
    `<subtitle>Translation changes from ${xml(history.baseUrl)}, one entry per run with notable ` +
      `changes</subtitle>`,
  );
  out.push(`<id>${feedId}</id>\n<updated>${xml(new Date(updated).toISOString())}</updated>`);
  out.push(`<link rel="alternate" type="text/html" href="${xml(link(options.pagePath))}"/>`);
  if (base)
    out.push(`<link rel="self" type="application/atom+xml" href="${xml(link(options.path))}"/>`);
  out.push(
    `<author><name>${xml(model.title)}</name></author>\n<generator>l10n-snapshot</generator>`,
  );
  for (const v of entries) {
    out.push("<entry>");
    out.push(
      `<id>${uuidOf(`${feedId} ${v.at}`)}</id>\n<title>${xml(entryTitle(v))}</title>\n` +
        `<updated>${xml(new Date(v.at).toISOString())}</updated>`,
    );
    out.push(`<link rel="alternate" type="text/html" href="${xml(link(options.pagePath))}"/>`);
    out.push(`<content type="html">${xml(entryHtml(v, link))}</content>`);
    out.push("</entry>");
  }
  out.push("</feed>\n");
  return out.join("\n");
}

export function entryTitle(v: ChangesView): string {
  const parts: string[] = [];
  const n = (count: number, one: string, many = `${one}s`) =>
    `${count} ${count === 1 ? one : many}`;
  if (v.reached100.length) parts.push(`${n(v.reached100.length, "translation")} reached 100%`);
  if (v.fellBelow.length)
    parts.push(`${n(v.fellBelow.length, "translation")} fell below ${v.threshold}%`);
  if (v.newStrings.length) parts.push(`new strings in ${n(v.newStrings.length, "component")}`);
  if (v.added.length) parts.push(`${n(v.added.length, "translation")} added`);
  if (v.removed.length) parts.push(`${n(v.removed.length, "translation")} removed`);
  return `${v.at.slice(0, 10)}: ${parts.join("; ")}`;
}

function entryHtml(v: ChangesView, link: (path: string) => string): string {
  const item = (i: ChangeItem) => {
    const name = i.href ? `<a href="${html(link(i.href))}">${html(i.text)}</a>` : html(i.text);
    return `<li>${name}: ${html(i.detail)}</li>`;
  };
  const section = (title: string, items: ChangeItem[]) =>
    items.length === 0 ? "" : `<h3>${html(title)}</h3><ul>${items.map(item).join("")}</ul>`;
  return [
    section("Reached 100%", v.reached100),
    section(`Fell below ${v.threshold}%`, v.fellBelow),
    section("New strings", v.newStrings),
    section("Translations added", v.added),
    section("Translations removed", v.removed),
    v.omitted ? `<p>and ${v.omitted} more</p>` : "",
  ].join("");
}
