#!/usr/bin/env bash
# Installs the system packages this repository needs on Debian/Ubuntu, and yarn 1.
# Idempotent: does nothing (and needs no network) when everything is present.
# Other systems: see README.md, "Prerequisites".
set -euo pipefail

# Why each package is here:
#   build-essential, python3, pkg-config: node-gyp builds of native modules (keytar, drivelist, node-pty, native-keymap)
#   libsecret-1-dev:  keytar (@theia/core, code-server)
#   libxkbfile-dev:   native-keymap (Theia Electron target)
#   libkrb5-dev:      kerberos (code-server)
#   chromium:         headless browser the end-to-end tests and the benchmark drive (with playwright-core)
#   ripgrep:          an `rg` binary for code-server's @vscode/ripgrep, whose own download is unreachable here
APT_PACKAGES=(build-essential python3 pkg-config libsecret-1-dev libxkbfile-dev libkrb5-dev chromium ripgrep)
YARN_VERSION=1.22.22

log() { printf '[prerequisites] %s\n' "$*"; }

# A Chrome or Chromium already installed (GitHub's ubuntu-latest runners have Google Chrome; Ubuntu's own `chromium`
# is a snap, which headless runs cannot use) serves as well: the `chromium` package is then not needed. The same
# places bench/src/hosts/chromium.ts looks, and FS_PERF_CHROMIUM.
for browser in "${FS_PERF_CHROMIUM:-}" /usr/bin/chromium /usr/bin/google-chrome-stable /usr/bin/google-chrome; do
    if [[ -n "$browser" && -x "$browser" ]]; then
        APT_PACKAGES=("${APT_PACKAGES[@]/chromium}")
        log "browser present: $browser"
        break
    fi
done

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for package in "${APT_PACKAGES[@]}"; do
        [[ -n "$package" ]] || continue
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        [[ "$status" == "install ok installed" ]] || missing+=("$package")
    done
    if ((${#missing[@]} > 0)); then
        log "installing: ${missing[*]}"
        sudo_cmd=()
        if [[ $(id -u) -ne 0 ]]; then
            command -v sudo >/dev/null 2>&1 || { log "need root (or sudo) to install: ${missing[*]}"; exit 1; }
            sudo_cmd=(sudo)
        fi
        "${sudo_cmd[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
        log "installed ${#missing[@]} package(s)"
    else
        log "system packages present"
    fi
else
    log "not a Debian/Ubuntu system: install the equivalents of ${APT_PACKAGES[*]} yourself (README.md, Prerequisites)"
fi

# Node: 20 runs every host. The Theia hosts also run on 22 (newer is untested); code-server 4.100.3, the vscode-server
# host, installs on Node 20 only (its postinstall refuses any other). `yarn bench` checks the same before it starts.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if ((node_major < 20)); then
    log "Node.js 20 is required (found: $(node --version 2>/dev/null || echo none)): install Node 20, e.g. nvm install 20"
    exit 1
elif ((node_major != 20)); then
    log "Node $(node --version): the Theia hosts run on it, but the vscode-server host (code-server 4.100.3) needs Node 20;"
    log "  for every host (and yarn test) use Node 20, e.g. nvm install 20 && nvm use 20"
fi

if command -v yarn >/dev/null 2>&1 && [[ "$(yarn --version)" == 1.* ]]; then
    log "yarn $(yarn --version) present"
else
    log "installing yarn ${YARN_VERSION}"
    npm install --global --no-fund --no-audit "yarn@${YARN_VERSION}" >/dev/null
    log "yarn $(yarn --version) installed"
fi
