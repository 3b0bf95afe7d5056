// The OpenMetrics text format (the exposition format Prometheus, VictoriaMetrics and others
// scrape): a metric family is "# TYPE", "# HELP" (and "# UNIT" when its name ends in one), then
// its samples, each family's samples together; the file ends with "# EOF". No blank lines. Label
// values escape "\", '"' and line feeds; HELP text the same.

/** A label set: names (fixed here, never from a server) to values (any text). */
export type Labels = readonly (readonly [name: string, value: string])[];

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** A label value or HELP text escaped as the format asks. */
export function escapeOpenMetrics(text: string): string {
  return text.replace(/[\\"\n]/g, (c) => (c === "\\" ? "\\\\" : c === '"' ? '\\"' : "\\n"));
}

/** The lines that open a gauge family. */
export function gaugeHeader(name: string, help: string, unit?: string): string {
  if (!NAME.test(name)) throw new Error(`not a metric name: ${name}`);
  if (unit !== undefined && !name.endsWith(`_${unit}`))
    throw new Error(`${name} must end with its unit ${unit}`);
  const unitLine = unit ? `# UNIT ${name} ${unit}\n` : "";
  return `# TYPE ${name} gauge\n${unitLine}# HELP ${name} ${escapeOpenMetrics(help)}\n`;
}

/** One sample line: `name{a="x",b="y"} 1.5`. */
export function sample(name: string, labels: Labels, value: number): string {
  let set = "";
  for (const [key, v] of labels) set += `${set ? "," : ""}${key}="${escapeOpenMetrics(v)}"`;
  return `${name}${set ? `{${set}}` : ""} ${formatValue(value)}\n`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

export const OPENMETRICS_EOF = "# EOF\n";
