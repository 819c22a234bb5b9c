#!/usr/bin/env bash
# Installs a real VS Code server (code-server, from the npm registry) into
# <repo>/.cache/code-server, for the headless VS Code tests.
#
#   scripts/install-code-server.sh            install (or check) the pinned version
#   scripts/install-code-server.sh --force    wipe and reinstall
#   scripts/install-code-server.sh --print-bin  only print the entry point path (exit 1 if not installed)
#
# Result: <repo>/.cache/code-server/node_modules/code-server/out/node/entry.js
# (also linked as <repo>/.cache/code-server/node_modules/.bin/code-server).
# Run it with private XDG_CONFIG_HOME / XDG_DATA_HOME: even `--version` writes there.
#
# code-server 4.100.3 bundles VS Code 1.100.3 and is the newest release that
# accepts Node 20 (its postinstall insists on Node 20 exactly).
#
# Workarounds for a machine that reaches only the package registries:
#  - root: npm needs --unsafe-perm (code-server's postinstall checks
#    npm_config_unsafe_perm and runs `npm install` in lib/vscode and lib/vscode/extensions);
#  - node-pty's install script runs `npx node-gyp`: npm_config_yes=true so npx does not prompt;
#  - @vscode/ripgrep 1.15.11's postinstall downloads rg from GitHub: we prefill its
#    download cache ($TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-<target>.tar.gz)
#    with a tarball holding the system `rg` at its top level (Debian package `ripgrep`);
#  - native modules (node-pty, kerberos, spdlog, argon2, ...) build with node-gyp against the
#    local Node headers (npm_config_nodedir, if /usr/include/node has them) because node-gyp
#    cannot download headers; kerberos needs Debian `libkrb5-dev`.
#  - npm 11 lists dependencies with install scripts as "install-scripts" warnings; it still
#    runs them (only packages denied in an allowScripts policy are skipped) unless
#    strict-allow-scripts is set: we set npm_config_dangerously_allow_all_scripts=true anyway,
#    so a machine whose npm config is stricter still runs code-server's postinstall.
#
# The same tree whoever calls it (a shell, CI, `yarn bench`, `npm run`): see "the caller's
# package manager" below.
set -euo pipefail

CODE_SERVER_VERSION="4.100.3"
RIPGREP_PKG_VERSION="1.15.11"     # @vscode/ripgrep pinned by code-server 4.100.3's lib/vscode/npm-shrinkwrap.json
RIPGREP_ASSET_VERSION="v13.0.0-10" # VERSION in that package's lib/postinstall.js
REQUIRED_NODE_MAJOR="20"

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${CODE_SERVER_DIR:-$REPO_ROOT/.cache/code-server}"
PKG_DIR="$DEST/node_modules/code-server"
ENTRY="$PKG_DIR/out/node/entry.js"
MARKER="$DEST/.installed-$CODE_SERVER_VERSION"
LOG="$DEST/install.log"

log() { printf '[install-code-server] %s\n' "$*"; }
die() { printf '[install-code-server] ERROR: %s\n' "$*" >&2; exit 1; }

# ---- the caller's package manager ------------------------------------------------------
# code-server's postinstall (node_modules/code-server/postinstall.sh, install_with_yarn_or_npm)
# installs lib/vscode and lib/vscode/extensions with the package manager named by
# $npm_config_user_agent: "npm*" runs `npm install --unsafe-perm --omit=dev`, which follows their
# npm-shrinkwrap.json (@vscode/ripgrep 1.15.11 for 4.100.3); "yarn*" runs
# `yarn --production --frozen-lockfile --no-default-rc`, which ignores npm-shrinkwrap.json and has
# no yarn.lock there, so every version floats (e.g. @vscode/ripgrep 1.18.0, whose rg lives in a
# separate package). npm takes npm_config_* from the environment as its own configuration, so
# under `yarn bench` yarn's user agent (and its registry, and every setting it copied from the
# .npmrc files) reached that postinstall. When a package manager started us, drop what it set:
# npm_* and YARN_*/yarn_* variables, INIT_CWD, NODE, and its PATH entries (node_modules/.bin,
# node-gyp-bin, yarn's /tmp/yarn--* shims). npm then reads the user's .npmrc files itself and
# sets its own user agent for the postinstall. Kept: npm_config_cache, npm_config_userconfig and
# npm_config_globalconfig (where the cache and the config files are: they change no version).
CALLER=""
if [ -n "${npm_config_user_agent:-}${npm_execpath:-}${npm_lifecycle_event:-}" ]; then
  CALLER="${npm_config_user_agent:-${npm_execpath:-a package manager}}"
  CALLER="${CALLER%% *}"
  cleared=()
  for name in $(compgen -e); do
    case "${name,,}" in
      npm_config_cache | npm_config_userconfig | npm_config_globalconfig) ;;
      npm_* | yarn_* | init_cwd) cleared+=("$name") ;;
      node) [ "${NODE:-}" = "${npm_node_execpath:-}" ] && cleared+=("$name") ;;
    esac
  done
  for name in "${cleared[@]}"; do unset "$name"; done
  kept_path="" dropped_path=0
  IFS=':' read -r -a path_entries <<<"$PATH"
  for entry in "${path_entries[@]}"; do
    case "$entry" in
      */node_modules/.bin | */node-gyp-bin | */yarn--*) dropped_path=$((dropped_path + 1)) ;;
      *) kept_path="${kept_path:+$kept_path:}$entry" ;;
    esac
  done
  export PATH="$kept_path"
  CALLER="started by $CALLER: cleared ${#cleared[@]} variable(s) and $dropped_path PATH entries it set"
