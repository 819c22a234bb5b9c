#!/usr/bin/env bash
# Checks README's Quick start the way a new user meets it: a fresh clone of this checkout's committed HEAD, empty
# yarn and npm caches, then README's own commands, read from README.md itself (the committed one), so README and this
# check cannot drift apart: every line of the ```sh blocks between the comments
#
#   <!-- check-cold-install ... -->   and   <!-- /check-cold-install -->
#
# in README's Quick start, in order, each in the clone (blank lines and lines starting with # skipped, a trailing
# "  # comment" dropped). Today that is install-prerequisites.sh, yarn install --frozen-lockfile and yarn bench;
# the optional `yarn test` step of Quick start is outside the marked part and is not run. The check fails unless
# every command succeeded and the run folder yarn bench wrote (the newest bench-results/*/ in the clone) has
# report.md and report.html, and its run.json has `vscode-server` (code-server) and `theia-browser` "measured" and no
# host "failed" (a host that cannot run here, such as Electron without its binary, is "skipped" and is fine).
#
#   scripts/check-cold-install.sh           run it; the clone is removed on success, kept on failure
#   scripts/check-cold-install.sh --keep    keep the clone (and its caches and bench output) anyway
#   scripts/check-cold-install.sh --print   print the commands it would run, read from README, and exit
#   scripts/check-cold-install.sh --help
#
# It takes as long as those steps (README gives each step's time: about 10 minutes in all with a full yarn bench) and
# needs a quiet machine. Assumed installed, as scripts/install-prerequisites.sh does (README's first step, which
# then does nothing): the system packages (toolchain, libkrb5-dev, chromium, ripgrep, ...), Node 20 and yarn 1; the
# package registries must be reachable.
#
# Only the clone's files and caches are used: not this checkout's node_modules or .cache/
# (CODE_SERVER_DIR is unset, so code-server installs into the clone's .cache/). Only the yarn and
# npm caches start empty; other per-user caches (e.g. ~/.cache/electron) are as they are.
# Uncommitted changes are not in the clone (nor in the README it reads): commit first to check them.
#
# Every process a step starts carries FS_PERF_COLD_CHECK=<work folder> in its environment; any
# still running when the step ends, or when this script ends (also on Ctrl-C), is stopped by its
# PID, and one left behind by a step that succeeded makes the check fail.
set -euo pipefail

log() { printf '[check-cold-install] %s\n' "$*"; }
die() { printf '[check-cold-install] ERROR: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '2,/^set -euo pipefail/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; }

KEEP=0
PRINT=0
for argument in "$@"; do
  case "$argument" in
    --keep) KEEP=1 ;;
    --print) PRINT=1 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument: $argument (use --keep, --print or --help)" ;;
  esac
done

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# README's Quick start commands (stdin: README.md), one a line: the lines of the fenced sh blocks between the
# check-cold-install comments, without blank lines, comment lines and trailing comments.
readme_commands() {
  awk '
    /^[[:space:]]*<!-- check-cold-install/ { marked = 1; next }
    /^[[:space:]]*<!-- \/check-cold-install -->/ { marked = 0; next }
    !marked { next }
    /^[[:space:]]*```/ {
      if (fenced) { fenced = 0 } else if ($0 ~ /^[[:space:]]*```(sh|bash|shell)[[:space:]]*$/) { fenced = 1 }
      next
    }
    fenced {
      line = $0
      sub(/^[[:space:]]+/, "", line)
      sub(/[[:space:]]+#.*$/, "", line)
      sub(/[[:space:]]+$/, "", line)
      if (line != "" && line !~ /^#/) { print line }
    }
  '
}

README_TEXT="$(git -C "$REPO_ROOT" show HEAD:README.md)" || die "no README.md in the committed HEAD of $REPO_ROOT"
mapfile -t COMMANDS < <(printf '%s\n' "$README_TEXT" | readme_commands)
[ "${#COMMANDS[@]}" -gt 0 ] ||
  die "README.md (HEAD) has no sh block between <!-- check-cold-install --> and <!-- /check-cold-install --> in its Quick start"
printf '%s\n' "${COMMANDS[@]}" | grep -qx 'yarn bench\( .*\)\{0,1\}' ||
  die "README's marked Quick start has no 'yarn bench' command, so there is no report to check"
if [ "$PRINT" -eq 1 ]; then
  printf '%s\n' "${COMMANDS[@]}"
  exit 0
fi
for tool in git node yarn; do
  command -v "$tool" >/dev/null || die "'$tool' not found: run scripts/install-prerequisites.sh first (see README)"
done
HEAD_SHA="$(git -C "$REPO_ROOT" rev-parse --verify HEAD)" || die "$REPO_ROOT has no commit to clone"
DIRTY="$(git -C "$REPO_ROOT" status --porcelain --untracked-files=no | wc -l)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/fs-perf-cold-install-XXXXXX")"
CLONE="$WORK/fs-perf"
OUT="$CLONE/bench-results"
RESULT="failed"
STEP_PID="" STEP_NAME="" STEP_START=0
STARTED=$(date +%s)
SUMMARY=()

