import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Snapshot } from "../src/snapshot/snapshot.js";

// A Hugo site with one front-matter-only content file per translation, at the same path as ours
// (content/<project>/<component>/<language>.md gives /<project>/<component>/<language>/), and
// templates that render the same translation page as templates/pages/translation.eta: the same
// head, breadcrumbs, badge, bar, counters table with percents computed in the template, facts,
// links, embed snippets and footer. Section pages list their translations.

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
<p><img src="../../../{{ $badge }}.svg" alt="{{ $alt }}"> </p>
<div class="bar" role="img" aria-label="{{ partial "pct.html" (dict "part" $p.translated "total" $p.total "empty" 100) }} translated, {{ partial "pct.html" (dict "part" $p.fuzzy "total" $p.total "empty" 100) }} needs review">
<span class="t" style="width:{{ div (math.Round (div (mul (float $p.translated) 10000) $p.total)) 100 }}%"></span><span class="f" style="width:{{ div (math.Round (div (mul (float $p.fuzzy) 10000) $p.total)) 100 }}%"></span>
</div>
<table class="counters">
<thead><tr><th scope="col"></th><th scope="col" class="num">Strings</th><th scope="col" class="num">%</th><th scope="col" class="num">Words</th><th scope="col" class="num">%</th></tr></thead>
<tbody>
<tr><th scope="row">Total</th><td class="num">{{ partial "int.html" $p.total }}</td><td></td><td class="num">{{ partial "int.html" $p.totalWords }}</td><td></td></tr>
<tr><th scope="row">Translated</th><td class="num">{{ partial "int.html" $p.translated }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.translated "total" $p.total "empty" 100) }}</td><td class="num">{{ partial "int.html" $p.translatedWords }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.translatedWords "total" $p.totalWords "empty" 100) }}</td></tr>
<tr><th scope="row">Needs review</th><td class="num">{{ partial "int.html" $p.fuzzy }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.fuzzy "total" $p.total "empty" 0) }}</td><td class="num">{{ partial "int.html" $p.fuzzyWords }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.fuzzyWords "total" $p.totalWords "empty" 0) }}</td></tr>
<tr><th scope="row">Untranslated</th><td class="num">{{ partial "int.html" (sub $p.total $p.translated) }}</td><td class="num">{{ partial "pct.html" (dict "part" (sub $p.total $p.translated) "total" $p.total "empty" 0) }}</td><td class="num">{{ partial "int.html" (sub $p.totalWords $p.translatedWords) }}</td><td class="num">{{ partial "pct.html" (dict "part" (sub $p.totalWords $p.translatedWords) "total" $p.totalWords "empty" 0) }}</td></tr>
<tr><th scope="row">Failing checks</th><td class="num">{{ partial "int.html" $p.failingChecks }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.failingChecks "total" $p.total "empty" 0) }}</td><td class="num">{{ partial "int.html" $p.failingChecksWords }}</td><td class="num">{{ partial "pct.html" (dict "part" $p.failingChecksWords "total" $p.totalWords "empty" 0) }}</td></tr>
<tr><th scope="row">With suggestions</th><td class="num">{{ partial "int.html" $p.suggestions }}</td><td></td><td></td><td></td></tr>
<tr><th scope="row">With comments</th><td class="num">{{ partial "int.html" $p.comments }}</td><td></td><td></td><td></td></tr>
</tbody>
</table>
<dl class="facts">
<dt>Last change</dt><dd>{{ with $p.lastChange }}{{ (time .).UTC.Format "2006-01-02 15:04" }} UTC{{ else }}never{{ end }}{{ with $p.lastAuthor }} by {{ . }}{{ end }}</dd>
<dt>File</dt><dd><code>{{ $p.filename | default "(none)" }}</code></dd>
<dt>Revision</dt><dd><code>{{ $p.revision | default "(none)" }}</code></dd>
<dt>On Weblate</dt><dd>
{{ with $p.webUrl }}<a href="{{ . }}" rel="noopener noreferrer">Translation page</a>{{ end }}
{{ with $p.translateUrl }} · <a href="{{ . }}" rel="noopener noreferrer">Translate</a>{{ end }}
{{ with $p.shareUrl }} · <a href="{{ . }}" rel="noopener noreferrer">Invite translators</a>{{ end }}
</dd>
</dl>
<h2>Badge</h2>
{{ $svg := printf "%s.svg" $badge | absURL }}{{ $json := printf "%s.json" $badge | absURL }}{{ $page := .Permalink }}
{{ $endpoint := printf "https://img.shields.io/endpoint?url=%s" (urlquery $json) }}
<p>SVG: <code>{{ $svg }}</code><br>shields.io endpoint: <code>{{ $endpoint }}</code></p>
<label for="md">Markdown</label>
<textarea id="md" readonly rows="2">[![{{ $alt }}]({{ $svg }})]({{ $page }})</textarea>
<label for="html">HTML</label>
<textarea id="html" readonly rows="2">{{ printf "<a href=%q><img src=%q alt=%q></a>" $page $svg $alt }}</textarea>
<label for="shields">Markdown, through shields.io</label>
<textarea id="shields" readonly rows="2">[![{{ $alt }}]({{ $endpoint }})]({{ $page }})</textarea>
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
  "layouts/_default/list.html": "<!doctype html><title>{{ .Title }}</title><ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>\n",
  "layouts/_default/single.html": [
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head><body><main>",
    "<h1><span lang=\"{{ .Params.lang }}\">{{ .Params.languageName }}</span> - {{ .Params.componentName }}, {{ .Params.projectName }}</h1>",
    "<table><tr><th>Total</th><td>{{ .Params.total }}</td><td>{{ .Params.totalWords }}</td></tr>",
    "<tr><th>Translated</th><td>{{ .Params.translated }}</td><td>{{ .Params.translatedWords }}</td></tr>",
    "<tr><th>Needs review</th><td>{{ .Params.fuzzy }}</td><td>{{ .Params.fuzzyWords }}</td></tr>",
    "<tr><th>Failing checks</th><td>{{ .Params.failingChecks }}</td></tr>",
    "<tr><th>Suggestions</th><td>{{ .Params.suggestions }}</td></tr><tr><th>Comments</th><td>{{ .Params.comments }}</td></tr></table>",
    "<p>Last change {{ .Params.lastChange }} by {{ .Params.lastAuthor }}</p><a href=\"{{ .Params.translateUrl }}\">Translate</a>",
    "</main></body></html>\n",
  ].join("\n"),
};

