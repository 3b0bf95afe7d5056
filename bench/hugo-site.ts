import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Snapshot } from "../src/snapshot/snapshot.js";

/**
 * A Hugo site with one front-matter-only content file per translation and a layout that renders
 * the same translation table, for a side-by-side comparison.
 */
export async function writeHugoSite(dir: string, snapshot: Snapshot): Promise<void> {
  await mkdir(join(dir, "layouts", "_default"), { recursive: true });
  await writeFile(join(dir, "config.toml"), 'baseURL = "https://example.org/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n');
  await writeFile(join(dir, "layouts", "_default", "list.html"), "<!doctype html><title>{{ .Title }}</title><ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>\n");
  await writeFile(join(dir, "layouts", "_default", "single.html"), [
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head><body><main>",
    "<h1><span lang=\"{{ .Params.language }}\">{{ .Params.languageName }}</span> - {{ .Params.component }}, {{ .Params.project }}</h1>",
    "<table><tr><th>Total</th><td>{{ .Params.total }}</td><td>{{ .Params.totalWords }}</td></tr>",
    "<tr><th>Translated</th><td>{{ .Params.translated }}</td><td>{{ .Params.translatedPercent }}%</td></tr>",
    "<tr><th>Needs review</th><td>{{ .Params.fuzzy }}</td><td>{{ .Params.fuzzyPercent }}%</td></tr>",
    "<tr><th>Failing checks</th><td>{{ .Params.failingChecks }}</td></tr>",
    "<tr><th>Suggestions</th><td>{{ .Params.suggestions }}</td></tr><tr><th>Comments</th><td>{{ .Params.comments }}</td></tr></table>",
    "<p>Last change {{ .Params.lastChange }} by {{ .Params.lastAuthor }}</p><a href=\"{{ .Params.translateUrl }}\">Translate</a>",
    "</main></body></html>\n",
  ].join("\n"));
  const content = join(dir, "content", "t");
  await mkdir(content, { recursive: true });
  let i = 0;
  for (const entry of snapshot.translations) {
    const r = entry.record as Record<string, unknown>;
    const fm = {
      title: `${entry.language} ${entry.component} ${entry.project}`, project: entry.project, component: entry.component, language: entry.language,
      languageName: (r.language as { name: string }).name, total: r.total, totalWords: r.total_words, translated: r.translated,
      translatedPercent: r.translated_percent, fuzzy: r.fuzzy, fuzzyPercent: r.fuzzy_percent, failingChecks: r.failing_checks,
      suggestions: r.have_suggestion, comments: r.have_comment, lastChange: r.last_change, lastAuthor: r.last_author, translateUrl: r.translate_url,
    };
    await writeFile(join(content, `${i++}.md`), `${JSON.stringify(fm, null, 1)}\n`);
  }
}
