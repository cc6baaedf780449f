#!/usr/bin/env bash
#
# Installs the .deb on this machine with dpkg -i, the way a user does, and upgrades
# it over an older version, checking that the user's settings and journal survive.
# Run by Maven in the jlink module's verify phase (linux profile), after the .deb
# has been checked file by file (check/CheckPackage.java).
#
#   1. The "older" package: the built .deb repacked with a lower version
#      (VERSION~older) and a marker file that the newer one does not have.
#   2. dpkg -i the older one: the menu entry is installed (or, on a machine without
#      a desktop menu, the install says why not and still succeeds), the installed launcher
#      runs `check --sandbox`, and writes a journal entry (a cordon on a sandbox)
#      into a scratch FLIGHTDECK_HOME that also holds a settings file.
#   3. dpkg -i the built one over it: dpkg says VERSION, the marker is gone (the
#      files were replaced, not merged), the menu entry is there with our icon, settings and
#      journal are byte for byte what they were, and the new launcher reads the
#      settings without a complaint and appends to the same journal.
#   4. dpkg -r: /opt/flightdeck and the menu entry are gone, the user's files stay.
#
# It changes the machine, so it runs only as root (or with passwordless sudo), and never over a Flightdeck that
# someone installed here: in both cases it says so and stops (a failure when CI=true,
# where it must run). A "~older" package left by an interrupted run of this test is removed first. Dependencies the .deb names must be installed (.ci/run does).
#
# Usage: deb-install-upgrade.sh SKIP INSTALLER_DIR VERSION ICON_PNG SCRATCH_DIR
#   SKIP true (-Dinstall.test.skip) leaves it out; INSTALLER_DIR holds the one .deb.
set -euo pipefail

