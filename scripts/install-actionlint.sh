#!/usr/bin/env bash
# Installs actionlint (rhysd's linter of GitHub Actions workflows, and of the metadata of the actions they use), pinned,
# into <repo>/.cache/actionlint, for the test that lints action.yml and the workflows under docs/ci/.
#
#   scripts/install-actionlint.sh             install (or check) the pinned version
#   scripts/install-actionlint.sh --print-bin only print the binary's path (exit 1 if not installed)
#
# Built from the Go module proxy with `go install` (about a minute the first time; Go must be on PATH), then checked by
# running it: `-version` must print the pinned version.
set -euo pipefail

ACTIONLINT_VERSION="1.7.12"
MODULE="github.com/rhysd/actionlint/cmd/actionlint"

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${ACTIONLINT_DIR:-$REPO_ROOT/.cache/actionlint}"
BIN="$DEST/actionlint-$ACTIONLINT_VERSION"

log() { printf '[install-actionlint] %s\n' "$*"; }
die() { printf '[install-actionlint] ERROR: %s\n' "$*" >&2; exit 1; }

installed() {
    [[ -x "$BIN" ]] && "$BIN" -version 2>&1 | head -1 | grep -qx "v$ACTIONLINT_VERSION"
}

case "${1:-}" in
    --print-bin)
        installed || exit 1
        echo "$BIN"
        exit 0
        ;;
    "") ;;
    *) die "unknown argument $1 (use --print-bin)" ;;
esac

if installed; then
    log "actionlint $ACTIONLINT_VERSION is installed: $BIN"
    exit 0
fi

command -v go >/dev/null 2>&1 || die "no Go toolchain on PATH: install Go (https://go.dev/dl/), then run this script again."
mkdir -p "$DEST"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
log "go install $MODULE@v$ACTIONLINT_VERSION (from the Go module proxy; about a minute)"
started=$(date +%s)
GOBIN="$build" go install -trimpath "$MODULE@v$ACTIONLINT_VERSION" \
    || die "go install failed (is the Go module proxy reachable? GOPROXY=$(go env GOPROXY))"
mv "$build/actionlint" "$BIN"
installed || die "$BIN does not report version $ACTIONLINT_VERSION: $("$BIN" -version 2>&1 | head -1)"
log "done in $(( $(date +%s) - started )) s: $BIN"
