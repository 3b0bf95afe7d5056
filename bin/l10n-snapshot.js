#!/usr/bin/env node
// The command `l10n-snapshot`: runs the bundle dist/cli.js (made by `npm run bundle` and
// committed, so a clone and the published package run the same file with no build step).
import "../dist/cli.js";
