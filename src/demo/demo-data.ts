import { toOlderShape } from "./older-shape.js";
import {
  makeTranslation,
  type ComponentSeed,
  type LanguageSeed,
  type ProjectSeed,
  type TranslationStats,
} from "./record-builder.js";
import { must } from "../model/must.js";

// The demo catalogue: three made-up open-source projects on a Weblate server, 7 components and
// 50 translations. Numbers are fixed (a seeded generator), so the demo site is the same every run.
// It has right-to-left languages (Arabic, Hebrew, Persian), an empty glossary (0 strings),
// complete translations, failing checks, an Android component whose repository codes differ
// from Weblate's (b+ach, de-rAT, es-rAR), a project in an older server's shape, and a component
// inside a category (harbor-docs/manual/guide), as newer servers have them.

export const LANGUAGES: Record<string, LanguageSeed> = {
  ach: { code: "ach", name: "Acholi" },
  ar: {
    code: "ar",
    name: "Arabic",
    direction: "rtl",
    plurals: 6,
    formula:
      "(n==0) ? 0 : ((n==1) ? 1 : ((n==2) ? 2 : ((n%100>=3 && n%100<=10) ? 3 : ((n%100>=11 && " +
      "n%100<=99) ? 4 : 5))))",
  },
  cs: { code: "cs", name: "Czech", plurals: 3, formula: "(n==1) ? 0 : ((n>=2 && n<=4) ? 1 : 2)" },
  de: { code: "de", name: "German" },
  de_AT: { code: "de_AT", name: "German (Austria)" },
  el: { code: "el", name: "Greek" },
  es: { code: "es", name: "Spanish" },
  es_AR: { code: "es_AR", name: "Spanish (Argentina)" },
  fa: { code: "fa", name: "Persian", direction: "rtl", formula: "n > 1" },
  fi: { code: "fi", name: "Finnish" },
  fr: { code: "fr", name: "French", formula: "n > 1" },
  he: {
    code: "he",
    name: "Hebrew",
    direction: "rtl",
    plurals: 4,
    formula: "(n == 1) ? 0 : ((n == 2) ? 1 : ((n > 10 && n % 10 == 0) ? 2 : 3))",
  },
  hu: { code: "hu", name: "Hungarian" },
  it: { code: "it", name: "Italian" },
  ja: { code: "ja", name: "Japanese", plurals: 1 },
  ko: { code: "ko", name: "Korean", plurals: 1 },
  nb_NO: { code: "nb_NO", name: "Norwegian Bokmål", aliases: ["nb", "no"] },
  nl: { code: "nl", name: "Dutch" },
  pl: {
    code: "pl",
    name: "Polish",
    plurals: 3,
    formula: "(n==1) ? 0 : ((n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)) ? 1 : 2)",
  },
  pt_BR: { code: "pt_BR", name: "Portuguese (Brazil)", formula: "n > 1" },
  ru: {
    code: "ru",
    name: "Russian",
    plurals: 3,
    formula:
      "(n%10==1 && n%100!=11) ? 0 : ((n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)) ? 1 : 2)",
  },
  sv: { code: "sv", name: "Swedish" },
  tr: { code: "tr", name: "Turkish" },
  uk: {
    code: "uk",
    name: "Ukrainian",
    plurals: 3,
    formula:
      "(n%10==1 && n%100!=11) ? 0 : ((n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)) ? 1 : 2)",
  },
  zh_Hans: { code: "zh_Hans", name: "Chinese (Simplified)", plurals: 1, aliases: ["zh_CN"] },
};

interface DemoComponent extends ComponentSeed {
  languages: string[];
}
interface DemoProject extends ProjectSeed {
  components: DemoComponent[];
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    slug: "orbit-notes",
    name: "Orbit Notes",
    web: "https://github.com/example/orbit-notes",
    components: [
      {
        slug: "application",
        name: "Application",
        total: 412,
        languages: [
          "ar",
          "cs",
          "de",
          "es",
          "fa",
          "fr",
          "he",
          "it",
          "ja",
          "nb_NO",
          "pl",
          "pt_BR",
          "zh_Hans",
        ],
      },
      {
        slug: "website",
        name: "Website",
        total: 96,
        languages: ["cs", "de", "es", "fr", "it", "ja", "ru", "uk"],
      },
      {
        slug: "android",
        name: "Android",
        total: 230,
        fileFormat: "aresource",
        filemask: "app/src/main/res/values-*/strings.xml",
        languages: ["ach", "de", "de_AT", "es_AR", "fr", "ko"],
      },
    ],
  },
  {
    slug: "tinygrep",
    name: "tinygrep",
    web: "https://github.com/example/tinygrep",
    components: [
      {
        slug: "cli",
        name: "CLI messages",
        total: 57,
        languages: ["de", "el", "fi", "fr", "hu", "nl", "sv", "tr"],
      },
      {
        slug: "man-pages",
        name: "Man pages",
        total: 31,
        totalWords: 1480,
        languages: ["de", "fr", "ru", "uk", "zh_Hans"],
      },
    ],
  },
  {
    slug: "harbor-docs",
    name: "Harbor Docs",
    web: "https://github.com/example/harbor-docs",
    components: [
      {
        slug: "guide",
        name: "User guide",
        category: "manual",
        total: 145,
        totalWords: 5200,
        languages: ["ar", "de", "es", "fr", "ja", "pt_BR"],
      },
      {
        slug: "glossary",
        name: "Glossary",
        total: 0,
        isGlossary: true,
        languages: ["de", "es", "fr", "it"],
      },
    ],
  },
];