fi

FORCE=0
case "${1:-}" in
  --force) FORCE=1 ;;
  --print-bin)
    [ -f "$MARKER" ] && [ -f "$ENTRY" ] || exit 1
    echo "$ENTRY"; exit 0 ;;
  "") ;;
  *) die "unknown argument: $1 (use --force or --print-bin)" ;;
esac

# Runs `code-server --version` with throwaway XDG dirs (it writes config there), prints its first line.
probe_version() {
  local xdg rc=0 out
  xdg="$(mktemp -d)"
  out="$(env HOME="$xdg/home" XDG_CONFIG_HOME="$xdg/config" XDG_DATA_HOME="$xdg/data" \
    XDG_CACHE_HOME="$xdg/cache" XDG_STATE_HOME="$xdg/state" \
    timeout 60 node "$ENTRY" --version 2>&1)" || rc=$?
  rm -rf "$xdg"
  [ "$rc" -eq 0 ] || return 1
  # first line is a log line ("info  Wrote default config file ..."); keep the version line
  printf '%s\n' "$out" | grep -E '^[0-9]+\.[0-9]+\.[0-9]+ ' | head -n 1
}

# ---- fast path: already installed -----------------------------------------------------
if [ "$FORCE" -eq 0 ] && [ -f "$MARKER" ] && [ -f "$ENTRY" ]; then
  if v="$(probe_version)" && [ "${v%% *}" = "$CODE_SERVER_VERSION" ]; then
    log "code-server $v already installed: $ENTRY"
    exit 0
  fi
  log "existing install in $DEST does not run; reinstalling"
fi

# ---- prerequisites --------------------------------------------------------------------
START=$(date +%s)
command -v node >/dev/null || die "node not found"
command -v npm >/dev/null || die "npm not found"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
[ "$NODE_MAJOR" = "$REQUIRED_NODE_MAJOR" ] ||
  die "code-server $CODE_SERVER_VERSION needs Node $REQUIRED_NODE_MAJOR, this is Node $(node --version)"
RG="$(command -v rg || true)"
[ -n "$RG" ] || die "ripgrep (rg) not found: install the Debian package 'ripgrep' (apt-get install ripgrep)"
for tool in make g++ python3 tar gzip; do
  command -v "$tool" >/dev/null || die "'$tool' not found (needed to build native modules)"
done
if ! command -v krb5-config >/dev/null && [ ! -f /usr/include/gssapi/gssapi.h ]; then
  die "Kerberos headers missing: install the Debian package 'libkrb5-dev'"
fi

case "$(node -p process.arch)" in
  x64) RG_TARGET="x86_64-unknown-linux-musl" ;;
  arm64) RG_TARGET="aarch64-unknown-linux-musl" ;;
  *) die "unsupported architecture $(node -p process.arch)" ;;
esac
[ "$(uname -s)" = "Linux" ] || die "this script supports Linux only"

log "installing code-server $CODE_SERVER_VERSION (VS Code 1.100.x) into $DEST"
[ -z "$CALLER" ] || log "$CALLER (so npm installs as from a shell)"
# only ever wipe a folder this script made (guards against a mistaken CODE_SERVER_DIR)
if [ -e "$DEST" ] && [ -n "$(ls -A "$DEST" 2>/dev/null)" ] &&
   ! grep -q '"fsperf-code-server-cache"' "$DEST/package.json" 2>/dev/null; then
  die "$DEST exists and was not made by this script; remove it or set CODE_SERVER_DIR"
fi
rm -rf "$DEST"
mkdir -p "$DEST/tmp"

# ---- prefill @vscode/ripgrep's download cache with the system rg ------------------------
# download.js: tmpDir = os.tmpdir()/vscode-ripgrep-cache-<pkg version>; asset
# ripgrep-<VERSION>-<target>.tar.gz is used as is when present, then `tar xvf asset -C bin/`
# must leave bin/rg.
export TMPDIR="$DEST/tmp"
RG_CACHE="$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
mkdir -p "$RG_CACHE" "$DEST/tmp/rg-stage"
cp "$(readlink -f "$RG")" "$DEST/tmp/rg-stage/rg"
chmod 755 "$DEST/tmp/rg-stage/rg"
tar -czf "$RG_CACHE/ripgrep-$RIPGREP_ASSET_VERSION-$RG_TARGET.tar.gz" -C "$DEST/tmp/rg-stage" rg
log "prefilled ripgrep cache with $RG ($("$RG" --version | head -n 1))"

