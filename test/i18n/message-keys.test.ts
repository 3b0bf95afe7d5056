import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCatalog } from "../../src/i18n/catalog-file.js";
import { SHIPPED_CATALOGS } from "../../src/i18n/catalogs.js";

// The English catalog and the code agree: every key the templates and the source name is in it, and
// every message in it is named somewhere (directly, or by one of the few families looked up by a
// computed key), so translators are never asked for words no page shows.

const root = new URL("../../", import.meta.url).pathname;
const sources = ["src", "templates"].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|eta)$/.test(f))
    .map((f) => readFileSync(join(root, dir, f), "utf8")),
);
const english = parseCatalog(readFileSync(join(SHIPPED_CATALOGS, "en.json"), "utf8"), "en.json");
const groups = new Set([...english.messages.keys()].map((k) => k.split(".")[0]!));
const KEY = new RegExp(`["'\`]((?:${[...groups].join("|")})\\.[A-Za-z0-9]+)["'\`]`, "g");

/** Keys looked up by a computed name, with where: "status." + t.status, `count.${what}`... */
const FAMILIES: [RegExp, string][] = [
  [/^status\.(ok|invalid|failed)$/, 'templates: h.t("status." + t.status)'],
  [/^count\./, "view-helpers: count(what, n)"],
  [/^tables\./, "site-assets: the words of tables.js"],
  [
    /^badge\.(notFound|noAccess|rateLimited|unreachable|invalidResponse|tooLarge|redirected|locked)$/,
    "badge-text: FAILURE_KEYS",
  ],
];

describe("the message keys", () => {
  const named = new Set(sources.flatMap((text) => [...text.matchAll(KEY)].map((m) => m[1]!)));

  it("names only messages the English catalog has", () => {
    // Every t("…") and html("…") with a literal key (a file name such as "feed.xml" is no key).
    const called = sources.flatMap((text) =>
      [...text.matchAll(/\b(?:t|html)\(\s*["'`]([A-Za-z]+\.[A-Za-z0-9]+)["'`]/g)].map((m) => m[1]!),
    );
    expect(called.length).toBeGreaterThan(150);
    expect(called.filter((k) => !english.messages.has(k))).toEqual([]);
  });

  it("uses every message of the English catalog", () => {
    const unused = [...english.messages.keys()].filter(
      (k) => !named.has(k) && !FAMILIES.some(([family]) => family.test(k)),
    );
    expect(unused).toEqual([]);
  });
});