/** Repository codes of the Android component, as Android resource folders name them. */
const ANDROID_CODES: Record<string, string> = { ach: "b+ach", de_AT: "de-rAT", es_AR: "es-rAR" };
const AUTHORS = [
  "Ana Sousa",
  "Jiří Novák",
  "Leila Haddad",
  "Noam Levi",
  "Kenji Sato",
  "Marta Kowalska",
  null,
];

/** Small deterministic generator (mulberry32), seeded from a string. */
function seeded(key: string): () => number {
  let h = 1779033703 ^ key.length;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function demoStats(
  project: string,
  component: DemoComponent,
  language: string,
  index: number,
): TranslationStats {
  const total = component.total;
  const rand = seeded(`${project}/${component.slug}/${language}`);
  // A few fixed shapes, then the rest spread between 20% and 99%.
  const complete = index % 5 === 1 || (project === "tinygrep" && language === "de");
  const translated = complete ? total : Math.min(total, Math.floor(total * (0.2 + rand() * 0.8)));
  const left = total - translated;
  const fuzzy = left === 0 ? 0 : Math.floor(left * rand() * 0.4);
  const failingChecks =
    index % 4 === 2 && translated > 0 ? Math.max(1, Math.floor(translated * rand() * 0.08)) : 0;
  const day = 1 + Math.floor(rand() * 27);
  const author = AUTHORS[Math.floor(rand() * AUTHORS.length)] ?? null;
  const hasChange = total > 0;
  return {
    translated,
    fuzzy,
    failingChecks,
    suggestions: Math.floor(rand() * 6),
    comments: Math.floor(rand() * 3),
    lastChange: hasChange
      ? `2026-10-${String(day).padStart(2, "0")}T${String(8 + (index % 12)).padStart(2, "0")}` +
        `:14:07.${String(100000 + index * 7919).slice(0, 6)}Z`
      : null,
    lastAuthor: hasChange ? author : null,
    languageCode:
      project === "orbit-notes" && component.slug === "android"
        ? ANDROID_CODES[language]
        : undefined,
    revision: hasChange ? seededHash(rand) : "",
    // Short strings go first: words lag behind strings, more in some languages than in others.
    wordShare: 0.55 + rand() * 0.4,
  };
}

function seededHash(rand: () => number): string {
  let out = "";
  while (out.length < 40) out += Math.floor(rand() * 16).toString(16);
  return out;
}

/**
 * Every demo translation record, with URLs under `base`. `olderProject`: tinygrep's records in an
 * older server's shape (a stand-in playing one generation gives every record that generation's
 * shape instead).
 */
export function buildDemoRecords(
  base: string,
  { olderProject = true }: { olderProject?: boolean } = {},
): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  let componentId = 0;
  let translationId = 0;
  const languageIds = new Map(Object.keys(LANGUAGES).map((code, i) => [code, i + 1]));
  DEMO_PROJECTS.forEach((project, p) => {
    for (const component of project.components) {
      componentId += 1;
      component.languages.forEach((code, index) => {
        translationId += 1;
        const record = makeTranslation(base, {
          project,
          projectId: p + 1,
          component,
          componentId,
          language: must(LANGUAGES[code]),
          languageId: must(languageIds.get(code)),
          id: translationId,
          stats: demoStats(project.slug, component, code, index),
        });
        // tinygrep's records come in an older server generation's shape (all of them: a server
        // holds one project record and one record per component, whichever endpoint serves it).
        records.push(project.slug === "tinygrep" && olderProject ? toOlderShape(record) : record);
      });
    }
  });
  return records;
}

/** The triples of the demo, as config/demo.json lists them. */
export function demoTriples(): string[] {
  return DEMO_PROJECTS.flatMap((p) =>
    p.components.flatMap((c) =>
      c.languages.map((l) => `${p.slug}/${c.category ? `${c.category}/` : ""}${c.slug}/${l}`),
    ),
  );
}
