import { createReadStream, existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, posix } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { componentDir, fileSegment, projectDir } from "../src/site/site-paths.js";

// Whether every badge address a written site promises answers, as a file of the site:
// - each translation the site lists (data/translations.csv, or its .gz) has its badge as SVG and
//   as shields' endpoint JSON at badges/<project>/<component>/<language>, and its project and
//   component theirs at badges/<project> and badges/<project>/<component>;
// - every badge, widget or picture the badges pages and READMEs link to (under badges/) exists.
// The translations' slugs are the synthetic server's: no commas, so a CSV line's first three
// cells are its project, component and language.

export interface BadgeCheck {
  /** Addresses checked. */
  checked: number;
  /** The first few that have no file. */
  missing: string[];
  missingCount: number;
}

export async function checkBadgeAddresses(
  site: string,
  locales: string[] = ["en"],
): Promise<BadgeCheck> {
  const result: BadgeCheck = { checked: 0, missing: [], missingCount: 0 };
  const check = (path: string) => {
    result.checked += 1;
    if (existsSync(join(site, path))) return;
    result.missingCount += 1;
    if (result.missing.length < 5) result.missing.push(path);
  };
  const seen = new Set<string>();
  for await (const [project, component, language] of listedTranslations(site)) {
    const p = `badges/${projectDir(project, { locales })}`;
    const c = `${p}/${componentDir(component)}`;
    for (const base of [p, c]) {
      if (seen.has(base)) continue;
      seen.add(base);
      check(`${base}.svg`);
      check(`${base}.json`);
    }
    check(`${c}/${fileSegment(language)}.svg`);
    check(`${c}/${fileSegment(language)}.json`);
  }
  for (const page of await badgePages(site)) {
    const text = await readFile(join(site, page), "utf8");
    for (const match of text.matchAll(/(?:src|href)="([^"#?]+)"|\]\(([^)#?\s]+)\)/g)) {
      const address = match[1] ?? match[2];
      if (!address || /^[a-z]+:/i.test(address) || !/\.(svg|json|png)$/.test(address)) continue;
      const path = posix.normalize(posix.join(dirname(page), decodeURI(address)));
      if (path.startsWith("badges/")) check(path);
    }
  }
  return result;
}

/** The project, component and language of each translation the site lists. */
async function* listedTranslations(site: string): AsyncGenerator<[string, string, string]> {
  const plain = join(site, "data/translations.csv");
  const input = existsSync(plain)
    ? createReadStream(plain)
    : createReadStream(`${plain}.gz`).pipe(createGunzip());
  let header = true;
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (header || !line) {
      header = false;
      continue;
    }
    const [project, component, language] = line.split(",", 3);
    yield [project!, component!, language!];
  }
}

/** The badges pages and READMEs (the whole one, and a project's when it is split), relative. */
async function badgePages(site: string): Promise<string[]> {
  const folders = (await readdir(join(site, "badges"), { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => `badges/${e.name}`);
  return ["badges", ...folders]
    .flatMap((folder) => [`${folder}/index.html`, `${folder}/README.md`])
    .filter((page) => existsSync(join(site, page)));
}
