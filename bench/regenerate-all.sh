#!/usr/bin/env bash
# Regenerates every table and plot of docs/performance.md in one command: the
# runtime against Tokio (bench/runtime/regenerate.sh), the poll cost of
# generated code against hand-written (bench/poll/regenerate.sh) and the
# tool's time against the parse (bench/tool/scaling.py, then its plot).
#
#     UNAWAIT_EXECUTABLE=build/bin/unawait bench/regenerate-all.sh      # from the repository root
#     SMOKE=1 UNAWAIT_EXECUTABLE=build/bin/unawait bench/regenerate-all.sh
#
# A full run is long (tens of minutes on 2 cores); run it on an otherwise idle
# machine. SMOKE=1 runs each part once at a tiny size (one round, small
# counts) to show that the pipeline works: its numbers mean nothing, and it
# writes its results under /tmp/unawait-smoke instead of the repository.
# Each part's own variables (ROUNDS, TASKS, SLEEPS, RUNS, REPETITIONS,
# MIN_TIME, ITERATIONS, JOBS, build directories) are passed through; COUNTS, TOOL_ROUNDS
# and PLAIN_LINES set the tool-scaling run.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${UNAWAIT_EXECUTABLE:?set UNAWAIT_EXECUTABLE to a built unawait tool (build/bin/unawait)}"
export UNAWAIT_EXECUTABLE
if [ -n "${SMOKE:-}" ]; then
  export ROUNDS=1 TASKS=2000 SLEEPS=20 RUNS=1 REPETITIONS=1 MIN_TIME=0.001 ITERATIONS=50
  export RESULTS_DIR=${RESULTS_DIR:-/tmp/unawait-smoke}
  COUNTS=${COUNTS:-2,4}
  TOOL_ROUNDS=${TOOL_ROUNDS:-1}
  PLAIN_LINES=${PLAIN_LINES:-200}
fi
COUNTS=${COUNTS:-10,100,400,2000}
TOOL_ROUNDS=${TOOL_ROUNDS:-3}
PLAIN_LINES=${PLAIN_LINES:-5000}
tool_results=${RESULTS_DIR:-bench/tool/results}
images=${RESULTS_DIR:-docs/images}
mkdir -p "$tool_results" "$images"

bench/runtime/regenerate.sh
bench/poll/regenerate.sh
python3 bench/tool/scaling.py --unawait "$UNAWAIT_EXECUTABLE" --runtime-include runtime/include \
  --counts "$COUNTS" --plain-lines "$PLAIN_LINES" --rounds "$TOOL_ROUNDS" \
  --json "$tool_results/tool-scaling.json" | tee "$tool_results/tool-scaling.txt"
/usr/bin/python3 bench/tool/plot.py "$tool_results/tool-scaling.json" -o "$images/tool-scaling.png"
