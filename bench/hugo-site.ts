import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openSnapshot } from "../src/snapshot/read-snapshot.js";
import type { Snapshot, SnapshotEntry } from "../src/snapshot/schema.js";

// A Hugo site with one front-matter-only content file per translation, at the same path as ours
// (content/<project>/<component>/<language>.md gives /<project>/<component>/<language>/), and
// templates that render the same translation page as templates/pages/translation.eta: the same
// head, breadcrumbs, badge, bar, counters table with percents computed in the template, facts,
// links, the badge's Markdown and footer. Section pages list their translations.

const files: Record<string, string> = {
  "config.toml": [
    'baseURL = "https://USER.github.io/REPO/"',
    'languageCode = "en"',
    'title = "Translation status"',
    'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]',
    "[params]",
    'weblate = "https://weblate.example"',
    'generatedAt = "2026-11-21T12:00:00.000Z"',
    "",
  ].join("\n"),
  "layouts/_default/baseof.html": `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'">
<title>{{ .Title }} - {{ site.Title }}</title>
{{ $root := .Params.root | default "" }}<link rel="stylesheet" href="{{ $root }}assets/style.css"></head>
<body>
<header class="site">
<nav aria-label="Breadcrumb"><ol>
<li><a href="{{ $root }}index.html">{{ site.Title }}</a></li>
{{ block "crumbs" . }}{{ end }}
</ol></nav>
</header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer class="site">
<p>Data from <a href="{{ site.Params.weblate }}">{{ site.Params.weblate }}</a>, fetched <time datetime="{{ site.Params.generatedAt }}">{{ (time site.Params.generatedAt).UTC.Format "2006-01-02 15:04" }} UTC</time>. Made with Hugo.</p>
</footer>
</body>
</html>
`,
  "layouts/partials/pct.html": `{{ if le .total 0 }}{{ .empty }}%{{ else if ge .part .total }}100%{{ else }}{{ $v := div (math.Floor (div (mul (float .part) 1000) .total)) 10 }}{{ if and (eq $v 0.0) (gt .part 0) }}0.1{{ else }}{{ $v }}{{ end }}%{{ end }}`,
  "layouts/partials/int.html": `{{ lang.FormatNumber 0 . }}`,
  "layouts/_default/single.html": `{{ define "crumbs" }}{{ $p := .Params }}
<li><a href="../../../{{ $p.project }}/index.html">{{ $p.projectName }}</a></li>
<li><a href="../../../{{ $p.project }}/{{ $p.component }}/index.html">{{ $p.componentName }}</a></li>
<li><span aria-current="page" lang="{{ $p.lang }}" dir="{{ $p.dir }}">{{ $p.languageName }}</span></li>
{{ end }}
{{ define "main" }}{{ $p := .Params }}
{{ $message := printf "%.0f%%" (math.Floor (div (mul (float $p.translated) 100) (math.Max $p.total 1))) }}
{{ $alt := printf "translated: %s" $message }}
{{ $badge := printf "badges/%s/%s/%s" $p.project $p.component $p.language }}
<h1><span lang="{{ $p.lang }}" dir="{{ $p.dir }}">{{ $p.languageName }}</span> <span class="muted">- {{ $p.componentName }}, {{ $p.projectName }}</span></h1>
<p><img src="../../../{{ $badge }}.svg" alt="{{ $alt }}"></p>
<div class="bar" role="img" aria-label="{{ partial "pct.html" (dict "part" $p.translated "total" $p.total "empty" 100) }} translated, {{ partial "pct.html" (dict "part" $p.fuzzy "total" $p.total "empty" 0) }} needs review" style="--t:{{ div (math.Round (div (mul (float $p.translated) 1000) $p.total)) 10 }}%;--f:{{ div (math.Round (div (mul (float $p.fuzzy) 1000) $p.total)) 10 }}%"></div><div class="scroll"><table class="counters">
<caption class="vh">Counters, in strings and words</caption>
<thead><tr><th>Counter<th>Strings<th>%<th>Words<th>%</thead>
<tbody>
<tr><th>Total<td>{{ partial "int.html" $p.total }}<td><td>{{ partial "int.html" $p.totalWords }}<td>
<tr><th>Translated<td>{{ partial "int.html" $p.translated }}<td>{{ partial "pct.html" (dict "part" $p.translated "total" $p.total "empty" 100) }}<td>{{ partial "int.html" $p.translatedWords }}<td>{{ partial "pct.html" (dict "part" $p.translatedWords "total" $p.totalWords "empty" 100) }}
<tr><th>Needs review<td>{{ partial "int.html" $p.fuzzy }}<td>{{ partial "pct.html" (dict "part" $p.fuzzy "total" $p.total "empty" 0) }}<td>{{ partial "int.html" $p.fuzzyWords }}<td>{{ partial "pct.html" (dict "part" $p.fuzzyWords "total" $p.totalWords "empty" 0) }}
<tr><th>Untranslated<td>{{ partial "int.html" (sub $p.total $p.translated) }}<td>{{ partial "pct.html" (dict "part" (sub $p.total $p.translated) "total" $p.total "empty" 0) }}<td>{{ partial "int.html" (sub $p.totalWords $p.translatedWords) }}<td>{{ partial "pct.html" (dict "part" (sub $p.totalWords $p.translatedWords) "total" $p.totalWords "empty" 0) }}
<tr><th>Failing checks<td>{{ partial "int.html" $p.failingChecks }}<td>{{ partial "pct.html" (dict "part" $p.failingChecks "total" $p.total "empty" 0) }}<td>{{ partial "int.html" $p.failingChecksWords }}<td>{{ partial "pct.html" (dict "part" $p.failingChecksWords "total" $p.totalWords "empty" 0) }}
<tr><th>With suggestions<td>{{ partial "int.html" $p.suggestions }}<td><td><td>
<tr><th>With comments<td>{{ partial "int.html" $p.comments }}<td><td><td>
</tbody></table></div>
<dl class="facts">
<dt>Last change<dd>{{ with $p.lastChange }}{{ (time .).UTC.Format "2006-01-02 15:04" }} UTC{{ else }}never{{ end }}{{ with $p.lastAuthor }} by {{ . }}{{ end }}
<dt>File<dd><code>{{ $p.filename | default "(none)" }}</code>
{{ with $p.revision }}<dt>Revision<dd><code>{{ . }}</code>{{ end }}
<dt>On Weblate<dd>{{ with $p.webUrl }}<a href="{{ . }}" rel="noreferrer">Translation page</a>{{ end }}{{ with $p.translateUrl }} · <a href="{{ . }}" rel="noreferrer">Translate</a>{{ end }}{{ with $p.shareUrl }} · <a href="{{ . }}" rel="noreferrer">Invite translators</a>{{ end }}
</dl>
<h2>Badge</h2>
{{ $svg := printf "%s.svg" $badge | absURL }}{{ $page := .Permalink }}
<label for="md">Markdown</label>
<textarea id="md" readonly rows="2">[![{{ $alt }}]({{ $svg }})]({{ $page }})</textarea>
<p>Its HTML and shields.io forms are on the <a href="../../../badges/index.html#translation">badges page</a>, with the <a href="../../../badges/index.html#{{ $p.project }}">charts of {{ $p.componentName }}</a>.</p>
{{ end }}
`,
  "layouts/_default/list.html": `{{ define "main" }}
<h1>{{ .Title }}</h1>
<table><tbody>
{{ range .RegularPagesRecursive }}<tr><th scope="row"><a href="{{ .RelPermalink }}">{{ .Params.languageName }}</a></th><td>{{ .Params.componentName }}</td><td class="num">{{ partial "pct.html" (dict "part" .Params.translated "total" .Params.total "empty" 100) }}</td></tr>
{{ end }}</tbody></table>
{{ end }}
`,
};

