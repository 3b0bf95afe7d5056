#!/usr/bin/env bash
# Weblate's own client, wlc, against `npm run stand-in` in each server generation it serves: every
# command must exit 0 with nothing on stderr. Prints one line per command and a closing line
# "wlc: N passed, N failed"; exits 1 when any failed (or wlc is missing).
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v wlc >/dev/null 2>&1; then
  echo "wlc: not installed (apt-get install wlc)"
  echo "wlc: 0 passed, 1 failed"
  exit 1
fi

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
passed=0
failed=0
for shape in 2026 4; do
  log="$home/stand-in-$shape.log"
  node --import tsx src/demo/serve.ts --port 0 --shape "$shape" >"$log" 2>&1 &
  pid=$!
  url=""
  for _ in $(seq 1 100); do
    url=$(sed -n 's/^listening \(http[^ ]*\).*/\1/p' "$log")
    [ -n "$url" ] && break
    sleep 0.2
  done
  if [ -z "$url" ]; then
    echo "wlc $shape: the stand-in did not start: $(cat "$log")"
    failed=$((failed + 1))
    kill "$pid" 2>/dev/null
    continue
  fi
  while read -r command; do
    if out=$(HOME="$home" XDG_CONFIG_HOME="$home/.config" wlc --url "$url/api/" $command 2>&1 >/dev/null) && [ -z "$out" ]; then
      echo "ok   wlc $shape: $command"
      passed=$((passed + 1))
    else
      echo "FAIL wlc $shape: $command: $(echo "$out" | tail -1)"
      failed=$((failed + 1))
    fi
  done <<'COMMANDS'
list-projects
list-components
list-translations
list-languages
ls orbit-notes
show orbit-notes/application/de
stats orbit-notes
stats orbit-notes/application
stats orbit-notes/application/de
COMMANDS
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
done
echo "wlc: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
