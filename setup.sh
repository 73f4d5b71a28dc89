#!/usr/bin/env bash
# Table Companion: one script for a laptop, CI and the Raspberry Pi.
#   ./setup.sh run        a virtual environment, the package, then `companion serve`
#                         (mock pins and the example rig on anything that is not a Pi)
#   ./setup.sh test       dev dependencies, then lint, types and the whole test suite (offline: in a
#                         network namespace with loopback only, but the few tests marked network)
#   sudo ./setup.sh install [--kiosk | --no-kiosk]
#                         on Raspberry Pi OS: apt packages, a service user, the systemd unit,
#                         companion.local by mDNS; --kiosk: Chromium on /table/current at boot
#   ./setup.sh render DIR [--port N] [--kiosk]
#                         write the files install generates under DIR, to read or test them
#   ./setup.sh translations [check]
#                         extract every msgid from the code and update the Dutch and German
#                         catalogues (web/translations); "check" lists what is left to translate
#   ./setup.sh lock       after a change to pyproject.toml's dependencies: lock again (requirements/),
#                         keeping every version that still fits
#   ./setup.sh upgrade    every dependency to its newest version within pyproject.toml's ranges, the
#                         whole suite run on them, and the versions that moved printed
#   ./setup.sh wheelhouse DIR [run | pi | dev] [--for PLATFORM]
#                         every wheel of a lock into DIR, hashes checked (once, online); then
#                         WHEELHOUSE=DIR ./setup.sh run (or sudo WHEELHOUSE=DIR ./setup.sh install)
#                         installs with the network off: README, "Offline"
# Every install comes from the lock (requirements/*.txt, hashes checked, no resolver): docs/dependencies.md.
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

check_locks() {  # one sentence saying what to run, and no install, if a lock is missing, edited or stale
    if ! "$PY" tools/lock.py check; then exit 1; fi
}

apt_install() {  # apt packages, installed only when missing
    local missing=() pkg
    for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "apt packages: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "This machine needs apt's ${missing[*]} (PyPI has no wheel of it for $(uname -m), Python" >&2
        echo "$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')): sudo apt-get install ${missing[*]}, then run this again." >&2
        exit 1
    fi
}

make_venv() {  # $1: the lock it will hold (run, pi or dev)
    need_python
    local stand_ins
    stand_ins=$("$PY" tools/lock.py apt "$1")
    if [ -n "$stand_ins" ]; then
        # shellcheck disable=SC2086
        apt_install $stand_ins
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating the virtual environment in $VENV"
        if [ -n "$stand_ins" ]; then
            # apt's stand-ins (requirements/apt.toml) live in the system's site-packages.
            "$PY" -m venv --system-site-packages "$VENV"
        else
            "$PY" -m venv "$VENV"
        fi
    fi
}