# ---- npm install ------------------------------------------------------------------------
cat > "$DEST/package.json" <<EOF
{
  "name": "fsperf-code-server-cache",
  "private": true,
  "description": "Generated by scripts/install-code-server.sh; safe to delete.",
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" }
}
EOF

export npm_config_yes=true                       # node-pty: `npx node-gyp`
export npm_config_unsafe_perm=true               # code-server's postinstall checks this as root
export npm_config_dangerously_allow_all_scripts=true # npm >= 11.x allowScripts policy: run them all
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/common.gypi ]; then
  export npm_config_nodedir=/usr                 # node-gyp: local headers, no download
fi
# VS Code's own telemetry/download hooks are not used by the npm install; keep the
# child `npm install`s (lib/vscode, lib/vscode/extensions) quiet about updates too.

log "npm install (takes about 1-3 minutes; log: $LOG)"
if ! (cd "$DEST" && npm install --unsafe-perm --omit=dev --no-audit --no-fund \
        --foreground-scripts --loglevel=info >"$LOG" 2>&1); then
  tail -n 60 "$LOG" >&2
  die "npm install failed; full log: $LOG"
fi

# ---- verify ---------------------------------------------------------------------------
# Ask the installed code what it will use, the way VS Code finds it: its search runs
# `require('@vscode/ripgrep').rgPath` (with node_modules.asar -> node_modules.asar.unpacked),
# resolved from lib/vscode; its terminals load node-pty from there; the built-in TypeScript
# extension uses lib/vscode/extensions/node_modules/typescript. The versions must be the ones
# pinned in their npm-shrinkwrap.json (they are not when the postinstall used another manager).
[ -f "$ENTRY" ] || die "missing $ENTRY after install"
if ! report="$(cd "$PKG_DIR/lib/vscode" && node -e '
  const path = require("path"), fs = require("fs"), { execFileSync } = require("child_process");
  const vscode = process.cwd(), extensions = path.join(vscode, "extensions");
  const found = [], problems = [];
  // Resolves `name` as code in `from` would; returns its entry point and version, and checks the
  // version against the pin in from/npm-shrinkwrap.json.
  function lookUp(name, from) {
    let main;
    try { main = require.resolve(name, { paths: [from] }); } catch (error) {
      problems.push(`${name} is missing: it cannot be resolved from ${from} (${error.code})`);
      return undefined;
    }
    let dir = path.dirname(main);
    const own = d => fs.existsSync(path.join(d, "package.json")) && require(path.join(d, "package.json")).name === name;
    while (!own(dir) && dir !== path.dirname(dir)) { dir = path.dirname(dir); }
    const version = own(dir) ? require(path.join(dir, "package.json")).version : "(version unknown)";
    let pin;
    try { pin = require(path.join(from, "npm-shrinkwrap.json")).packages["node_modules/" + name].version; } catch {
      problems.push(`${from}/npm-shrinkwrap.json has no pin for ${name}`);
    }
    if (pin && pin !== version) {
      problems.push(`${name} ${version} in ${dir}, but npm-shrinkwrap.json pins ${pin} (was the postinstall run by npm?)`);
    }
    return { main, version };
  }
  const rg = lookUp("@vscode/ripgrep", vscode);
  if (rg) {
    const rgPath = require(rg.main).rgPath.replace(/\bnode_modules\.asar\b/, "node_modules.asar.unpacked");
    try {
      const first = execFileSync(rgPath, ["--version"], { encoding: "utf8" }).split("\n")[0];
      found.push(`@vscode/ripgrep ${rg.version}: rgPath ${rgPath} runs (${first})`);
    } catch (error) {
      problems.push(`@vscode/ripgrep ${rg.version}: its rgPath ${rgPath} does not run (${error.code || error.message})`);
    }
  }
  const pty = lookUp("node-pty", vscode);
  if (pty) {
    try {
      if (typeof require(pty.main).spawn !== "function") { throw new Error("it has no spawn()"); }
      found.push(`node-pty ${pty.version}: loads`);
    } catch (error) {
      problems.push(`node-pty ${pty.version} does not load: ${error.message.split("\n")[0]}`);
    }
  }
  const ts = lookUp("typescript", extensions);
  if (ts) { found.push(`typescript ${ts.version} (built-in extensions)`); }
  for (const line of found) { console.log(line); }
  for (const line of problems) { console.log("PROBLEM: " + line); }
  process.exit(problems.length > 0 ? 1 : 0);
' 2>&1)"; then
  printf '%s\n' "$report" >&2
  die "code-server's postinstall did not leave VS Code's dependencies as they must be (PROBLEM lines above; install log: $LOG)"
fi
printf '%s\n' "$report" | while IFS= read -r line; do log "  $line"; done
v="$(probe_version)" || die "code-server does not run: node $ENTRY --version failed"
[ "${v%% *}" = "$CODE_SERVER_VERSION" ] || die "unexpected version: $v"
rm -rf "$DEST/tmp"
touch "$MARKER"
log "done in $(( $(date +%s) - START )) s: code-server $v"
log "entry point: $ENTRY"