// The "bare" variant: the same content files, but each page only a title and the raw counters
// in a table (no layout, no percents, no links or snippets): about 700 bytes a page, the least
// Hugo can be asked to do per translation.
const bare: Record<string, string> = {
  "config.toml": files["config.toml"]!,
  "layouts/_default/list.html":
    '<!doctype html><title>{{ .Title }}</title><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>\n',
  "layouts/_default/single.html": [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>',
    '<h1><span lang="{{ .Params.lang }}">{{ .Params.languageName }}</span> - {{ .Params.componentName }}, {{ .Params.projectName }}</h1>',
    "<table><tr><th>Total</th><td>{{ .Params.total }}</td><td>{{ .Params.totalWords }}</td></tr>",
    "<tr><th>Translated</th><td>{{ .Params.translated }}</td><td>{{ .Params.translatedWords }}</td></tr>",
    "<tr><th>Needs review</th><td>{{ .Params.fuzzy }}</td><td>{{ .Params.fuzzyWords }}</td></tr>",
    "<tr><th>Failing checks</th><td>{{ .Params.failingChecks }}</td></tr>",
    "<tr><th>Suggestions</th><td>{{ .Params.suggestions }}</td></tr><tr><th>Comments</th><td>{{ .Params.comments }}</td></tr></table>",
    '<p>Last change {{ .Params.lastChange }} by {{ .Params.lastAuthor }}</p><a href="{{ .Params.translateUrl }}">Translate</a>',
    "</main></body></html>\n",
  ].join("\n"),
};

export type HugoVariant = "same-page" | "bare";

export async function writeHugoSite(
  dir: string,
  snapshot: Snapshot,
  variant: HugoVariant = "same-page",
): Promise<void> {
  await writeHugoEntries(dir, snapshot.translations, variant);
}

/** The same, from a snapshot file, streamed: a million translations never all in memory. */
export async function writeHugoSiteFrom(
  dir: string,
  snapshotFile: string,
  variant: HugoVariant = "same-page",
): Promise<void> {
  await writeHugoEntries(dir, openSnapshot(snapshotFile).entries(), variant);
}

async function writeHugoEntries(
  dir: string,
  entries: Iterable<SnapshotEntry>,
  variant: HugoVariant,
): Promise<void> {
  for (const [path, text] of Object.entries(variant === "bare" ? bare : files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const made = new Set<string>();
  for (const entry of entries) {
    const r = entry.record as Record<string, unknown>;
    const language = r.language as { name: string; direction: string };
    const component = r.component as { name: string; project: { name: string } };
    const fm = {
      title: `${language.name} - ${component.name} - ${component.project.name}`,
      root: "../../../",
      project: entry.project,
      component: entry.component,
      language: entry.language,
      projectName: component.project.name,
      componentName: component.name,
      languageName: language.name,
      lang: entry.language.replace(/_/g, "-"),
      dir: language.direction,
      total: r.total,
      totalWords: r.total_words,
      translated: r.translated,
      translatedWords: r.translated_words,
      fuzzy: r.fuzzy,
      fuzzyWords: r.fuzzy_words,
      failingChecks: r.failing_checks,
      failingChecksWords: r.failing_checks_words,
      suggestions: r.have_suggestion,
      comments: r.have_comment,
      lastChange: r.last_change,
      lastAuthor: r.last_author,
      filename: r.filename,
      revision: r.revision,
      webUrl: r.web_url,
      translateUrl: r.translate_url,
      shareUrl: r.share_url,
    };
    const folder = join(dir, "content", entry.project, entry.component);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(join(folder, `${entry.language}.md`), `${JSON.stringify(fm, null, 1)}\n`);
  }
}