skip=$1
debs=("$2"/*.deb)
version=$3
icon=$(readlink -f "$4")
scratch=$5
pkg=flightdeck
opt=/opt/$pkg
menu_entry=/usr/share/applications/$pkg-$pkg.desktop

say() { echo "[deb-install] $*"; }
fail() { echo "[deb-install] FAILED: $*" >&2; exit 1; }
not_here() {
    if [[ ${CI:-} == true ]]; then fail "$1"; fi
    say "not run: $1"
    exit 0
}

if [[ $skip == true ]]; then say "not run: -Dinstall.test.skip"; exit 0; fi
((${#debs[@]} == 1)) && [[ -f ${debs[0]} ]] || fail "expected one .deb in $2, found: ${debs[*]}"
deb=$(readlink -f "${debs[0]}")
# Root's commands: as root, or through passwordless sudo (a GitHub runner); the launcher runs as the user.
if [[ $(id -u) == 0 ]]; then
    as_root() { "$@"; }
elif sudo -n true 2>/dev/null; then
    as_root() { sudo -n "$@"; }
else
    not_here "dpkg -i needs root or passwordless sudo"
fi
# Every Depends group must be satisfied by an installed package, as dpkg -i will insist.
missing=()
IFS=',' read -ra groups <<< "$(dpkg-deb -f "$deb" Depends)"
for group in "${groups[@]}"; do
    ok=false
    IFS='|' read -ra alternatives <<< "$group"
    for alt in "${alternatives[@]}"; do
        alt=$(echo "$alt" | xargs)
        if dpkg-query -W -f='${Status}' "$alt" 2>/dev/null | grep -q 'ok installed'; then ok=true; fi
    done
    $ok || missing+=("$(echo "$group" | xargs)")
done
((${#missing[@]} == 0)) || not_here "the .deb's Depends are not installed here: ${missing[*]} (apt-get install them; .ci/run does)"
if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then
    installed=$(dpkg-query -W -f='${Version}' "$pkg")
    # Only this test builds a "~older" package: one still installed is what an interrupted run (killed
    # before its EXIT trap) left behind, not a user's Flightdeck, so it is removed rather than refused.
    if [[ $installed == *~older ]]; then
        say "$pkg $installed is left over from an interrupted run of this test: dpkg --purge $pkg first"
        as_root dpkg --purge "$pkg" >/dev/null || fail "could not remove the leftover $pkg $installed (dpkg --purge $pkg)"
    else
        not_here "$pkg $installed is installed on this machine: this test would replace it"
    fi
fi

rm -rf "$scratch"
mkdir -p "$scratch"
scratch=$(readlink -f "$scratch")
installed_by_us=false
made_dirs=()
cleanup() {
    if $installed_by_us && dpkg-query -W "$pkg" >/dev/null 2>&1; then
        as_root dpkg --purge "$pkg" >/dev/null 2>&1 || say "could not remove $pkg again: dpkg --purge $pkg"
    fi
    for dir in ${made_dirs[@]+"${made_dirs[@]}"}; do as_root rm -rf "$dir"; done
    rm -rf "$scratch/older" "$scratch"/*.deb
}
trap cleanup EXIT

# --- 1. The older package -----------------------------------------------------------
dpkg-deb -R "$deb" "$scratch/older"
sed -i "s/^Version: .*/Version: ${version}~older/" "$scratch/older/DEBIAN/control"
echo "shipped only by the older package: an upgrade must remove it" > "$scratch/older$opt/lib/older-only.txt"
# No compression: this package lives for a minute and dpkg reads it once.
dpkg-deb --root-owner-group -Znone -b "$scratch/older" "$scratch/${pkg}_${version}~older.deb" >/dev/null

# --- 2. Install it, and use it -------------------------------------------------------
installed_by_us=true
# A machine without a desktop menu (xdg-desktop-menu, as root, wants these directories) must
# still install cleanly, saying why there is no menu entry; one with a menu gets the entry.
menu_dirs=(/etc/xdg/menus /usr/share/desktop-directories /usr/share/applications)
menu_here=true
for dir in "${menu_dirs[@]}"; do [[ -d $dir ]] || menu_here=false; done
say "dpkg -i ${pkg}_${version}~older.deb (desktop menu on this machine: $menu_here)"
as_root dpkg -i "$scratch/${pkg}_${version}~older.deb" 2>&1 | tee "$scratch/dpkg-older.log" \
    || fail "dpkg -i of the older package failed (are the Depends installed? .ci/run installs them)"
[[ $(dpkg-query -W -f='${Status} ${Version}' "$pkg") == "install ok installed ${version}~older" ]] \
    || fail "dpkg does not list ${version}~older as installed and configured: $(dpkg-query -W -f='${Status} ${Version}' "$pkg")"
[[ -f $opt/lib/older-only.txt ]] || fail "the older package's files are not in $opt"
if $menu_here; then
    [[ -f $menu_entry ]] || fail "no menu entry at $menu_entry after install"
else
    [[ ! -e $menu_entry ]] || fail "a menu entry at $menu_entry on a machine without a desktop menu"
    grep -q "no menu entry added" "$scratch/dpkg-older.log" || fail "dpkg -i did not say why there is no menu entry"
    # A desktop menu from here on: the upgrade must add the entry. What is made here goes at the end.
    for dir in "${menu_dirs[@]}"; do
        if [[ ! -d $dir ]]; then as_root mkdir -p "$dir" && made_dirs+=("$dir"); fi
    done
fi

export FLIGHTDECK_HOME=$scratch/home
unset DISPLAY WAYLAND_DISPLAY JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS
mkdir -p "$FLIGHTDECK_HOME/config"
cat > "$FLIGHTDECK_HOME/config/settings.json" <<'JSON'
{"clusters": {"prod-east": {"readOnly": true, "metricsIntervalSeconds": 30,
                            "s3": {"endpoint": "https://minio.lab:9000", "region": "us-east-1", "pathStyle": true}},
              "staging": {"drills": true, "drainBreaker": {"maxNodes": 4, "maxGpuPercent": 10}}},
 "openContexts": ["prod-east", "staging"]}
JSON

say "$opt/bin/$pkg check --sandbox (installed)"
"$opt/bin/$pkg" check --sandbox --sandbox-nodes 16 </dev/null > "$scratch/check.out" 2> "$scratch/check.err" \
    || fail "check --sandbox from $opt exited $?: $(tail -5 "$scratch/check.err")"
head -1 "$scratch/check.out" | grep -q "GPU nodes" || fail "check --sandbox from $opt printed: $(head -3 "$scratch/check.out")"
"$opt/bin/$pkg" cordon gpu-node-003 --confirm gpu-node-003 --reason "before the upgrade" --sandbox --sandbox-nodes 8 \
    </dev/null > /dev/null 2> "$scratch/older.err" || fail "cordon with the older package exited $?: $(tail -3 "$scratch/older.err")"
journal=$(ls "$FLIGHTDECK_HOME"/data/journal/*.jsonl 2>/dev/null | head -1)
[[ -n $journal ]] || fail "the older package wrote no journal under $FLIGHTDECK_HOME/data/journal"
(cd "$FLIGHTDECK_HOME" && find . -type f -print0 | sort -z | xargs -0 sha256sum) > "$scratch/user-files.before"
cp "$journal" "$scratch/journal.before"
entries_before=$(wc -l < "$journal")

# --- 3. Upgrade ----------------------------------------------------------------------
say "dpkg -i $(basename "$deb") over ${version}~older"
as_root dpkg -i "$deb" || fail "dpkg -i of $(basename "$deb") over ${version}~older failed"
[[ $(dpkg-query -W -f='${Version}' "$pkg") == "$version" ]] || fail "dpkg does not list $version as installed after the upgrade"
[[ ! -e $opt/lib/older-only.txt ]] || fail "the older package's own file is still in $opt after the upgrade"
[[ -f $menu_entry ]] || fail "no menu entry at $menu_entry after the upgrade"
grep -qx "Name=Flightdeck" "$menu_entry" || fail "$menu_entry is not named Flightdeck"
grep -qx "Exec=$opt/bin/$pkg" "$menu_entry" || fail "$menu_entry does not start $opt/bin/$pkg"
grep -qx "Icon=$opt/lib/$pkg.png" "$menu_entry" || fail "$menu_entry has no icon at $opt/lib/$pkg.png"
cmp -s "$opt/lib/$pkg.png" "$icon" || fail "$opt/lib/$pkg.png is not Flightdeck's icon ($icon)"
(cd "$FLIGHTDECK_HOME" && find . -type f -print0 | sort -z | xargs -0 sha256sum) > "$scratch/user-files.after"
diff "$scratch/user-files.before" "$scratch/user-files.after" || fail "the upgrade changed the user's settings or journal (above)"

"$opt/bin/$pkg" uncordon gpu-node-003 --confirm gpu-node-003 --reason "after the upgrade" --sandbox --sandbox-nodes 8 \
    </dev/null > /dev/null 2> "$scratch/newer.err" || fail "uncordon with the upgraded package exited $?: $(tail -3 "$scratch/newer.err")"
if grep -i "settings" "$scratch/newer.err"; then fail "the upgraded package complained about the settings file (above)"; fi
entries_after=$(wc -l < "$journal")
((entries_after > entries_before)) || fail "the upgraded package did not append to the journal $journal"
cmp -s <(head -n "$entries_before" "$journal") "$scratch/journal.before" || fail "the journal's older entries changed"

# --- 4. Remove -----------------------------------------------------------------------
say "dpkg -r $pkg"
as_root dpkg -r "$pkg" >/dev/null || fail "dpkg -r $pkg failed"
installed_by_us=false
[[ ! -e $opt ]] || fail "$opt is still there after dpkg -r: $(find "$opt" | head -5)"
[[ ! -e $menu_entry ]] || fail "the menu entry $menu_entry is still there after dpkg -r"
[[ -f $FLIGHTDECK_HOME/config/settings.json && -f $journal ]] || fail "dpkg -r took the user's files"
as_root dpkg --purge "$pkg" >/dev/null 2>&1 || true

say "installed ${version}~older, upgraded to $version (settings and $entries_before journal lines kept, $((entries_after - entries_before)) appended), removed: ok"
