import { translationExample, widgetAnchor, widgetGroups } from "./badges-page.js";
import { counted } from "../../text/plural.js";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Eta } from "eta";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type {
  ComponentView,
  ProjectView,
  SiteModel,
  TranslationPage,
} from "../model/site-model.js";
import { progressSummary, viewHelpers, type ViewHelpers } from "./view-helpers.js";
import { badgeEmbeds } from "./badge-embeds.js";
import { encodePath, SITE_FILE, upTo } from "../../site/site-paths.js";
import { widgetPaths } from "./render-widgets.js";
import { siteBase } from "./widget-embeds.js";
import { projectRows } from "../model/project-rows.js";
import { projectReach, siteReach, WORLD_POPULATION } from "../model/reach.js";

const templatesDir = fileURLToPath(new URL("../../../templates/", import.meta.url));

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
    const name = relative(dir, file)
      .split(sep)
      .join("/")
      .replace(/\.eta$/, "");
    eta.loadTemplate(`@${name}`, readFileSync(file, "utf8"));
  }
  return eta;
}

export interface Crumb {
  text: string;
  href?: string;
}

/** Every HTML page of the site, rendered with the eta templates in templates/ when written. */
export interface PlannedPages {
  /** The pages of the site but the translations'. */
  files: PlannedFile[];
  /**
   * A translation's page, planned when the translation is read again (site-model.ts,
   * translationPages).
   */
  translationPage(page: TranslationPage): PlannedFile;
  /** Any other page in `dir` from a template, its title and data computed when it is written. */
  pageFile(dir: string, template: string, describe: () => Described): PlannedFile;
  /** The first crumb of a page in `dir`: the overview. */
  home(dir: string): Crumb;
}

/** What a page shows beyond its path: computed when it is written. */
export interface Described {
  title: string;
  description: string;
  image?: string;
  crumbs: Crumb[];
  data: Record<string, unknown>;
}

