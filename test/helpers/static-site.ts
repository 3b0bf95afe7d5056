import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
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

export async function serveDirectory(dir: string): Promise<StaticSite> {
  const requests: StaticSite["requests"] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    const path = normalize(
      decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname),
    ).replace(/^(\.\.[/\\])+/, "");
    readFile(join(dir, path.endsWith("/") ? `${path}index.html` : path)).then(
      (body) => {
        res.writeHead(200, {
          "content-type": path.endsWith(".json") ? "application/json" : "text/html",
        });
        res.end(body);
      },
      () => {
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<h1>404</h1>");
      },
    );
  });
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}
