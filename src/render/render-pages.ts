import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Eta } from "eta";
import type { FileToWrite as PlannedFile } from "./write-files.js";
import type { ComponentView, ProjectView, SiteModel } from "./site-model.js";
import { viewHelpers } from "./view-helpers.js";
import { badgeEmbeds } from "./badge-embeds.js";
import { upTo } from "./site-paths.js";

const templatesDir = fileURLToPath(new URL("../../templates/", import.meta.url));

/**
 * An eta instance with every template of templates/ compiled once and named by its path:
 * `@pages/translation`, `@partials/bar`, `@layouts/page`. Named templates are looked up in eta's
 * cache, with no file-system path to resolve on each of the site's ~100,000 includes.
 */
export function loadTemplates(dir = templatesDir): Eta {
  const eta = new Eta({ autoEscape: true, autoTrim: [false, "nl"] });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".eta")) continue;
    const file = join(entry.parentPath, entry.name);
    const name = relative(dir, file).split(sep).join("/").replace(/\.eta$/, "");
    eta.loadTemplate(`@${name}`, readFileSync(file, "utf8"));
  }
  return eta;
}

interface Crumb {
  text: string;
  href?: string;
  lang?: string;
  dir?: string;
}

/** Every HTML page of the site, rendered with the eta templates in templates/ when written. */
export function planPages(model: SiteModel): PlannedFile[] {
  const eta = loadTemplates();
  const css = readFileSync(`${templatesDir}assets/style.css`, "utf8");
  const files: PlannedFile[] = [];
  // Everything a page shows beyond its path is computed when it is written (`describe`), so the
  // 10,000 planned pages hold little memory while they wait for their turn.
  const page = (dir: string, template: string, describe: () => { title: string; crumbs: Crumb[]; data: Record<string, unknown> }) => {
    const render = () => {
      const { title, crumbs, data } = describe();
      return eta.render(template, { ...data, model, h: viewHelpers(dir), root: upTo(dir), pageTitle: `${title} - ${model.title}`, crumbs });
    };
    files.push({ path: dir === "" ? "index.html" : `${dir}/index.html`, render });
  };
  const home = (dir: string): Crumb => ({ text: model.title, href: viewHelpers(dir).href("index.html") });
  const projectCrumb = (dir: string, p: ProjectView): Crumb => ({ text: p.name, href: viewHelpers(dir).href(`${p.pageDir}/index.html`) });
  const componentCrumb = (dir: string, c: ComponentView): Crumb => ({ text: c.name, href: viewHelpers(dir).href(`${c.pageDir}/index.html`) });

  page("", "@pages/index", () => ({ title: "Overview", crumbs: [{ text: model.title }], data: {} }));
  for (const project of model.projects) {
    const dir = project.pageDir;
    page(dir, "@pages/project", () => ({ title: project.name, crumbs: [home(dir), { text: project.name }], data: { project } }));
    for (const component of project.components) {
      const dir = component.pageDir;
      page(dir, "@pages/component", () => ({
        title: `${component.name} - ${project.name}`,
        crumbs: [home(dir), projectCrumb(dir, project), { text: component.name }],
        data: { component, project },
      }));
      for (const t of component.translations) {
        page(t.pageDir, "@pages/translation", () => ({
          title: `${t.languageName} - ${component.name} - ${project.name}`,
          crumbs: [home(t.pageDir), projectCrumb(t.pageDir, project), componentCrumb(t.pageDir, component), { text: t.languageName, lang: t.lang, dir: t.dir }],
          // Computed once here: eta copies the data into every include.
          data: { t, embed: badgeEmbeds(t, model.site) },
        }));
      }
    }
  }
  for (const language of model.languages) {
    const dir = language.pageDir;
    page(dir, "@pages/language", () => ({
      title: language.name,
      crumbs: [home(dir), { text: "Languages" }, { text: language.name, lang: language.lang, dir: language.dir }],
      data: { language },
    }));
  }
  // GitHub Pages serves 404.html at any depth: its styles are inline so it looks right anywhere.
  const notFound = () => eta.render("@pages/404", { model, h: viewHelpers(""), root: "", pageTitle: `Page not found - ${model.title}`, crumbs: [home("")], inlineCss: css });
  files.push({ path: "404.html", render: notFound });
  files.push({ path: "assets/style.css", render: () => css });
  files.push({ path: ".nojekyll", render: () => "" });
  return files;
}

