import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { z } from "zod";
import { ConfigError } from "../model/errors.js";
import { formatPath } from "../text/format-path.js";
import { addSecret } from "../text/sanitize.js";
import {
  checkOptionsSchema,
  configSchema,
  crawlOptionsSchema,
  historyOptionsSchema,
  siteOptionsSchema,
  thresholdsSchema,
} from "./schema.js";
import { compareTriples, parseTripleString, tripleKey, type Triple } from "./triple.js";
import { checkBaseUrl } from "./base-url.js";
import { jsonSyntaxError } from "./json-syntax.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";
import { errorCode, field, isJson } from "../model/json.js";
import { must } from "../model/must.js";

/**
 * The validated config the pipeline runs on: the file's options with their defaults, and what
 * was made of the rest. The token is held here and nowhere else.
 */
export type Config = Pick<
  z.infer<typeof configSchema>,
  "tokenEnv" | "authScheme" | "site" | "crawl" | "history" | "check"
> & {
  /** The file it came from, for messages. */
  file: string;
  /** Base URL without a trailing slash, e.g. "https://hosted.weblate.org". */
  baseUrl: string;
  /** The API token, or undefined for an anonymous crawl. Never printed or written. */
  token: string | undefined;
  /** Where the base address was set, as hints name it: '"baseUrl"' or "--base-url". */
  baseUrlSetting: BaseUrlSetting;
  /** Things the config said that were taken another way (a baseUrl ending in /api), for stderr. */
  notes: string[];
  /** Configured triples, deduplicated and sorted; may hold "*" wildcards. */
  translations: Triple[];
};

interface LoadConfigOptions {
  /** Environment to read the token from. */
  env: Record<string, string | undefined>;
  /** Replaces the file's baseUrl (the demo points the config at its local stand-in server). */
  baseUrl?: string;
}

/** Where the base address came from, as messages name it. */
export type BaseUrlSetting = '"baseUrl"' | "--base-url";

/** Reads, parses and validates a config file; every problem is a one-line ConfigError. */
export async function loadConfig(file: string, options: LoadConfigOptions): Promise<Config> {
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    const code = errorCode(error);
    const why = { ENOENT: "no such file", EISDIR: "it is a directory" }[code ?? ""];
    throw new ConfigError(
      `config ${file}: cannot read it (${why ?? code ?? "unreadable"}); pass an existing file ` +
        "with --config",
      { cause: error },
    );
  });
  // Editors on Windows may start the file with a byte order mark, which JSON.parse refuses.
  const body = text.startsWith("\ufeff") ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new ConfigError(`config ${file}: not valid JSON: ${jsonSyntaxError(body)}`, {
      cause: error,
    });
  }
  if (options.baseUrl === undefined) return parseConfig(json, file, options.env);
  if (isJson(json)) json = { ...json, baseUrl: options.baseUrl };
  return parseConfig(json, file, options.env, "--base-url");
}

/** Validates an already parsed config object. */
export function parseConfig(
  json: unknown,
  file: string,
  env: Record<string, string | undefined>,
  baseUrlSetting: BaseUrlSetting = '"baseUrl"',
): Config {
  assertNoCredentials(json, file, baseUrlSetting);
  const result = configSchema.safeParse(json, { reportInput: true });
  const problems = result.success ? [] : result.error.issues.map(describeIssue);
  // Every problem of the file at once: the schema's, and a base address that is another page.
  const given = field(json, "baseUrl");
  const base =
    typeof given === "string" && URL.canParse(given) && /^https?:$/.test(new URL(given).protocol)
      ? checkBaseUrl(given, baseUrlSetting)
      : undefined;
  if (base?.problem) problems.unshift(base.problem);
  // A wrong --base-url alone is the command line's problem, not the file's.
  if (base?.problem && problems.length === 1 && baseUrlSetting === "--base-url")
    throw new ConfigError(base.problem);
  if (!result.success || problems.length > 0)
    throw new ConfigError(formatConfigProblems(file, problems));
  const data = result.data;
  const baseUrl = base?.baseUrl ?? data.baseUrl.replace(/\/+$/, "");
  const token = env[data.tokenEnv] ? env[data.tokenEnv] : undefined;
  if (token !== undefined) assertTokenTransport(file, baseUrl, data.tokenEnv, baseUrlSetting);
  // From here on every message, snapshot and page has the token redacted, should a server echo it.
  addSecret(token);
  return {
    file,
    baseUrl,
    token,
    tokenEnv: data.tokenEnv,
    authScheme: data.authScheme,
    baseUrlSetting,
    notes: base?.note ? [`${inFile(file, baseUrlSetting)}${base.note}`] : [],
    translations: triplesOf(data.translations),
    // A catalog folder is read relative to the config file, wherever the tool runs.
    site: data.site.catalog
      ? { ...data.site, catalog: resolve(dirname(file), data.site.catalog) }
      : data.site,
    crawl: data.crawl,
    history: data.history,
    check: data.check,
  };
}