install_locked() {  # $1: run, pi or dev; $2: "-e" for an editable install of this checkout
    local name=$1 editable=${2:-} stamp="$VENV/.installed-$1" want lock log
    want=$(cat "requirements/$name.txt" requirements/apt.toml pyproject.toml | sha256sum)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
    say "installing the companion and requirements/$name.txt (hashes checked)"
    lock="$VENV/requirements-$name.txt"
    log="$VENV/pip-install.log"
    "$PY" tools/lock.py here "$name" >"$lock"
    local index=()   # WHEELHOUSE=DIR: from DIR alone (./setup.sh wheelhouse DIR), no index asked
    if [ -n "${WHEELHOUSE:-}" ]; then index=(--no-index --find-links "$WHEELHOUSE"); fi
    # Exactly the lock: hashes required, no dependency resolution, wheels only (nothing is built).
    # Then the companion itself, with the locked setuptools and nothing fetched.
    if ! { "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
               --no-deps --only-binary :all: "${index[@]}" -r "$lock" &&
           "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
               --no-build-isolation --no-index $editable "$HERE"; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "Installing from requirements/$name.txt failed; pip's words are above (and in $log)." >&2
        exit 1
    fi
    if ! "$VENV/bin/python" tools/lock.py installed "$name"; then
        echo "The virtual environment in $VENV does not hold requirements/$name.txt exactly (above): remove it (rm -r $VENV) and run this again." >&2
        exit 1
    fi
    printf '%s' "$want" >"$stamp"
}

compile_bytecode() {  # $1: "checkout" as well for an editable install (run, test)
    # The bytecode the service runs: Python's -OO (PYTHONOPTIMIZE=2, as the systemd unit and `run`
    # start it; docs/web.md, "Performance"). pip writes only the plain kind, the service user cannot
    # write into the venv, and a server that compiles its modules at each start keeps the compiler's
    # leftovers, so it is written here. Not fatal: a module left out compiles when it is imported.
    local where
    where=("$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')")
    if [ "${1:-}" = checkout ]; then where+=("$HERE/engines" "$HERE/web" "$HERE/hardware" "$HERE/companion"); fi
    if ! "$VENV/bin/python" -m compileall -q -o 2 -j 0 "${where[@]}" >/dev/null 2>&1; then
        say "some modules could not be compiled ahead for -OO; they compile when the companion starts"
    fi
}

browser_ready() { [ -x /usr/bin/chromium-headless-shell ]; }   # the browser tests' (tests/conftest.py)

CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/table-companion

dev_tools() {  # apt's tools the tests drive: Debian's chromium-headless-shell (the browser tests),
    # faketime (the clock ten years ahead: tests/test_offline.py), espeak-ng and alsa-utils' aplay
    # (the table's voice, tests/companion/test_narration.py)
    local missing=()
    browser_ready || missing+=(chromium-headless-shell)
    command -v faketime >/dev/null || missing+=(faketime)
    command -v espeak-ng >/dev/null || missing+=(espeak-ng)
    command -v aplay >/dev/null || missing+=(alsa-utils)
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing Debian's ${missing[*]} for the tests"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "Note: apt's ${missing[*]} missing, so the tests that need it will be skipped." >&2
        echo "      Install it with: sudo apt-get install ${missing[*]}" >&2
    fi
}

download_wheels() {  # DIR LOCK [pip's platform options...]: every wheel of LOCK into DIR, hashes checked
    local dir=$1 lock=$2
    shift 2
    mkdir -p "$dir"
    "$VENV/bin/python" -m pip download --quiet --disable-pip-version-check --require-hashes --no-deps \
        --only-binary :all: --dest "$dir" -r "$lock" "$@"
}

test_wheelhouse() {  # requirements/run.txt's wheels in the cache, once per lock: tests/test_offline.py
    # installs the companion from them in a namespace with no network
    local dir="$CACHE/wheelhouse"
    "$PY" tools/lock.py here run >"$VENV/requirements-wheelhouse.txt"
    if cmp -s "$VENV/requirements-wheelhouse.txt" "$dir/requirements-run.txt"; then return 0; fi
    say "the wheels of requirements/run.txt into $dir (once: the offline install's test)"
    if download_wheels "$dir" "$VENV/requirements-wheelhouse.txt" 2>"$VENV/wheelhouse.log"; then
        cp "$VENV/requirements-wheelhouse.txt" "$dir/requirements-run.txt"   # what it holds
    else
        echo "Note: the wheels could not be downloaded ($VENV/wheelhouse.log), so the offline install's test will be skipped." >&2
    fi
}

run_suite() {  # pytest: the tests marked network with it, then every other test offline (tools/offline.py)
    local rc=0 workers=()
    # TEST_WORKERS (default 2, 0: one process): pytest-xdist, each worker a whole test file at a
    # time, so a file's one server and one browser stay in one process
    if [ "${TEST_WORKERS:-2}" != 0 ]; then workers=(-n "${TEST_WORKERS:-2}" --dist loadfile); fi
    if ! "$VENV/bin/python" -m tools.offline --check; then
        say "pytest (no network namespace on this machine: the suite runs with the network)"
        "$VENV/bin/python" -m pytest -q "${workers[@]}" "$@"
        return
    fi
    say "pytest: the tests that reach past this machine (marked network)"
    COMPANION_TESTS=network "$VENV/bin/python" -m pytest -q "$@" || rc=$?
    if [ $rc -ne 0 ] && [ $rc -ne 5 ]; then return $rc; fi   # 5: none among those asked for
    say "pytest: every other test, offline (a network namespace with loopback only, tools/offline.py)"
    "$VENV/bin/python" -m tools.offline "$VENV/bin/python" -m pytest -q "${workers[@]}" "$@"
}

cmd_run() {
    check_locks
    make_venv run
    install_locked run -e
    if ! is_pi; then export GPIOZERO_PIN_FACTORY=${GPIOZERO_PIN_FACTORY:-mock}; fi
    export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}   # as the systemd unit: docs/web.md, "Performance"
    export PYTHONOPTIMIZE=${PYTHONOPTIMIZE:-2}       # the same: no docstrings loaded
    compile_bytecode checkout                        # this checkout's modules as they are now
    exec "$VENV/bin/companion" serve "$@"
}

