import type { Triple } from "../config/triple.js";
import type { WeblateRoutes } from "../weblate/routes.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { isJson, type Json } from "../model/json.js";

// With crawl.statistics, each translation's row of its component's statistics endpoint
// (`/api/components/<p>/<c>/statistics/`, paged like any list, one row per language): newer
// servers put there what translation records lack, approved and read-only strings and character
// counts (Weblate's StatisticsSerializer). One request per component (per page of it), whatever
// pattern reached its translations, so a translation's entry is the same whichever way it came.

export class ComponentStatistics {
  private readonly rows = new Map<string, Promise<Map<string, Json>>>();

  constructor(
    private readonly client: HttpClient,
    private readonly routes: WeblateRoutes,
    private readonly pageSize: number,
  ) {}

  /** The statistics row of a translation, or undefined when the endpoint gave none. */
  async rowFor(triple: Triple): Promise<Json | undefined> {
    const key = `${triple.project}/${triple.component}`;
    let rows = this.rows.get(key);
    if (!rows) {
      rows = fetchList(
        this.client,
        this.routes.componentStatistics(triple.project, triple.component),
        this.pageSize,
      ).then(byCode, () => new Map<string, Json>());
      this.rows.set(key, rows);
    }
    return (await rows).get(triple.language);
  }
}

/** Rows by their language code. */
function byCode(items: unknown[]): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const item of items) {
    if (!isJson(item)) continue;
    const code = item.code;
    if (typeof code === "string" && !out.has(code)) out.set(code, item);
  }
  return out;
}
