// One `l10n-snapshot render` run, in its own process so that its wall time includes starting up
// (as Hugo's does) and its peak RSS is its own. Prints the exit code and the peak RSS as JSON.
import { main } from "../src/cli/main.js";
import { peakRssMb } from "./measure.js";

// A third argument: a config file whose site options (site.locales) the render uses.
const [snapshotFile, outDir, configFile] = process.argv.slice(2) as [string, string, string?];
const config = configFile ? ["--config", configFile] : [];
const exitCode = await main(
  ["render", "--snapshot", snapshotFile, "--out", outDir, "--quiet", ...config],
  {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  },
);
// CPU time of every thread of the process (libuv's file-system threads too): a figure the other
// jobs of the machine do not stretch as they stretch wall time.
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({ exitCode, peakRssMb: peakRssMb(), cpuSeconds: (cpu.user + cpu.system) / 1e6 }),
);
