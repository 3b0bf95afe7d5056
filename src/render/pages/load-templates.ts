import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Eta, type TemplateFunction } from "eta";

export const templatesDir = fileURLToPath(new URL("../../../templates/", import.meta.url));

/** What a named template is called with: eta's own options for a synchronous render. */
const SYNC = { async: false };

/**
 * An eta instance with every template of templates/ compiled once and named by its path:
 * `@pages/translation`, `@partials/bar`, `@layouts/page`. A named template is called straight:
 * eta's own `render` copies its options and looks the name up on each call, and a translation
 * page is five or six calls (the page, its layout, its partials), 100,000 pages a large site.
 * Anything else (a template given as a function, a name not loaded) goes through eta's `render`.
 */
export function loadTemplates(dir = templatesDir): Eta {
  const eta = new Eta({ autoEscape: true, autoTrim: [false, "nl"] });
  const named = new Map<string, TemplateFunction>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".eta")) continue;
    const file = join(entry.parentPath, entry.name);
    const name = relative(dir, file)
      .split(sep)
      .join("/")
      .replace(/\.eta$/, "");
    const template = eta.compile(readFileSync(file, "utf8"));
    eta.loadTemplate(`@${name}`, template);
    named.set(`@${name}`, template);
  }
  const render = eta.render;
  eta.render = function (template, data, meta) {
    const named_ = typeof template === "string" ? named.get(template) : undefined;
    return named_ ? named_.call(this, data, SYNC) : render.call(this, template, data, meta);
  };
  return eta;
}
