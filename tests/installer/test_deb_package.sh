#!/usr/bin/env bash
# Builds the .deb with CPack, installs it into a scratch root (dpkg -x) and
# runs what it installed: fleetplanner-cli --version and evaluate on the
# sample, the app's --version; checks the computed dependencies, the desktop
# entry (desktop-file-validate), the AppStream metainfo (appstreamcli
# validate), the MIME type and the icons. Usage: test_deb_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log" >&2; fail "cpack could not build the package"; }
deb=$(ls "$scratch"/out/*.deb)
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# Dependencies computed by dpkg-shlibdeps from the linked libraries.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libqt6widgets6 libqt6charts6 libqt6svg6 coinor-libcbc3 libsqlite3-0 libboost-json1.81.0; do
  [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib"
done
[[ $(dpkg-deb -f "$deb" Package) == fleetplanner ]] || fail "package name"

root="$scratch/root"
dpkg -x "$deb" "$root"
cli="$root/usr/bin/fleetplanner-cli"
[[ -x $cli && -x $root/usr/bin/fleetplanner ]] || fail "binaries not under /usr/bin"

version=$("$cli" --version | head -1)
[[ $version == "fleetplanner-cli "* ]] || fail "installed fleetplanner-cli --version printed: $version"
echo "installed: $version"
evaluation=$("$cli" evaluate :sample)
[[ $evaluation == *"Sample AI cloud"* && $evaluation == *"monthly cost"* ]] ||
  fail "installed fleetplanner-cli evaluate :sample printed: $evaluation"
echo "installed fleetplanner-cli evaluate :sample: $(grep -m1 'monthly cost' <<<"$evaluation" | xargs)"
app=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/fleetplanner" --version 2>/dev/null)
[[ $app == *"FleetPlanner"* || $app == *"fleetplanner"* ]] || fail "the app's --version printed: $app"

id=org.fleetplanner.FleetPlanner
desktop="$root/usr/share/applications/$id.desktop"
desktop-file-validate "$desktop" || fail "desktop-file-validate refused $desktop"
grep -q '^MimeType=application/x-fleetplan;' "$desktop" || fail "the desktop entry does not open .fleetplan files"
appstreamcli validate --no-net "$root/usr/share/metainfo/$id.metainfo.xml" ||
  fail "appstreamcli refused the metainfo"
grep -q 'glob pattern="\*.fleetplan"' "$root/usr/share/mime/packages/$id.xml" || fail "MIME type"

# Icons: the SVG and every hicolor size, each a PNG of its size.
[[ -s $root/usr/share/icons/hicolor/scalable/apps/$id.svg ]] || fail "scalable icon"
for size in 16 22 24 32 48 64 128 256 512; do
  png="$root/usr/share/icons/hicolor/${size}x${size}/apps/$id.png"
  dims=$(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n"; print("%dx%d" % struct.unpack(">II", d[16:24]))' "$png") ||
    fail "$png is not a PNG"
  [[ $dims == "${size}x${size}" ]] || fail "$png is $dims"
done
echo "PASS: the package installs and runs"