export function planPages(model: SiteModel): PlannedPages {
  const eta = loadTemplates();
  const asset = (name: string) => readFileSync(`${templatesDir}assets/${name}`, "utf8");
  const css = asset("style.css");
  const files: PlannedFile[] = [];
  const base = model.site.url ? siteBase(model.site) : undefined;
  // Open Graph wants absolute addresses: only known with `site.url`.
  const og = (dir: string, image: string) =>
    base
      ? { url: base + encodePath(dir === "" ? "" : `${dir}/`), image: base + encodePath(image) }
      : undefined;
  // Everything a page shows beyond its path is computed when it is written (`describe`), so the
  // 10,000 planned pages hold little memory while they wait for their turn.
  const pageFile = (dir: string, template: string, describe: () => Described): PlannedFile => {
    const render = () => {
      const { title, description, image, crumbs, data } = describe();
      return eta.render(template, {
        ...data,
        model,
        h: viewHelpers(dir, model.site),
        root: upTo(dir),
        pageTitle: `${title} - ${model.title}`,
        description,
        og: og(dir, image ?? SITE_FILE.og),
        crumbs,
      });
    };
    return { path: dir === "" ? "index.html" : `${dir}/index.html`, render };
  };
  const page = (dir: string, template: string, describe: () => Described) =>
    void files.push(pageFile(dir, template, describe));
  const home = (dir: string): Crumb => ({
    text: model.title,
    href: viewHelpers(dir).href("index.html"),
  });
  const projectCrumb = (dir: string, p: ProjectView): Crumb => ({
    text: p.name,
    href: viewHelpers(dir).href(`${p.pageDir}/index.html`),
  });
  const componentCrumb = (dir: string, c: ComponentView): Crumb => ({
    text: c.name,
    href: viewHelpers(dir).href(`${c.pageDir}/index.html`),
  });

  const languagesCrumb = (dir: string): Crumb => ({
    text: "Languages",
    href: viewHelpers(dir).href("languages/index.html"),
  });

  page("", "@pages/index", () => ({
    title: "Overview",
    description:
      `${model.title}: ${progressSummary(model.tally, model.site)} across ` +
      `${counted(model.projects.length, "project")} and ` +
      `${counted(model.languages.length, "language")}.`,
    crumbs: [{ text: model.title }],
    data: { reach: siteReach(model), world: WORLD_POPULATION },
  }));
  for (const project of model.projects) {
    const dir = project.pageDir;
    const image = widgetPaths(project.badgeBase).og;
    page(dir, "@pages/project", () => ({
      title: project.name,
      description:
        `Translation status of ${project.name}: ` +
        `${progressSummary(project.tally, model.site)} in ` +
        `${counted(project.languages.length, "language")}.`,
      image,
      crumbs: [home(dir), { text: project.name }],
      data: {
        project,
        rows: projectRows(project, model.site),
        reach: projectReach(project, model.site),
        world: WORLD_POPULATION,
      },
    }));
    for (const component of project.components) {
      const dir = component.pageDir;
      // The component's charts: linked from its page, their snippets on the badges page.
      const paths = widgetPaths(component.badgeBase);
      const widgets = component.counted
        ? [
            { title: "rows", path: paths.chart },
            { title: "columns", path: paths.columns },
            { title: `languages at ${model.site.widgets.countPercent}%`, path: paths.count },
          ]
        : [];
      const anchor = widgetAnchor(model, project, component);
      page(dir, "@pages/component", () => ({
        title: `${component.name} - ${project.name}`,
        description:
          `Translation status of ${component.name} (${project.name}): ` +
          `${progressSummary(component.tally, model.site)} in ${languageCount(component)}.`,
        image,
        crumbs: [home(dir), projectCrumb(dir, project), { text: component.name }],
        data: { component, project, widgets, anchor },
      }));
    }
  }
  page("languages", "@pages/languages", () => ({
    title: "Languages",
    description:
      `${model.title}: ${model.languages.length} ` +
      `language${model.languages.length === 1 ? "" : "s"}, most translated first.`,
    crumbs: [home("languages"), { text: "Languages" }],
    data: {},
  }));
  for (const language of model.languages) {
    const dir = language.pageDir;
    page(dir, "@pages/language", () => ({
      title: language.name,
      description:
        `${language.name} (${language.code}): ` +
        `${progressSummary(language.tally, model.site)} in ` +
        `${counted(language.translations.length, "tracked component")}.`,
      crumbs: [home(dir), languagesCrumb(dir), { text: language.name }],
      data: { language },
    }));
  }
  page("badges", "@pages/badges", () => ({
    title: "Badges and charts",
    description: `Badges and charts of ${model.title} to embed in a README.`,
    crumbs: [home("badges"), { text: "Badges and charts" }],
    data: { groups: widgetGroups(model), example: translationExample(model) },
  }));
  files.push({ path: SITE_FILE.notFound, render: () => notFound(eta, model, css) });
  files.push({ path: SITE_FILE.style, render: () => css });
  for (const path of [SITE_FILE.scripts, SITE_FILE.favicon])
    files.push({ path, render: () => asset(path.slice("assets/".length)) });
  files.push({ path: SITE_FILE.noJekyll, render: () => "" });
  const translationPage = ({ t, project, component }: TranslationPage): PlannedFile => {
    const image = widgetPaths(project.badgeBase).og;
    return pageFile(t.pageDir, "@pages/translation", () => ({
      title: `${t.languageName} - ${component.name} - ${project.name}`,
      description:
        `${t.languageName} translation of ${component.name} (${project.name}): ` +
        `${t.tally ? progressSummary(t.tally, model.site) : t.status}.`,
      image,
      crumbs: [
        home(t.pageDir),
        projectCrumb(t.pageDir, project),
        componentCrumb(t.pageDir, component),
        { text: t.languageName },
      ],
      // Computed once here: eta copies the data into every include.
      data: { t, embed: badgeEmbeds(t, model.site) },
    }));
  };
  return { files, translationPage, pageFile, home };
}

/** "12 languages": the component's tracked languages, not-started ones left out. */
function languageCount(component: ComponentView): string {
  const n = component.translations.filter((t) => !t.notStarted).length;
  return `${n} language${n === 1 ? "" : "s"}`;
}

/**
 * GitHub Pages serves 404.html for a missing page at any depth, so relative links would point
 * elsewhere: its links are absolute, under `site.url`, or from the host's root without it (right
 * for a user site or a custom domain). Its styles are inline for the same reason.
 */
function notFound(eta: Eta, model: SiteModel, css: string): string {
  const root = model.site.url ? siteBase(model.site) : "/";
  const h: ViewHelpers = { ...viewHelpers(""), href: (target) => root + encodePath(target) };
  return eta.render("@pages/404", {
    model,
    h,
    root,
    pageTitle: `Page not found - ${model.title}`,
    description: `${model.title}: page not found.`,
    crumbs: [{ text: model.title, href: h.href("index.html") }],
    inlineCss: css,
  });
}