duration() { local s=$1; if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi; }

# PIDs of the processes that carry this run's marker (started by a step, however deep).
marked_pids() {
  local file pid
  for file in /proc/[0-9]*/environ; do
    pid="${file#/proc/}"
    pid="${pid%/environ}"
    [ "$pid" != "$$" ] || continue
    grep -qzxF "FS_PERF_COLD_CHECK=$WORK" "$file" 2>/dev/null && echo "$pid"
  done
  return 0
}

# Stops the marked processes by PID: SIGTERM (yarn bench then stops its servers), SIGKILL after 15 s.
# Prints how many there were.
stop_marked() {
  local pids pid waited=0
  pids="$(marked_pids)"
  [ -n "$pids" ] || { echo 0; return 0; }
  for pid in $pids; do
    printf '[check-cold-install]   still running: %s %s\n' "$pid" \
      "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-160)" >&2
    kill -TERM "$pid" 2>/dev/null || true
  done
  while [ -n "$(marked_pids)" ] && [ "$waited" -lt 15 ]; do sleep 1; waited=$((waited + 1)); done
  for pid in $(marked_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  echo "$pids" | wc -l
}

finish() {
  local code=$? left
  trap - EXIT INT TERM
  if [ -n "$STEP_PID" ]; then
    kill -TERM "$STEP_PID" 2>/dev/null || true
    SUMMARY+=("$STEP_NAME: interrupted after $(duration $(($(date +%s) - STEP_START)))")
  fi
  left="$(stop_marked)"
  [ "$left" -eq 0 ] || log "stopped $left process(es) left by the interrupted step"
  echo
  log "summary (HEAD $HEAD_SHA):"
  for line in "${SUMMARY[@]}"; do log "  $line"; done
  log "  total: $(duration $(($(date +%s) - STARTED)))"
  if [ "$RESULT" = "passed" ] && [ "$code" -eq 0 ]; then
    if [ "$KEEP" -eq 1 ]; then
      log "PASSED; kept (--keep): clone $CLONE, bench output $OUT, caches in $WORK"
    else
      rm -rf "$WORK"
      log "PASSED; removed $WORK"
    fi
  else
    log "FAILED; kept for a look: clone $CLONE, bench output $OUT, yarn/npm caches in $WORK (remove with: rm -rf $WORK)"
    [ "$code" -ne 0 ] || code=1
  fi
  exit "$code"
}
trap finish EXIT
trap 'log "interrupted"; exit 130' INT TERM

# Runs one step (a command, in $CLONE unless it is the clone) with the cold environment, times it,
# and fails the check if it fails or leaves a process behind.
step() {
  local name="$1" start rc=0 left
  shift
  echo
  log "step: $name: $*"
  start=$(date +%s)
  STEP_NAME="$name" STEP_START="$start"
  (
    [ ! -d "$CLONE" ] || cd "$CLONE"
    exec env -u CODE_SERVER_DIR \
      FS_PERF_COLD_CHECK="$WORK" \
      YARN_CACHE_FOLDER="$WORK/yarn-cache" \
      npm_config_cache="$WORK/npm-cache" \
      "$@"
  ) </dev/null &
  STEP_PID=$!
  wait "$STEP_PID" || rc=$?
  STEP_PID=""
  left="$(stop_marked)"
  SUMMARY+=("$name: $(duration $(($(date +%s) - start)))$([ "$rc" -eq 0 ] || echo " (exit $rc)")")
  log "step: $name: $([ "$rc" -eq 0 ] && echo done || echo "FAILED (exit $rc)") in $(duration $(($(date +%s) - start)))"
  if [ "$left" -ne 0 ]; then
    SUMMARY+=("$name left $left process(es) running (stopped)")
    [ "$rc" -ne 0 ] || die "$name left $left process(es) running (stopped now; listed above)"
  fi
  return "$rc"
}

log "work folder: $WORK"
log "cold check of HEAD $HEAD_SHA ($(git -C "$REPO_ROOT" log -1 --format=%s HEAD | cut -c1-70))"
[ "$DIRTY" -eq 0 ] ||
  log "note: $DIRTY uncommitted change(s) in $REPO_ROOT are not in the clone (it has the committed HEAD)"
log "node $(node --version), yarn $(yarn --version), npm $(npm --version 2>/dev/null || echo '?'); prerequisites assumed installed (scripts/install-prerequisites.sh)"
mkdir -p "$WORK/yarn-cache" "$WORK/npm-cache"

step "git clone" git clone --quiet --no-hardlinks "$REPO_ROOT" "$CLONE"
step "checkout HEAD" git -C "$CLONE" checkout --quiet --detach "$HEAD_SHA"
log "README's Quick start commands (HEAD's README.md):"
for command in "${COMMANDS[@]}"; do log "  $command"; done
bench_rc=0
for command in "${COMMANDS[@]}"; do
  rc=0
  step "$command" bash -c "$command" || rc=$?
  [ "$rc" -eq 0 ] || case "$command" in
    "yarn bench"*) bench_rc=$rc ;;   # its run.json below says which host failed and why
    *) die "README's Quick start command failed (exit $rc): $command" ;;
  esac
