// The read-only API's paths as a server receives them, parsed into named routes (the stand-in
// answers by these names). Each segment is decoded once: a component inside categories arrives
// as "docs%252Fusage" and is the component path "docs%2Fusage".

const COLLECTIONS = ["projects", "components", "translations", "languages"] as const;
type Collection = (typeof COLLECTIONS)[number];
const isCollection = (name: string): name is Collection => COLLECTIONS.some((c) => c === name);

export type ApiRoute =
  | { name: "root" }
  | { name: "changes" }
  | { name: "list"; collection: Collection }
  | {
      name: "project";
      project: string;
      sub?: "components" | "statistics" | "languages" | "changes";
    }
  | { name: "component"; project: string; component: string; sub?: "translations" | "statistics" }
  | {
      name: "translation";
      project: string;
      component: string;
      language: string;
      sub?: "statistics";
    }
  | { name: "language"; code: string; sub?: "statistics" };

/** The route of a request path; undefined when the API has no such read-only path. */
export function parseApiPath(pathname: string): ApiRoute | undefined {
  if (!pathname.endsWith("/")) return undefined;
  let parts: string[];
  try {
    parts = pathname
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (parts[0] !== "api") return undefined;
  const [, kind, ...rest] = parts;
  if (kind === undefined) return { name: "root" };
  if (kind === "changes") return rest.length === 0 ? { name: "changes" } : undefined;
  if (!isCollection(kind)) return undefined;
  const [a, b, c, d] = rest;
  if (a === undefined) return { name: "list", collection: kind };
  if (kind === "projects") {
    if (b === undefined) return { name: "project", project: a };
    return !c && (b === "components" || b === "statistics" || b === "languages" || b === "changes")
      ? { name: "project", project: a, sub: b }
      : undefined;
  }
  if (kind === "components") {
    if (b === undefined || d) return undefined;
    if (c === undefined) return { name: "component", project: a, component: b };
    return c === "translations" || c === "statistics"
      ? { name: "component", project: a, component: b, sub: c }
      : undefined;
  }
  if (kind === "translations") {
    if (b === undefined || c === undefined || rest.length > 4) return undefined;
    if (d === undefined) return { name: "translation", project: a, component: b, language: c };
    return d === "statistics"
      ? { name: "translation", project: a, component: b, language: c, sub: d }
      : undefined;
  }
  if (c) return undefined;
  if (b === undefined) return { name: "language", code: a };
  return b === "statistics" ? { name: "language", code: a, sub: b } : undefined;
}
