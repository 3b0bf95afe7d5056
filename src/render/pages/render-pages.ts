import { translationExample, widgetAnchor, widgetGroups } from "./badges-page.js";
import { counted } from "../../text/plural.js";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Eta } from "eta";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type {
  ComponentView,
  LanguageView,
  ProjectView,
  SiteModel,
  TranslationPage,
} from "../model/site-model.js";
import { progressSummary, viewHelpers } from "./view-helpers.js";
import { badgeEmbeds } from "./badge-embeds.js";
import { encodePath, SITE_FILE, upTo } from "../../site/site-paths.js";
import { widgetPaths } from "./render-widgets.js";
import { siteBase } from "./widget-embeds.js";
import { notFound } from "./not-found-page.js";
import { projectRows } from "../model/project-rows.js";
import { languageProjects } from "../model/language-projects.js";
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

interface Crumb {
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
}

/**
 * The pages of `model`, rendered when written, with `model.detail` as it is then. `rowCount` gives
 * what a component's or language's page lists (the budget's weight of the page).
 */
export function planPages(
  model: SiteModel,
  rowCount: (view: ComponentView | LanguageView) => number = (view) => view.translations.length,
): PlannedPages {
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
  type Described = {
    title: string;
    description: string;
    image?: string;
    crumbs: Crumb[];
    data: Record<string, unknown>;
  };
  const pageFile = (
    dir: string,
    template: string,
    describe: () => Described,
    kind: string,
    weight = 1,
  ): PlannedFile => {
    const render = () => {
      const { title, description, image, crumbs, data } = describe();
      return eta.render(template, {
        ...data,
        model,
        h: viewHelpers(dir, model.site, model.detail.translationPages),
        root: upTo(dir),
        pageTitle: `${title} - ${model.title}`,
        description,
        og: og(dir, image ?? SITE_FILE.og),
        crumbs,
      });
    };
    return { path: dir === "" ? "index.html" : `${dir}/index.html`, render, kind, weight };
  };
  const page = (
    dir: string,
    template: string,
    describe: () => Described,
    kind = "other pages and assets",
    weight = 1,
  ) => void files.push(pageFile(dir, template, describe, kind, weight));
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
    page(
      dir,
      "@pages/project",
      () => ({
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
      }),
      "project pages",
      project.components.length * project.languages.length + 1,
    );
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
      page(
        dir,
        "@pages/component",
        () => ({
          title: `${component.name} - ${project.name}`,
          description:
            `Translation status of ${component.name} (${project.name}): ` +
            `${progressSummary(component.tally, model.site)} in ${languageCount(component)}.`,
          image,
          crumbs: [home(dir), projectCrumb(dir, project), { text: component.name }],
          data: { component, project, widgets, anchor },
        }),
        "component pages",
        rowCount(component) + 1,
      );
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
    page(
      dir,
      "@pages/language",
      () => ({
        title: language.name,
        description:
          `${language.name} (${language.code}): ` +
          `${progressSummary(language.tally, model.site)} in ` +
          `${counted(language.translations.length, "tracked component")}.`,
        crumbs: [home(dir), languagesCrumb(dir), { text: language.name }],
        data: {
          language,
          projects:
            model.detail.languageRows === "projects"
              ? languageProjects(model, language)
              : undefined,
        },
      }),
      "language pages",
      rowCount(language) + 1,
    );
  }
  page(
    "badges",
    "@pages/badges",
    () => ({
      title: "Badges and charts",
      description: `Badges and charts of ${model.title} to embed in a README.`,
      crumbs: [home("badges"), { text: "Badges and charts" }],
      data: { groups: widgetGroups(model), example: translationExample(model) },
    }),
    "other pages and assets",
    model.projects.reduce((n, p) => n + 1 + p.components.length, 0),
  );
  files.push({ path: SITE_FILE.notFound, render: () => notFound(eta, model, css) });
  files.push({ path: SITE_FILE.style, render: () => css });
  for (const path of [SITE_FILE.scripts, SITE_FILE.favicon, SITE_FILE.moved])
    files.push({ path, render: () => asset(path.slice("assets/".length)) });
  files.push({ path: SITE_FILE.noJekyll, render: () => "" });
  const translationPage = ({ t, project, component }: TranslationPage): PlannedFile => {
    const image = widgetPaths(project.badgeBase).og;
    return pageFile(
      t.pageDir,
      "@pages/translation",
      () => ({
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
      }),
      "translation pages",
    );
  };
  return { files, translationPage };
}

/** "12 languages": the component's tracked languages, not-started ones left out. */
function languageCount(component: ComponentView): string {
  const n = component.translations.filter((t) => !t.notStarted).length;
  return `${n} language${n === 1 ? "" : "s"}`;
}