cmd_test() {
    check_locks
    make_venv dev
    install_locked dev -e
    compile_bytecode checkout   # the tests' servers run as the unit runs the companion
    dev_tools
    test_wheelhouse
    export GPIOZERO_PIN_FACTORY=mock
    say "ruff"
    "$VENV/bin/ruff" check .
    say "mypy --strict engines web hardware companion"
    "$VENV/bin/mypy" --strict engines web hardware companion
    run_suite "$@"
}

cmd_wheelhouse() {  # DIR [run | pi | dev] [--for PLATFORM]: a lock's wheels, for an install offline
    local dir=${1:-} name="" where="" lock tags=()
    if [ -z "$dir" ]; then echo "usage: ./setup.sh wheelhouse DIR [run | pi | dev] [--for PLATFORM]" >&2; exit 2; fi
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            run | pi | dev) name=$1; shift ;;
            --for) where=${2:?--for needs a Pi platform, such as bookworm-arm64}; shift 2 ;;
            *) echo "wheelhouse: unknown option $1 (run, pi, dev or --for PLATFORM)" >&2; exit 2 ;;
        esac
    done
    if [ -z "$name" ]; then
        if is_pi || [ -n "$where" ]; then name=pi; else name=run; fi
    fi
    check_locks
    make_venv run   # its pip downloads
    mkdir -p "$dir"
    lock="$VENV/requirements-wheelhouse.txt"
    if [ -n "$where" ]; then   # another machine's wheels: a Pi's, from a laptop (tools/pi_check.py)
        "$PY" tools/lock.py for-platform "$name" "$where" >"$lock"
        mapfile -t tags < <("$VENV/bin/python" -c 'import sys; from tools.pi_check import wheel_tags
print("\n".join(wheel_tags(sys.argv[1])))' "$where")
    else
        "$PY" tools/lock.py here "$name" >"$lock"
    fi
    download_wheels "$dir" "$lock" "${tags[@]}"
    cp "$lock" "$dir/requirements-$name.txt"   # what it holds
    say "$(find "$dir" -name '*.whl' | wc -l) wheels in $dir, hashes checked (requirements-$name.txt there)"
    say "with the network off: WHEELHOUSE=$dir ./setup.sh run (on a Pi: sudo WHEELHOUSE=$dir ./setup.sh install)"
}

cmd_translations() {  # the catalogues: extract, update (Babel), then say what is left to do
    check_locks
    make_venv run
    install_locked run -e
    if [ "${1:-}" = "check" ]; then
        exec "$VENV/bin/python" -m web.messages check
    fi
    "$VENV/bin/python" -m web.messages update
    say "translate the empty and fuzzy entries in web/translations/*/LC_MESSAGES/messages.po (docs/translating.md)"
}

# ---------------------------------------------------------------- the lock (requirements/, docs/dependencies.md)

