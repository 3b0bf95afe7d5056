import type { ViewHelpers } from "./view-helpers.js";
import type {
  ComponentView,
  LanguageView,
  ProjectView,
  SiteModel,
  TranslationView,
} from "../model/site-view.js";

// The title and description of each page type in the page's locale: the <title>, the description
// a search engine or a link preview shows, the Open Graph alternative text.

type Words = Pick<ViewHelpers, "t" | "count" | "progress" | "langName">;

export interface PageText {
  title: string;
  description: string;
}

export function overviewText(h: Words, model: SiteModel): PageText {
  return {
    title: h.t("overview.title"),
    description: h.t("overview.description", {
      site: model.title,
      progress: h.progress(model.tally),
      projects: h.count("projects", model.projects.length),
      languages: h.count("languages", model.languages.length),
    }),
  };
}

export function projectText(h: Words, project: ProjectView): PageText {
  return {
    title: project.name,
    description: h.t("project.description", {
      project: project.name,
      progress: h.progress(project.tally),
      languages: h.count("languages", project.languages.length),
    }),
  };
}

export function componentText(h: Words, project: ProjectView, c: ComponentView): PageText {
  return {
    title: h.t("component.title", { component: c.name, project: project.name }),
    description: h.t("component.description", {
      component: c.name,
      project: project.name,
      progress: h.progress(c.tally),
      languages: h.count("languages", c.translations.length),
    }),
  };
}

export function languagesText(h: Words, model: SiteModel): PageText {
  return {
    title: h.t("languages.title"),
    description: h.t("languages.description", {
      site: model.title,
      languages: h.count("languages", model.languages.length),
    }),
  };
}

export function languageText(h: Words, language: LanguageView): PageText {
  const name = h.langName(language.code, language.name);
  return {
    title: name,
    description: h.t("language.description", {
      language: name,
      code: language.code,
      progress: h.progress(language.tally),
      components: h.count("trackedComponents", language.translationCount),
    }),
  };
}

export function badgesText(h: Words, model: SiteModel): PageText {
  return {
    title: h.t("badges.title"),
    description: h.t("badges.description", { site: model.title }),
  };
}

/** A project's own badges page, on a site whose badges page is split by project. */
export function projectBadgesText(h: Words, model: SiteModel, project: ProjectView): PageText {
  return {
    title: h.t("badges.projectTitle", { project: project.name }),
    description: h.t("badges.projectDescription", { project: project.name, site: model.title }),
  };
}

export function translationText(
  h: Words,
  t: TranslationView,
  project: ProjectView,
  component: ComponentView,
): PageText {
  const language = h.langName(t.language, t.languageName);
  return {
    title: h.t("translation.title", {
      language,
      component: component.name,
      project: project.name,
    }),
    description: h.t("translation.description", {
      language,
      component: component.name,
      project: project.name,
      progress: t.tally ? h.progress(t.tally) : h.t(`status.${t.status}`),
    }),
  };
}

export function notFoundText(h: Words, model: SiteModel): PageText {
  return {
    title: h.t("notFound.title"),
    description: h.t("notFound.description", { site: model.title }),
  };
}
