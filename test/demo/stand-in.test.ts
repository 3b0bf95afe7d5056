import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

const now = () => new Date("2026-11-21T12:00:00Z");
const get = async (url: string) => (await fetch(url)).json() as Promise<Record<string, unknown>>;

describe("the stand-in answers the read-only API in the shapes of real servers", () => {
  it("leaves out what a list shares: `component` from a component's translations, `project` from a project's components", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const api = `${server.baseUrl}/api`;
    expect(Object.keys(await get(`${api}/`))).toEqual([
      "components",
      "languages",
      "projects",
      "translations",
    ]);
    const projects = (await get(`${api}/projects/`)).results as { slug: string }[];
    expect(projects.map((p) => p.slug)).toEqual(["orbit-notes", "tinygrep", "harbor-docs"]);
    const translations = (await get(`${api}/components/orbit-notes/website/translations/`))
      .results as object[];
    expect(translations.some((t) => "component" in t)).toBe(false);
    const components = (await get(`${api}/projects/orbit-notes/components/`)).results as object[];
    expect(components.some((c) => "project" in c)).toBe(false);
    const component = await get(`${api}/components/orbit-notes/website/`);
    expect((component.project as { slug: string }).slug).toBe("orbit-notes");
    const all = (await get(`${api}/components/?page_size=1000`)).results as {
      project?: { slug: string };
    }[];
    expect(all).toHaveLength(7);
    expect(all.every((c) => typeof c.project?.slug === "string")).toBe(true);
    const instance = await get(`${api}/translations/?page_size=20`);
    expect(instance.count).toBe(50);
    expect(instance.next).toBe(`${api}/translations/?page_size=20&page=2`);
    const first = (instance.results as { component: { project: { slug: string } } }[])[0]!;
    expect(first.component.project.slug).toBe("orbit-notes");
    expect(await get(`${api}/translations/orbit-notes/website/de/`)).toMatchObject({
      language_code: "de",
    });
  });

  it("answers the statistics endpoints with totals that add up", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ components: 2, languages: 3 }),
    });
    const api = `${server.baseUrl}/api`;
    const rows = (await get(`${api}/components/project0/component0/statistics/`)).results as {
      total: number;
      translated: number;
      code: string;
    }[];
    expect(rows.map((r) => r.code)).toEqual(["l000", "l001", "l002"]);
    const project = await get(`${api}/projects/project0/statistics/`);
    const languages = (await (await fetch(`${api}/projects/project0/languages/`)).json()) as {
      total: number;
    }[];
    expect(Array.isArray(languages)).toBe(true);
    expect(languages.reduce((n, l) => n + l.total, 0)).toBe(project.total);
    const one = await get(`${api}/translations/project0/component0/l001/statistics/`);
    expect(one.translated).toBe(rows[1]!.translated);
    expect((await get(`${api}/languages/l001/statistics/`)).code).toBe("l001");
  });

  it("costs 12 requests for 10 project/<component>/* of one project, as for project/*/*", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ components: 10, languages: 20 }),
    });
    const entries = Array.from({ length: 10 }, (_, c) => `project0/component${c}/*`);
    const run = await crawlToSnapshot(testConfig(server.baseUrl, entries), { now });
    expect(run.snapshot.translations).toHaveLength(200);
    expect(run.stats.requests).toBe(12);
  });

  it("runs on its own with `npm run stand-in`, printing where it listens, until stopped", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/demo/serve.ts", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const [chunk] = (await once(child.stdout, "data")) as [Buffer];
      const match = /^listening (http:\/\/127\.0\.0\.1:\d+) \(Weblate 2026\.x shapes\)\n$/.exec(
        chunk.toString(),
      );
      expect(match).not.toBeNull();
      const body = await get(`${match![1]}/api/projects/tinygrep/`);
      expect(body.slug).toBe("tinygrep");
    } finally {
      child.kill("SIGTERM");
    }
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("serves a synthetic instance with --synthetic PxCxL, and refuses a malformed size", async () => {
    const args = ["--import", "tsx", "src/demo/serve.ts", "--port", "0", "--synthetic", "2x3x4"];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const [chunk] = (await once(child.stdout, "data")) as [Buffer];
      const match =
        /^listening (http:\/\/127\.0\.0\.1:\d+) \(Weblate 2026\.x shapes; 24 synthetic/.exec(
          chunk.toString(),
        );
      expect(match).not.toBeNull();
      expect((await get(`${match![1]}/api/projects/`)).count).toBe(2);
      expect((await get(`${match![1]}/api/translations/`)).count).toBe(24);
      const components = await get(`${match![1]}/api/projects/project1/components/`);
      expect(components.count).toBe(3);
    } finally {
      child.kill("SIGTERM");
    }
    expect((await once(child, "exit"))[0]).toBe(0);
    const bad = spawn(process.execPath, [...args.slice(0, -1), "2x0x4"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    bad.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    expect((await once(bad, "exit"))[0]).toBe(2);
    expect(stderr.split("\n")[0]).toBe(
      "stand-in: --synthetic expects PROJECTSxCOMPONENTSxLANGUAGES, each at least 1 " +
        "(for example 30x8x120), found '2x0x4'",
    );
  });
});
