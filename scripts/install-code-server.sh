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
[ -f "$ENTRY" ] || die "missing $ENTRY after install"
VSC="$PKG_DIR/lib/vscode"
for f in \
  "$VSC/node_modules/@vscode/ripgrep/bin/rg" \
  "$VSC/node_modules/node-pty/build/Release/pty.node" \
  "$VSC/extensions/node_modules/typescript/package.json"; do
  [ -e "$f" ] || die "postinstall did not complete: missing $f (see $LOG)"
done
v="$(probe_version)" || die "code-server does not run: node $ENTRY --version failed"
[ "${v%% *}" = "$CODE_SERVER_VERSION" ] || die "unexpected version: $v"
rm -rf "$DEST/tmp"
touch "$MARKER"
log "done in $(( $(date +%s) - START )) s: code-server $v"
log "entry point: $ENTRY"
