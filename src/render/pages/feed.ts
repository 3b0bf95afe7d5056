import { createHash } from "node:crypto";
import type { History } from "../../history/history.js";
import type { Locale } from "../../i18n/catalogs.js";
import type { SiteLocale } from "../../i18n/site-locales.js";
import { siteBase } from "./embeds.js";
import {
  changeCount,
  changesView,
  type ChangeItem,
  type ChangesView,
} from "../model/history-view.js";
import { changeDetail, changeGroups, changeName } from "../model/history-words.js";
import type { SiteModel } from "../model/site-view.js";
import { must } from "../../model/must.js";
import { escapeHtml } from "../../i18n/messages.js";
import { xml } from "../../widgets/svg-text.js";

// Atom feeds (RFC 4287): one entry per run with notable changes, for the whole site (feed.xml)
// and for each project (<project>/feed.xml). Every text is escaped for XML, the characters XML 1.0
// forbids dropped; the entry content is HTML, escaped once as HTML and once more as XML text.

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
  /** The feed's locale; its folder sets the feed's id apart from the default locale's. */
  locale: SiteLocale;
}

/** The Atom feed text, or the feed with no entries when no run had notable changes. */
export function atomFeed(model: SiteModel, history: History, options: FeedOptions): string {
  const base = model.site.url ? siteBase(model.site) : undefined;
  const up = "../".repeat(options.path.split("/").length - 1);
  const link = (path: string) => (base ? new URL(path, base).href : `${up}${path}`);
  const { locale } = options;
  const feedId = uuidOf(
    `l10n-snapshot feed ${history.baseUrl} ${model.site.url ?? ""} ${options.project ?? ""}` +
      (locale.folder ? ` ${locale.folder}` : ""),
  );
  const entries = history.runs
    .map((run) => changesView(model, run.at, run.changes, options.project))
    .filter((v) => changeCount(v) > 0)
    .reverse();
  const updated = entries[0]?.at ?? history.lastRun ?? model.generatedAt;
  const out: string[] = [];
  out.push(
    '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"' +
      `${locale.tag === "en" ? "" : ` xml:lang="${xml(locale.tag)}"`}>`,
  );
  out.push(`<title>${xml(options.title)}</title>`);
  out.push(
    `<subtitle>${xml(locale.messages.t("feed.subtitle", { server: history.baseUrl }))}</subtitle>`,
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
      `<id>${uuidOf(`${feedId} ${v.at}`)}</id>\n<title>${xml(entryTitle(v, locale))}</title>\n` +
        `<updated>${xml(new Date(v.at).toISOString())}</updated>`,
    );
    out.push(`<link rel="alternate" type="text/html" href="${xml(link(options.pagePath))}"/>`);
    out.push(`<content type="html">${xml(entryHtml(v, link, locale))}</content>`);
    out.push("</entry>");
  }
  out.push("</feed>\n");
  return out.join("\n");
}

/** "2026-11-21: 2 translations reached 100%; 1 translation added", in the feed's locale. */
export function entryTitle(v: ChangesView, locale: Locale): string {
  const { messages: m, format: f } = locale;
  const parts: string[] = [];
  const say = (key: string, count: number, percent?: number) => {
    if (count > 0)
      parts.push(
        m.t(key, { count, ...(percent === undefined ? {} : { percent: f.percentOf(percent) }) }),
      );
  };
  say("feed.reached100", v.reached100.length, 100);
  say("feed.fellBelow", v.fellBelow.length, v.threshold);
  say("feed.newStrings", v.newStrings.length);
  say("feed.added", v.added.length);
  say("feed.removed", v.removedTranslations);
  return m.t("feed.title", {
    date: f.day(Date.parse(v.at) / 60_000),
    changes: parts.join(m.t("feed.separator")),
  });
}

function entryHtml(v: ChangesView, link: (path: string) => string, locale: Locale): string {
  const item = (i: ChangeItem) => {
    const text = escapeHtml(changeName(i, locale));
    const name = i.href ? `<a href="${escapeHtml(link(i.href))}">${text}</a>` : text;
    return `<li>${name}: ${escapeHtml(changeDetail(i.detail, locale))}</li>`;
  };
  const section = (title: string, items: ChangeItem[]) =>
    items.length === 0 ? "" : `<h3>${escapeHtml(title)}</h3><ul>${items.map(item).join("")}</ul>`;
  return [
    ...changeGroups(v, locale).map(([title, items]) => section(title, items)),
    v.omitted
      ? `<p>${escapeHtml(locale.messages.t("history.andMore", { count: v.omitted }))}</p>`
      : "",
  ].join("");
}