/** The configured triples, each once, in order. */
function triplesOf(entries: readonly (string | Triple)[]): Triple[] {
  const seen = new Map<string, Triple>();
  for (const entry of entries) {
    const triple = typeof entry === "string" ? parseTripleString(entry).triple : entry;
    // The schema refused it already.
    if (!triple) throw new Error(`unchecked triple ${JSON.stringify(entry)}`);
    seen.set(tripleKey(triple), triple);
  }
  return [...seen.values()].sort(compareTriples);
}

/**
 * A user name or password in `baseUrl` would be sent to the server in the clear of every log and
 * shown in the snapshot and on every page: refused, without repeating it (it is registered as a
 * secret first, so no later message can show it either).
 */
function assertNoCredentials(json: unknown, file: string, setting: BaseUrlSetting): void {
  const baseUrl = field(json, "baseUrl");
  // Not an address at all: the schema says what is wrong with it.
  if (typeof baseUrl !== "string" || !URL.canParse(baseUrl)) return;
  const url = new URL(baseUrl);
  if (url.username === "" && url.password === "") return;
  for (const part of [url.username, url.password]) {
    addSecret(part);
    try {
      addSecret(decodeURIComponent(part));
    } catch {
      // not percent-encoded text: registered as it is
    }
  }
  throw new ConfigError(
    `${inFile(file, setting)}${setting} holds a user name or password; remove them (the API ` +
      `token goes in the environment variable named by "tokenEnv")`,
  );
}

/** The token may travel over plain http only to this machine; refuse before any request. */
export function assertTokenTransport(
  file: string,
  baseUrl: string,
  tokenEnv: string,
  setting: BaseUrlSetting,
): void {
  const url = new URL(baseUrl);
  if (url.protocol === "https:" || isLoopbackHost(url.hostname)) return;
  throw new ConfigError(
    `${inFile(file, setting)}${setting} is plain http:// to ${url.hostname}, and ${tokenEnv} ` +
      `is set; the token would cross the network unencrypted. Use https:// or unset ${tokenEnv}`,
  );
}

/** "config FILE: " before a message about the base address when the file set it, else "". */
function inFile(file: string, setting: BaseUrlSetting): string {
  return setting === "--base-url" ? "" : `config ${file}: `;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Every problem of a config, one line each (a line per problem reads and greps better than a
 * count of the ones left out): the first names the file and how many there are.
 */
function formatConfigProblems(file: string, problems: readonly string[]): string {
  if (problems.length === 1) return `config ${file}: ${problems[0]}`;
  return [`config ${file}: ${problems.length} problems`, ...problems.map((p) => `  ${p}`)].join(
    "\n",
  );
}

/** The keys each object of the config allows, for "unknown key" messages. */
const ALLOWED_KEYS: Record<string, string[]> = {
  "": Object.keys(configSchema.shape),
  site: Object.keys(siteOptionsSchema.shape),
  "site.thresholds": Object.keys(thresholdsSchema.shape),
  crawl: Object.keys(crawlOptionsSchema.shape),
  history: Object.keys(historyOptionsSchema.shape),
  check: Object.keys(checkOptionsSchema.shape),
  translations: ["project", "component", "language"],
};

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    const where = issue.path.length ? ` in "${formatPath(issue.path)}"` : "";
    const allowed = ALLOWED_KEYS[issue.path.filter((k) => typeof k === "string").join(".")];
    // Each key with its own suggestion: "a" (did you mean "b"?), "c".
    const guess = (key: string) => (allowed ? didYouMean(closestNames(key, allowed, 1)) : "");
    const them = issue.keys.length > 1;
    const keys = issue.keys
      .map((k) => `"${k}"${them && guess(k) ? ` (${guess(k)})` : ""}`)
      .join(", ");
    const single = issue.keys.length === 1 ? guess(issue.keys[0] ?? "") : "";
    return (
      `unknown key${them ? "s" : ""} ${keys}${where}; ${single ? `${single} ` : ""}` +
      `${them ? "remove them or check their spelling" : "remove it or check its spelling"}` +
      `${allowed ? ` (allowed: ${allowed.join(", ")})` : ""}`
    );
  }
  if (issue.code === "invalid_union") {
    // Report the branch that got furthest: the string branch for strings, the object branch for
    // objects.
    const wrongType = (errs: z.core.$ZodIssue[]) =>
      errs.length === 1 && must(errs[0]).code === "invalid_type" && must(errs[0]).path.length === 0;
    const inner = issue.errors.find((errs) => !wrongType(errs))?.[0];
    if (inner)
      // A spread of zod's issue union is no longer one of its members to the type checker.
      return describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue);
  }
  const at = issue.path.length ? `"${formatPath(issue.path)}"` : "the top level";
  if (issue.input === undefined && issue.code === "invalid_type") {
    return issue.message.startsWith("missing")
      ? `${at}: ${issue.message}`
      : `${at}: missing; expected ${issue.expected}`;
  }
  const found =
    issue.input !== undefined && !issue.message.includes("found")
      ? `, found ${JSON.stringify(issue.input)}`
      : "";
  return `${at}: ${issue.message}${found}`;
}
