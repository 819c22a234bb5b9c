#!/usr/bin/env bash
# Installs Toxiproxy's server (Shopify's TCP proxy that emulates latency, jitter and bandwidth per direction),
# pinned, into <repo>/.cache/toxiproxy, for `yarn bench --network` and the network tests.
#
#   scripts/install-toxiproxy.sh             install (or check) the pinned version
#   scripts/install-toxiproxy.sh --force     install again
#   scripts/install-toxiproxy.sh --print-bin only print the binary's path (exit 1 if not installed)
#
# It is built from the Go module proxy with `go install` (about a minute the first time; Go 1.22 or newer
# must be on PATH), then verified by running it: `-version` must print the pinned version.
# Where it cannot be had, `yarn bench --network` refuses with this script's name, and the network tests skip.
set -euo pipefail

TOXIPROXY_VERSION="2.12.0"
MODULE="github.com/Shopify/toxiproxy/v2/cmd/server"

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${TOXIPROXY_DIR:-$REPO_ROOT/.cache/toxiproxy}"
BIN="$DEST/toxiproxy-server-$TOXIPROXY_VERSION"

log() { printf '[install-toxiproxy] %s\n' "$*"; }
die() { printf '[install-toxiproxy] ERROR: %s\n' "$*" >&2; exit 1; }

installed() {
    [[ -x "$BIN" ]] && "$BIN" -version 2>&1 | grep -q "$TOXIPROXY_VERSION"
}

case "${1:-}" in
    --print-bin)
        installed || exit 1
        echo "$BIN"
        exit 0
        ;;
    --force)
        rm -f "$BIN"
        ;;
    "") ;;
    *) die "unknown argument $1 (use --force or --print-bin)" ;;
esac

if installed; then
    log "toxiproxy-server $TOXIPROXY_VERSION is installed: $BIN"
    exit 0
fi

command -v go >/dev/null 2>&1 || die "no Go toolchain on PATH: install Go 1.22 or newer (https://go.dev/dl/), then run this script again."
mkdir -p "$DEST"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
log "go install $MODULE@v$TOXIPROXY_VERSION (from the Go module proxy; about a minute)"
started=$(date +%s)
GOBIN="$build" go install -trimpath -ldflags "-X github.com/Shopify/toxiproxy/v2.Version=$TOXIPROXY_VERSION" "$MODULE@v$TOXIPROXY_VERSION" || die "go install failed (is the Go module proxy reachable? GOPROXY=$(go env GOPROXY))"
mv "$build/server" "$BIN"
installed || die "$BIN does not report version $TOXIPROXY_VERSION: $("$BIN" -version 2>&1 | head -1)"
log "done in $(( $(date +%s) - started )) s: $("$BIN" -version 2>&1 | head -1) at $BIN"
