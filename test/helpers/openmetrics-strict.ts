import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The Prometheus project's own OpenMetrics parser (client_python's
// prometheus_client.openmetrics.parser, Debian's python3-prometheus-client): strict where the npm
// text-format parser is lenient (the "# EOF" line, blank lines, names clashing with a family's
// suffixes, the UNIT suffix, escapes).

const PYTHON = "/usr/bin/python3";
const SCRIPT = `
import json, sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
out = []
for f in text_string_to_metric_families(sys.stdin.read()):
    out.append({"name": f.name, "type": f.type, "unit": f.unit, "help": f.documentation,
                "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in f.samples]})
print(json.dumps(out))
`;

export interface StrictFamily {
  name: string;
  type: string;
  unit: string;
  help: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/** Why the strict parser cannot run here, or undefined. */
export function strictParserMissing(): string | undefined {
  if (!existsSync(PYTHON)) return "no /usr/bin/python3 (apt-get install python3-prometheus-client)";
  const probe = spawnSync(PYTHON, ["-c", "import prometheus_client.openmetrics.parser"]);
  return probe.status === 0
    ? undefined
    : "no prometheus_client for /usr/bin/python3 (apt-get install python3-prometheus-client)";
}

/** The families the strict parser reads; throws with its message when it refuses the text. */
export function parseOpenMetricsStrict(text: string): StrictFamily[] {
  const run = spawnSync(PYTHON, ["-c", SCRIPT], { input: text, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr.trim().split("\n").at(-1));
  const families: StrictFamily[] = JSON.parse(run.stdout);
  return families;
}