relock() {  # $1: "" keeps every locked version that still fits; "--upgrade" takes the newest
    local upgrade=${1:-} new=requirements/.new name extra
    need_python
    # uv resolves: from the dev lock (hashes checked), before anything else is installed.
    if [ ! -x "$VENV/bin/python" ]; then "$PY" -m venv "$VENV"; fi
    "$PY" tools/lock.py only dev uv >"$VENV/requirements-uv.txt"
    if [ -s "$VENV/requirements-uv.txt" ]; then
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps \
            --only-binary :all: -r "$VENV/requirements-uv.txt"
    else  # a lock from before uv was in the dev extra: uv's newest, once
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary :all: uv
    fi
    rm -rf "$new"; mkdir -p "$new"
    for name in run pi dev; do
        case $name in run) extra=() ;; pi) extra=(--extra pi) ;; dev) extra=(--extra dev) ;; esac
        # The current lock is uv's starting point (its versions are kept unless --upgrade).
        [ -f "requirements/$name.txt" ] && cp "requirements/$name.txt" "$new/$name.uv.txt"
        # One lock for every machine (--universal: x86_64, a Pi's aarch64 and armv7l, Python 3.11
        # to 3.13, by environment markers), wheels only (--only-binary: nothing built at install).
        "$VENV/bin/uv" pip compile --quiet --universal --python-version 3.11 --only-binary :all: \
            --generate-hashes --no-header $upgrade pyproject.toml requirements/tools.in "${extra[@]}" \
            -o "$new/$name.uv.txt"
        cp "requirements/$name.txt" "$new/$name.old.txt" 2>/dev/null || : >"$new/$name.old.txt"
        "$PY" tools/lock.py stamp "$name" "$new/$name.uv.txt"
        say "requirements/$name.txt:"
        "$PY" tools/lock.py changes "$new/$name.old.txt" "requirements/$name.txt" | sed 's/^/    /'
    done
}

cmd_lock() {
    relock ""
    rm -rf requirements/.new
    say "locked; commit requirements/ with the change to pyproject.toml"
}

