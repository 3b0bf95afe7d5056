import { afterEach } from "vitest";
import { parseConfig, type Config } from "../../src/config/load-config.js";
import { StandInServer, type StandInOptions } from "../../src/demo/stand-in-server.js";
import type { Io } from "../../src/cli/main.js";

const running: StandInServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

/**
 * Starts a stand-in Weblate on 127.0.0.1, port 0; stopped after the test, or with `keep` when the
 * caller stops it (a server shared by a file's tests, started in beforeAll).
 */
export async function startStandIn(
  options: StandInOptions,
  { keep = false }: { keep?: boolean } = {},
): Promise<StandInServer> {
  const server = new StandInServer(options);
  if (!keep) running.push(server);
  await server.start();
  return server;
}

/** A config for a test: fast retries unless told otherwise. */
export function testConfig(
  baseUrl: string,
  translations: string[],
  crawl: Record<string, unknown> = {},
  env: Record<string, string> = {},
  authScheme?: string,
): Config {
  return parseConfig(
    {
      baseUrl,
      translations,
      crawl: { retryDelayMs: 10, ...crawl },
      ...(authScheme ? { authScheme } : {}),
    },
    "test-config.json",
    env,
  );
}

/** Captures what main() prints. */
export function captureIo(
  env: Record<string, string | undefined> = {},
): Io & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t), isTTY: false },
    env,
    now: () => new Date("2026-11-21T12:00:00Z"),
    out: () => out,
    err: () => err,
  };
}
