import { readFile } from "node:fs/promises";
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { afterEach } from "vitest";

/**
 * A published site stand-in: serves the files of a directory on 127.0.0.1, port 0, as GitHub Pages
 * would.
 */
export interface StaticSite {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  /**
   * A test's own answer for a path (a 500, a stall, an HTML page, a redirect): returns true when
   * it answered, false to serve the file.
   */
  override?: (path: string, res: ServerResponse) => boolean;
}

const running: Server[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/**
 * Serves `dir`; stopped after the test, or with `keep` when `stop` is called (a job whose runs
 * span several tests).
 */
export async function serveDirectory(
  dir: string,
  options: { keep?: boolean } = {},
): Promise<StaticSite & { stop(): Promise<void> }> {
  const site: StaticSite = { url: "", requests: [] };
  const server = createServer((req, res) => {
    site.requests.push({ url: req.url ?? "", headers: req.headers });
    const path = normalize(
      decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname),
    ).replace(/^(\.\.[/\\])+/, "");
    if (site.override?.(path, res)) return;
    readFile(join(dir, path.endsWith("/") ? `${path}index.html` : path)).then(
      (body) => {
        res.writeHead(200, {
          "content-type": path.endsWith(".json")
            ? "application/json"
            : path.endsWith(".gz")
              ? "application/gzip"
              : "text/html",
        });
        res.end(body);
      },
      () => {
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<h1>404</h1>");
      },
    );
  });
  if (!options.keep) running.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(site, { stop });
}