done

# ---- did yarn bench write its report and measure the hosts this machine has? ----------------
echo
RUN_FOLDER="$(ls -1td "$OUT"/*/ 2>/dev/null | head -n 1)"
RUN_FOLDER="${RUN_FOLDER%/}"
[ -n "$RUN_FOLDER" ] && [ -f "$RUN_FOLDER/run.json" ] || die "yarn bench wrote no run folder with a run.json under $OUT"
log "run folder: $RUN_FOLDER"
for report in report.md report.html; do
  [ -s "$RUN_FOLDER/$report" ] || die "yarn bench wrote no $report in $RUN_FOLDER"
done
node -e '
  const run = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const hosts = new Map((run.hosts || []).map(outcome => [outcome.host, outcome]));
  const problems = [];
  for (const outcome of hosts.values()) {
    console.log(`[check-cold-install]   ${outcome.host}: ${outcome.status} in ${outcome.seconds} s${outcome.reason ? ": " + outcome.reason : ""}`);
    if (outcome.status === "failed") { problems.push(`${outcome.host} failed`); }
  }
  for (const host of ["vscode-server", "theia-browser"]) {
    const outcome = hosts.get(host);
    if (!outcome || outcome.status !== "measured") { problems.push(`${host} was not measured (${outcome ? outcome.status : "not in run.json"})`); }
  }
  if (problems.length > 0) { console.error("[check-cold-install] ERROR: " + problems.join("; ")); process.exit(1); }
' "$RUN_FOLDER/run.json" || die "the cold run did not measure the hosts this machine has (see $RUN_FOLDER/run.json)"
[ "$bench_rc" -eq 0 ] || die "yarn bench exited $bench_rc"
RESULT="passed"