export type HugoVariant = "same-page" | "bare";

export async function writeHugoSite(dir: string, snapshot: Snapshot, variant: HugoVariant = "same-page"): Promise<void> {
  for (const [path, text] of Object.entries(variant === "bare" ? bare : files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const made = new Set<string>();
  for (const entry of snapshot.translations) {
    const r = entry.record as Record<string, unknown>;
    const language = r.language as { name: string; direction: string };
    const component = r.component as { name: string; project: { name: string } };
    const fm = {
      title: `${language.name} - ${component.name} - ${component.project.name}`, root: "../../../",
      project: entry.project, component: entry.component, language: entry.language,
      projectName: component.project.name, componentName: component.name, languageName: language.name,
      lang: entry.language.replace(/_/g, "-"), dir: language.direction,
      total: r.total, totalWords: r.total_words, translated: r.translated, translatedWords: r.translated_words,
      fuzzy: r.fuzzy, fuzzyWords: r.fuzzy_words, failingChecks: r.failing_checks, failingChecksWords: r.failing_checks_words,
      suggestions: r.have_suggestion, comments: r.have_comment, lastChange: r.last_change, lastAuthor: r.last_author,
      filename: r.filename, revision: r.revision, webUrl: r.web_url, translateUrl: r.translate_url, shareUrl: r.share_url,
    };
    const folder = join(dir, "content", entry.project, entry.component);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(join(folder, `${entry.language}.md`), `${JSON.stringify(fm, null, 1)}\n`);
  }
}
