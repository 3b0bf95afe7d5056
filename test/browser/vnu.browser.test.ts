import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { renderSite } from "../../src/render/render-site.js";
import { missingTool, renderFixtureSite, requireTools } from "../helpers/browser.js";
import { manyComponentsSnapshot } from "../helpers/many-components.js";
import { tempDir } from "../helpers/temp-dir.js";

// The Nu HTML checker (the W3C validator, vnu-jar's bundled jar, run on the local Java) over
// every file of the demo site: HTML, CSS and SVG; its pages in English and, under /ar/, in Arabic
// (right to left, with hreflang alternates and the language switcher).

const missing = missingTool({ java: true });
const jar = join(
  dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
}

function runVnu(target: string): Promise<{ code: number | null; messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "java",
      [
        "-jar",
        jar,
        "--format",
        "json",
        "--errors-only",
        "--also-check-css",
        "--also-check-svg",
        "--skip-non-html",
        target,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let text = "";
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        resolve({ code, messages: (JSON.parse(text) as { messages: VnuMessage[] }).messages });
      } catch {
        reject(new Error(`vnu printed no JSON (exit ${code}): ${text.slice(0, 500)}`));
      }
    });
  });
}

if (missing && requireTools) {
  describe("the Nu HTML checker", () => {
    it("has java to run in (CI=true: the check may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  if (missing) console.warn(`skipping the Nu HTML checker test: ${missing}`);
  describe.skipIf(missing)(`the Nu HTML checker${missing ? ` (skipped: ${missing})` : ""}`, () => {
    it("finds 0 errors in every HTML, CSS and SVG file of the demo site", async () => {
      const out = join(await tempDir("l10n-vnu-"), "out");
      await renderFixtureSite(out, "demo", {
        url: "https://me.github.io/repo/",
        locales: ["en", "ar"],
      });
      const files = (await readdir(out, { recursive: true })).filter((f) =>
        /\.(html|css|svg)$/.test(String(f)),
      );
      expect(files.length).toBeGreaterThan(250);
      const { code, messages } = await runVnu(out);
      expect(
        messages.map(
          (m) =>
            `${m.url?.slice(`file:${out}`.length)}:${m.lastLine ?? ""} ${m.type}${m.subType ? `/${m.subType}` : ""}: ${m.message}`,
        ),
      ).toEqual([]);
      expect(code).toBe(0);
    }, 180_000);

    it("finds 0 errors in the badges pages of a large instance, split by project", async () => {
      const out = join(await tempDir("l10n-vnu-split-"), "out");
      const snapshot = manyComponentsSnapshot({
        projects: 3,
        components: 40,
        languages: 1,
        hostile: true,
      });
      await renderSite(
        snapshot,
        out,
        siteOptionsSchema.parse({ title: "Big", locales: ["en", "ar"] }),
      );
      const pages = (await readdir(join(out, "badges"), { recursive: true })).filter((f) =>
        String(f).endsWith("index.html"),
      );
      // The index and the three projects' pages.
      expect(pages.length).toBe(4);
      const { code, messages } = await runVnu(join(out, "badges"));
      expect(messages.map((m) => `${m.url}:${m.lastLine ?? ""} ${m.message}`)).toEqual([]);
      expect(code).toBe(0);
      const arabic = await runVnu(join(out, "ar", "badges"));
      expect(arabic.messages.map((m) => `${m.url}:${m.lastLine ?? ""} ${m.message}`)).toEqual([]);
    }, 180_000);
  });
}