cmd_upgrade() {  # the newest versions within pyproject.toml's ranges, kept only if the whole suite passes
    local keep
    keep=$(mktemp -d)
    cp requirements/*.txt "$keep/"
    relock --upgrade
    if ( cmd_test ); then
        rm -rf requirements/.new "$keep"
        say "upgraded, and the whole suite passes on the new versions (above); commit requirements/"
    else
        mkdir -p requirements/.new
        for name in run pi dev; do cp "requirements/$name.txt" "requirements/.new/$name.tried.txt"; done
        cp "$keep"/*.txt requirements/
        rm -rf "$keep"
        echo "The suite failed on the new versions (listed above); the lock is back as it was." >&2
        echo "The tried locks are in requirements/.new/ to look at." >&2
        exit 1
    fi
}

# ---------------------------------------------------------------- generated files (install, render)

put() {  # path mode content: written only when it differs, so a second run changes nothing
    local path=$1 mode=$2 content=$3
    if [ -f "$path" ] && [ "$(cat "$path")" = "$content" ]; then
        chmod "$mode" "$path"
        return 0
    fi
    mkdir -p "$(dirname "$path")"
    printf '%s\n' "$content" >"$path.new"
    chmod "$mode" "$path.new"
    mv "$path.new" "$path"
    say "wrote $path"
}

avahi_service() {  # $1: port. The _http._tcp service, on the companion.local name published below.
    cat <<EOF
<?xml version="1.0" standalone="no"?>
<!DOCTYPE service-group SYSTEM "avahi-service.dtd">
<!-- Table Companion (written by setup.sh install): the host page and the table screen over HTTP. -->
<service-group>
  <name>Table Companion</name>
  <service>
    <type>_http._tcp</type>
    <host-name>companion.local</host-name>
    <port>$1</port>
    <txt-record>path=/table/current</txt-record>
  </service>
</service-group>
EOF
}

mdns_unit() {
    cat <<'EOF'
# Table Companion: publishes companion.local by mDNS (written by setup.sh install).
# The Pi keeps its own name (raspberrypi.local still answers); this adds a second one.
[Unit]
Description=Table Companion: companion.local by mDNS (avahi)
Requires=avahi-daemon.service
After=avahi-daemon.service network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/opt/companion/mdns-alias companion.local
Restart=always
RestartSec=5
DynamicUser=yes

[Install]
WantedBy=multi-user.target
EOF
}

mdns_alias() {
    cat <<'EOF'
#!/bin/sh
# Publish NAME (companion.local) for this machine's LAN address with avahi-publish, and publish
# it again when the address changes (written by setup.sh install; run by companion-mdns.service).
name=${1:-companion.local}
lan_ip() { ip -4 -o route get 10.255.255.255 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p'; }
while :; do
    ip=$(lan_ip)
    if [ -z "$ip" ]; then sleep 5; continue; fi
    avahi-publish --address --no-reverse "$name" "$ip" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && [ "$(lan_ip)" = "$ip" ]; do sleep 30; done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    sleep 1
done
EOF
}

kiosk_desktop() {  # XDG autostart: run by Raspberry Pi OS's desktop session (labwc, wayfire or LXDE)
    cat <<'EOF'
[Desktop Entry]
Type=Application
Name=Table Companion table screen
Comment=Chromium in kiosk mode on the companion's table screen (setup.sh install --kiosk)
Exec=/opt/companion/kiosk
Terminal=false
X-GNOME-Autostart-enabled=true
EOF
}

kiosk_script() {  # $1: port
    cat <<'EOF' | sed "s/@PORT@/$1/"
#!/bin/sh
# The table screen on the Pi's own HDMI (setup.sh install --kiosk): wait for the companion, then
# Chromium in kiosk mode on /table/current, which follows the newest table all evening.
url=http://localhost:@PORT@/table/current
i=0
while [ $i -lt 90 ] && ! python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$url" 2>/dev/null; do
    i=$((i + 1))
    sleep 1
done
browser=$(command -v chromium-browser || command -v chromium)
# --autoplay-policy: the table screen speaks each step (docs/narration.md) without a tap
exec "$browser" --kiosk --noerrdialogs --disable-infobars --no-first-run --password-store=basic \
    --disable-session-crashed-bubble --check-for-update-interval=31536000 \
    --autoplay-policy=no-user-gesture-required "$url"
EOF
}

KIOSK_FILES="/etc/xdg/autostart/companion-kiosk.desktop /opt/companion/kiosk"

render() {  # $1: root ("" = this machine), $2: port, $3: kiosk (yes, no or keep)
    local root=$1 port=$2 kiosk=$3 path
    put "$root/etc/avahi/services/companion.service" 0644 "$(avahi_service "$port")"
    put "$root/etc/systemd/system/companion-mdns.service" 0644 "$(mdns_unit)"
    put "$root/opt/companion/mdns-alias" 0755 "$(mdns_alias)"
    if [ "$kiosk" = yes ]; then
        put "$root/etc/xdg/autostart/companion-kiosk.desktop" 0644 "$(kiosk_desktop)"
        put "$root/opt/companion/kiosk" 0755 "$(kiosk_script "$port")"
    elif [ "$kiosk" = no ]; then
        for path in $KIOSK_FILES; do
            if [ -e "$root$path" ]; then rm -f "$root$path"; say "removed $root$path"; fi
        done
    fi
}

cmd_render() {
    local dir=${1:-} port=8080 kiosk=no
    if [ -z "$dir" ]; then echo "usage: ./setup.sh render DIR [--port N] [--kiosk]" >&2; exit 2; fi
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --port) port=${2:?--port needs a number}; shift 2 ;;
            --kiosk) kiosk=yes; shift ;;
            *) echo "render: unknown option $1" >&2; exit 2 ;;
        esac
    done
    case "$port" in ''|*[!0-9]*) echo "render: --port needs a number, got $port" >&2; exit 2 ;; esac
    render "$dir" "$port" "$kiosk"
}

has_desktop() { [ "$(systemctl get-default 2>/dev/null)" = graphical.target ] && [ -d /etc/xdg/autostart ]; }

cmd_install() {
    if [ "$(id -u)" != 0 ]; then echo "install needs root: sudo ./setup.sh install" >&2; exit 1; fi
    local user=companion kiosk=keep port
    while [ $# -gt 0 ]; do
        case "$1" in
            --kiosk) kiosk=yes ;;
            --no-kiosk) kiosk=no ;;
            *) echo "install: unknown option $1 (--kiosk or --no-kiosk)" >&2; exit 2 ;;
        esac
        shift
    done
    if [ "$kiosk" = yes ] && ! has_desktop; then
        echo "Note: --kiosk needs Raspberry Pi OS with its desktop (this one boots to a console);" >&2
        echo "      no kiosk. Open http://companion.local:8080/table/current on a TV or tablet instead." >&2
        kiosk=keep
    fi
    say "apt packages"
    apt-get update -qq
    # espeak-ng: the table's voice, offline (docs/narration.md); alsa-utils: aplay, the Pi's own output
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv avahi-daemon avahi-utils \
        espeak-ng alsa-utils >/dev/null
    if [ "$kiosk" = yes ] && ! command -v chromium-browser >/dev/null && ! command -v chromium >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-browser >/dev/null ||
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
    if ! id "$user" >/dev/null 2>&1; then
        say "creating the service user $user"
        useradd --system --home-dir /var/lib/companion --shell /usr/sbin/nologin "$user"
    fi
    # The unit's SupplementaryGroups=gpio spi i2c audio stops it from starting if a group is missing
    # (a non-Pi Debian, an older image): create them, so the unit always starts (audio: ALSA's output).
    for group in gpio spi i2c audio; do
        if ! getent group "$group" >/dev/null; then
            say "creating the system group $group"
            groupadd --system "$group"
        fi
        usermod -a -G "$group" "$user"
    done
    VENV=/opt/companion/venv
    # From the lock, hashes checked: the pi extra on a Pi (rpi-lgpio, lgpio; apt's python3-lgpio
    # and the other stand-ins of requirements/apt.toml where PyPI has no wheel), else the runtime.
    # The venv sees the system's packages, so apt's stand-ins are found in it.
    local lock=run
    if is_pi; then lock=pi; fi
    check_locks
    make_venv "$lock"
    if ! grep -qs '^include-system-site-packages = true' "$VENV/pyvenv.cfg"; then
        sed -i 's/^include-system-site-packages = .*/include-system-site-packages = true/' "$VENV/pyvenv.cfg"
    fi
    install_locked "$lock"
    compile_bytecode
    if [ ! -f /etc/companion/companion.toml ]; then
        install -m 0640 -g "$user" docs/companion.example.toml /etc/companion/companion.toml
    fi
    if is_pi && command -v raspi-config >/dev/null && grep -q '^\[hardware\.display\]' /etc/companion/companion.toml; then
        say "switching I2C on for the status display"
        raspi-config nonint do_i2c 0  # 0 = on
    fi
    port=$("$VENV/bin/python" -c 'import sys; from companion.config import load; print(load(sys.argv[1]).port)' \
        /etc/companion/companion.toml)
    say "companion.local by mDNS (avahi), port $port"
    render "" "$port" "$kiosk"
    install -m 0644 systemd/companion.service /etc/systemd/system/companion.service
    systemctl daemon-reload
    systemctl enable --now avahi-daemon.service companion-mdns.service
    systemctl restart companion-mdns.service
    systemctl enable --now companion.service
    systemctl restart companion.service
    say "installed: $(systemctl is-active companion.service); logs with: journalctl -u companion -f"
    say "phones: http://companion.local:$port/ (or the address on the status display); TV: /table/current"
    if [ -f /etc/xdg/autostart/companion-kiosk.desktop ]; then
        say "kiosk: Chromium opens /table/current when the desktop starts (with desktop autologin:"
        say "       sudo raspi-config nonint do_boot_behaviour B4); undo with: sudo ./setup.sh install --no-kiosk"
    fi
}

case "${1:-}" in
    run) shift; cmd_run "$@" ;;
    test) shift; cmd_test "$@" ;;
    install) shift; cmd_install "$@" ;;
    render) shift; cmd_render "$@" ;;
    translations) shift; cmd_translations "$@" ;;
    lock) shift; cmd_lock "$@" ;;
    upgrade) shift; cmd_upgrade "$@" ;;
    wheelhouse) shift; cmd_wheelhouse "$@" ;;
    *) echo "usage: ./setup.sh run | test | install [--kiosk | --no-kiosk] | render DIR | translations [check] | lock | upgrade | wheelhouse DIR" >&2
       exit 2 ;;
esac
