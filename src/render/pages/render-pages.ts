import type { Eta } from "eta";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type {
  ComponentView,
  LanguageView,
  ProjectView,
  SiteModel,
  TranslationPage,
} from "../model/site-view.js";
import { encodePath, SITE_FILE, upTo } from "../../site/site-paths.js";
import { failedApart, projectRows } from "../model/project-rows.js";
import { languageProjects } from "../model/language-projects.js";
import type { SiteLocale, SiteLocales } from "../../i18n/site-locales.js";
import { projectReach, siteReach, WORLD_POPULATION } from "../model/reach.js";
import {
  badgesPageSplit,
  componentBadgesPage,
  planBadgesPages,
  widgetAnchor,
  type Crumb,
  type PageFile,
} from "./badges-pages.js";
import { badgeEmbeds, siteBase, translationBadgeAlt } from "./embeds.js";
import { loadTemplates } from "./load-templates.js";
import { widgetPaths } from "./render-widgets.js";
import { localeLinks, tablesScriptPath } from "./site-assets.js";
import { localeHelpers, underLocale, viewHelpers, type ViewHelpers } from "./view-helpers.js";

export { loadTemplates, templatesDir } from "./load-templates.js";

// Each page has its title and description in the page's locale: the <title>, the description a
// search engine or a link preview shows, the Open Graph alternative text.

/**
 * Every HTML page of the site in one locale, rendered with the eta templates when written: the
 * pages but the translations' (`files`), a translation's page (planned when the translation is
 * read again, site-model.ts) and any other page (`pageFile`).
 */
export type PlannedPages = ReturnType<typeof planPages>;

/** The model as one locale's pages show it: its title in the locale's words when none is set. */
export function localModel(model: SiteModel, locale: SiteLocale): SiteModel {
  return {
    ...model,
    title: model.site.title ?? locale.messages.t("site.title"),
    // Set after planning, by the budget (render/site-plan.ts): read from the site's model.
    get detail() {
      return model.detail;
    },
    get history() {
      return model.history;
    },
  };
}

/**
 * The pages of the site in `locale`, under its folder, rendered when written, with `model.detail`
 * as it is then. `eta`: the compiled templates, shared by every locale.
 */
export function planPages(
  siteModel: SiteModel,
  locale: SiteLocale,
  locales: SiteLocales,
  eta: Eta = loadTemplates(),
) {
  const model = localModel(siteModel, locale);
  const pageFile = pageMaker(siteModel, model, locale, locales, eta);
  const files: PlannedFile[] = [
    pageFile("", "@pages/index", (h) => ({
      title: h.t("overview.title"),
      description: h.t("overview.description", {
        site: model.title,
        progress: h.progress(model.tally),
        projects: h.count("projects", model.projects.length),
        languages: h.count("languages", model.languages.length),
      }),
      crumbs: [{ text: model.title }],
      data: { reach: siteReach(model), world: WORLD_POPULATION },
    })),
  ];
  // A component's widgets are on badges/index.html, or on its project's badges page.
  const split = badgesPageSplit(model);
  for (const project of model.projects) {
    files.push(projectPage(model, locale, pageFile, project));
    for (const component of project.components)
      files.push(componentPage(model, locale, pageFile, { project, component, split }));
  }
  files.push(
    pageFile("languages", "@pages/languages", (h) => ({
      title: h.t("languages.title"),
      description: h.t("languages.description", {
        site: model.title,
        languages: h.count("languages", model.languages.length),
      }),
      crumbs: [{ text: h.t("languages.title") }],
      data: {},
    })),
  );
  for (const language of model.languages) files.push(languagePage(model, pageFile, language));
  // badges/index.html, split by project on a large instance (badges-pages.ts).
  files.push(...planBadgesPages(model, locale, pageFile));
  const translationPage = (page: TranslationPage) => planTranslationPage(model, pageFile, page);
  return { files, translationPage, pageFile };
}

/** A translation's page. */
function planTranslationPage(
  model: SiteModel,
  pageFile: PageFile,
  { t, project, component }: TranslationPage,
): PlannedFile {
  const image = widgetPaths(project.badgeBase).og;
  return pageFile(
    t.pageDir,
    "@pages/translation",
    (h) => {
      const language = h.langName(t.language, t.languageName);
      const names = { language, component: component.name, project: project.name };
      const progress = t.tally ? h.progress(t.tally) : h.t(`status.${t.status}`);
      const alt = translationBadgeAlt(model.badgeText, t);
      return {
        title: h.t("translation.title", names),
        description: h.t("translation.description", { ...names, progress }),
        image,
        crumbs: [crumbTo(h, project), crumbTo(h, component), { text: language }],
        // Computed once here: eta copies the data into every include.
        data: { t, embed: { markdown: badgeEmbeds({ ...t, alt }, model.site).markdown } },
      };
    },
    "translation pages",
  );
}

/**
 * The page maker of one locale. Everything a page shows beyond its path is computed when it is
 * written (`describe`), so the 10,000 planned pages hold little memory while they wait.
 */
