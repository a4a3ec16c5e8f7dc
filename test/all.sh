#!/usr/bin/env bash
# `npm test` after the build: the lint beside the suite (the lint is one core's work for a minute
# and a half, while the suite spends much of its time waiting on timers and child processes), then
# the whole-service suites again on PostgreSQL. Any failure fails the run; the lint's report is
# printed once it is done.
set -uo pipefail
cd "$(dirname "$0")/.."

report="$(mktemp)"
trap 'rm -f "$report"' EXIT
npm run lint --silent >"$report" 2>&1 &
lint=$!

npx mocha
suite=$?

wait "$lint"
linted=$?
if [ "$linted" -ne 0 ]; then
  cat "$report"
  echo "the lint failed" >&2
fi
[ "$suite" -eq 0 ] && [ "$linted" -eq 0 ] || exit 1

node dist/test/support/wholeServiceOnPostgres.js
