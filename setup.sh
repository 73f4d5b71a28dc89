#!/usr/bin/env bash
# Table Companion: one script for a laptop, CI and the Raspberry Pi.
#   ./setup.sh run        a virtual environment, the package, then `companion serve`
#                         (mock pins and the example rig on anything that is not a Pi)
#   ./setup.sh test       dev dependencies, then lint, types and the whole test suite
#   sudo ./setup.sh install   on Raspberry Pi OS: apt packages, a service user, the systemd unit
# Safe to run twice: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$(pwd)
VENV=${VENV:-$HERE/.venv}
PY=${PYTHON:-python3}

say() { printf '==> %s\n' "$*"; }

is_pi() { grep -qs "Raspberry Pi" /proc/device-tree/model 2>/dev/null; }

need_python() {
    if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Python 3.11 or newer is needed (found: $("$PY" --version 2>&1))." >&2
        exit 1
    fi
}

make_venv() {
    need_python
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating the virtual environment in $VENV"
        # On a 32-bit Pi the lgpio wheel on PyPI is stale: use apt's python3-lgpio.
        if is_pi && [ "$(uname -m)" != "aarch64" ]; then
            "$PY" -m venv --system-site-packages "$VENV"
        else
            "$PY" -m venv "$VENV"
        fi
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
}

install_package() {  # $1: extras, e.g. "" or "[dev]"
    local stamp="$VENV/.installed$1" deps
    deps=$(cat pyproject.toml)
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$(printf '%s' "$deps" | sha256sum)" ]; then
        say "installing the companion$1"
        # pip's build chatter (setuptools' editable-install notice) is shown only if it fails.
        local log="$VENV/pip-install.log"
        if ! "$VENV/bin/python" -m pip install --quiet -e ".$1" >"$log" 2>&1; then
            cat "$log" >&2
            echo "Installing the companion failed; the output is above (and in $log)." >&2
            exit 1
        fi
        printf '%s' "$deps" | sha256sum > "$stamp"
    fi
}

browser_ready() { [ -x /usr/bin/chromium ]; }

cmd_run() {
    make_venv
    install_package ""
    if ! is_pi; then export GPIOZERO_PIN_FACTORY=${GPIOZERO_PIN_FACTORY:-mock}; fi
    exec "$VENV/bin/companion" serve "$@"
}

cmd_test() {
    make_venv
    install_package "[dev]"
    if ! browser_ready; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            say "installing Debian's chromium for the browser tests"
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
        else
            echo "Note: /usr/bin/chromium is missing, so the browser tests will be skipped." >&2
            echo "      Install it with: sudo apt-get install chromium" >&2
        fi
    fi
    export GPIOZERO_PIN_FACTORY=mock
    say "ruff"
    "$VENV/bin/ruff" check .
    say "mypy --strict engines web hardware companion"
    "$VENV/bin/mypy" --strict engines web hardware companion
    say "pytest"
    "$VENV/bin/python" -m pytest -q "$@"
}

cmd_install() {
    if [ "$(id -u)" != 0 ]; then echo "install needs root: sudo ./setup.sh install" >&2; exit 1; fi
    local user=companion
    say "apt packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-dev >/dev/null
    if is_pi; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-lgpio >/dev/null || true
    fi
    if ! id "$user" >/dev/null 2>&1; then
        say "creating the service user $user"
        useradd --system --home-dir /var/lib/companion --shell /usr/sbin/nologin "$user"
    fi
    # The unit's SupplementaryGroups=gpio spi stops it from starting if a group is missing
    # (a non-Pi Debian, an older image): create them, so the unit always starts.
    for group in gpio spi; do
        if ! getent group "$group" >/dev/null; then
            say "creating the system group $group"
            groupadd --system "$group"
        fi
        usermod -a -G "$group" "$user"
    done
    VENV=/opt/companion/venv
    mkdir -p /opt/companion /etc/companion
    if [ ! -x "$VENV/bin/python" ]; then
        # --system-site-packages so apt's python3-lgpio is visible on every Pi.
        "$PY" -m venv --system-site-packages "$VENV"
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet "$HERE"
    if [ ! -f /etc/companion/companion.toml ]; then
        install -m 0640 -g "$user" docs/companion.example.toml /etc/companion/companion.toml
    fi
    install -m 0644 systemd/companion.service /etc/systemd/system/companion.service
    systemctl daemon-reload
    systemctl enable --now companion.service
    systemctl restart companion.service
    say "installed: $(systemctl is-active companion.service); logs with: journalctl -u companion -f"
}

case "${1:-}" in
    run) shift; cmd_run "$@" ;;
    test) shift; cmd_test "$@" ;;
    install) shift; cmd_install "$@" ;;
    *) echo "usage: ./setup.sh run | test | install" >&2; exit 2 ;;
esac
