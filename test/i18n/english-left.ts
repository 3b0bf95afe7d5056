import type { HTMLElement } from "node-html-parser";
import ar from "../../locales/ar.json" with { type: "json" };
import de from "../../locales/de.json" with { type: "json" };
import en from "../../locales/en.json" with { type: "json" };
import ja from "../../locales/ja.json" with { type: "json" };

// What "no English left on a page" looks for: the words only the English catalog has, in the
// text a reader of the page sees (its body, title, description and the labels a screen reader
// says), once the server's data and whatever is marked as another language are taken out.

const CATALOGS: Record<string, object> = { de, ar, ja };

/** Words of four letters or more. */
export const words = (text: string) => new Set(text.match(/\p{L}{4,}/gu) ?? []);
const flatten = (o: object): string[] =>
  Object.values(o).flatMap((v) => (typeof v === "string" ? [v] : flatten(v)));

/** Words only the English catalog has ("translated", "strings"...), not those of `locale`'s. */
export function englishOnly(locale: string): string[] {
  const own = words(flatten(CATALOGS[locale] ?? {}).join(" "));
  return [...words(flatten(en).join(" "))].filter((w) => !own.has(w));
}

/**
 * The text of a page a reader sees in its locale: `data` (what the server sent) taken out, and
 * whatever is marked as another language (native names, English problem messages, badge texts),
 * code and copy-paste snippets. Changes `doc`.
 */
export function visibleText(doc: HTMLElement, locale: string, data: readonly string[]): string {
  for (const el of doc.querySelectorAll("[lang], code, textarea, script, style, svg")) {
    if (el.tagName === "HTML") continue;
    const lang = el.getAttribute("lang");
    if (lang === undefined || lang !== locale) el.remove();
  }
  const attributes = doc
    .querySelectorAll("[aria-label], [title], [alt], meta[name=description]")
    .flatMap((el) =>
      ["aria-label", "title", "alt", "content"].map((a) => el.getAttribute(a) ?? ""),
    );
  const body = doc.querySelector("body")?.text ?? "";
  let text = `${body} ${doc.querySelector("title")?.text ?? ""} ${attributes.join(" ")}`;
  for (const value of data) text = text.split(value).join(" ");
  return text;
}