function pageMaker(
  siteModel: SiteModel,
  model: SiteModel,
  locale: SiteLocale,
  locales: SiteLocales,
  eta: Eta,
): PageFile {
  const shared = localeHelpers(locale, model.generatedAt, model.site);
  // The budget sets the detail after planning: read when a page is rendered.
  const at = (dir: string) =>
    viewHelpers(shared, dir, locale.folder, siteModel.detail.translationPages);
  const base = model.site.url ? siteBase(model.site) : undefined;
  const pathOf = (dir: string) => underLocale(locale.folder, dir);
  // Open Graph wants absolute addresses: only known with `site.url`.
  const og = (dir: string, image: string) =>
    base
      ? {
          url: base + encodePath(pathOf(dir) === "" ? "" : `${pathOf(dir)}/`),
          image: base + encodePath(image),
        }
      : undefined;
  const loc = { tag: locale.tag, dir: locale.dir };
  // The badges' alternative texts are the words in their pictures, in the badges' locale.
  const badges = locales.badges;
  const badgeDir = badges.dir === locale.dir ? "" : ` dir="${badges.dir}"`;
  const badgeLang = locale.tag === badges.tag ? "" : ` lang="${badges.tag}"${badgeDir}`;
  const tablesJs = tablesScriptPath(locale);
  return (dir, template, describe, kind = "other pages and assets", weight = 1) => {
    const render = () => {
      const h = at(dir);
      const { title, description, image, crumbs, data } = describe(h);
      return eta.render(template, {
        ...data,
        model,
        h,
        loc,
        root: upTo(pathOf(dir)),
        tablesJs,
        badgeLang,
        locales: pageLocales(locales, locale, dir, h, base),
        pageTitle: h.t("site.pageTitle", { page: title, site: model.title }),
        description,
        og: og(dir, image ?? SITE_FILE.og),
        // Every page but the overview starts its crumbs at the overview.
        crumbs:
          dir === "" ? crumbs : [{ text: model.title, href: h.href("index.html") }, ...crumbs],
      });
    };
    const path = pathOf(dir);
    return { path: path === "" ? "index.html" : `${path}/index.html`, render, kind, weight };
  };
}

/**
 * The page in `dir` in every locale: the language switcher's links and the hreflang alternates,
 * which search engines want absolute (under `base`, the site's address).
 */
function pageLocales(
  locales: SiteLocales,
  locale: SiteLocale,
  dir: string,
  h: ViewHelpers,
  base: string | undefined,
) {
  const links = localeLinks(locales, locale, (l) => {
    const folder = underLocale(l.folder, dir);
    return base
      ? base + encodePath(folder === "" ? "" : `${folder}/`)
      : h.file(folder === "" ? "index.html" : `${folder}/index.html`);
  });
  return links && { links, fallback: links[0]?.href ?? "" };
}

/** A crumb to a project's or component's page. */
const crumbTo = (h: ViewHelpers, view: { name: string; pageDir: string }): Crumb => ({
  text: view.name,
  href: h.href(`${view.pageDir}/index.html`),
});

function projectPage(
  model: SiteModel,
  locale: SiteLocale,
  pageFile: PageFile,
  project: ProjectView,
): PlannedFile {
  const image = widgetPaths(project.badgeBase).og;
  return pageFile(
    project.pageDir,
    "@pages/project",
    (h) => ({
      title: project.name,
      description: h.t("project.description", {
        project: project.name,
        progress: h.progress(project.tally),
        languages: h.count("languages", project.languages.length),
      }),
      image,
      crumbs: [{ text: project.name }],
      data: {
        project,
        rows: projectRows(
          project,
          model.site,
          (l) => h.langName(l.code, l.name),
          (a, b) => locale.format.compare(a, b),
        ),
        failedApart: failedApart(project),
        reach: projectReach(project, model.site),
        world: WORLD_POPULATION,
      },
    }),
    "project pages",
    project.components.length * project.languages.length + 1,
  );
}

function componentPage(
  model: SiteModel,
  locale: SiteLocale,
  pageFile: PageFile,
  of: { project: ProjectView; component: ComponentView; split: boolean },
): PlannedFile {
  const { project, component } = of;
  const image = widgetPaths(project.badgeBase).og;
  // The component's charts: linked from its page, their snippets on the badges page.
  const paths = widgetPaths(component.badgeBase);
  const names = { component: component.name, project: project.name };
  const percent = locale.format.percentOf(model.site.widgets.countPercent);
  return pageFile(
    component.pageDir,
    "@pages/component",
    (h) => ({
      title: h.t("component.title", names),
      description: h.t("component.description", {
        ...names,
        progress: h.progress(component.tally),
        languages: h.count("languages", component.translations.length),
      }),
      image,
      crumbs: [crumbTo(h, project), { text: component.name }],
      data: {
        component,
        project,
        anchor: widgetAnchor(project, component),
        badgesPage: componentBadgesPage(project, of.split),
        widgets: component.counted
          ? [
              { title: h.t("component.chartRows"), path: paths.chart },
              { title: h.t("component.chartColumns"), path: paths.columns },
              { title: h.t("component.chartCount", { percent }), path: paths.count },
            ]
          : [],
      },
    }),
    "component pages",
    component.translations.length + 1,
  );
}

function languagePage(model: SiteModel, pageFile: PageFile, language: LanguageView): PlannedFile {
  return pageFile(
    language.pageDir,
    "@pages/language",
    (h) => {
      const name = h.langName(language.code, language.name);
      return {
        title: name,
        description: h.t("language.description", {
          language: name,
          code: language.code,
          progress: h.progress(language.tally),
          components: h.count("trackedComponents", language.translationCount),
        }),
        crumbs: [
          { text: h.t("languages.title"), href: h.href("languages/index.html") },
          { text: name },
        ],
        data: {
          language,
          projects:
            model.detail.languageRows === "projects"
              ? languageProjects(model, language)
              : undefined,
        },
      };
    },
    "language pages",
    language.translations.length + 1,
  );
}
