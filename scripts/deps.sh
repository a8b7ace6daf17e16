#!/usr/bin/env bash
# Makes sure the Debian 12 packages FleetPlanner builds with are installed.
# As root it installs what is missing; otherwise it prints the exact command
# to run and exits 1. Sourced by run.sh and test.sh.

# `file`: CPack's DEB generator needs it for its shared-library dependencies
# (test_deb_package failed without it on a minimal Debian 12, 2026-12-07).
FLEET_DEBIAN_PACKAGES=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libxkbcommon-dev
  qt6-tools-dev qt6-l10n-tools
  libeigen3-dev libboost-json1.81-dev libsqlite3-dev coinor-libcbc-dev libbenchmark-dev
  fonts-dejavu-core xvfb xauth python3 python3-jsonschema glpk-utils
  dpkg-dev file desktop-file-utils appstream
  libxlsxwriter-dev python3-openpyxl libzip-dev
  ccache mold
)

# The reliability checks' extra packages (scripts/ci_*.sh, ./fuzz.sh): clang-14
# with its sanitizer and libFuzzer runtimes, and clang-format.
FLEET_CHECK_PACKAGES=(clang-14 libclang-rt-14-dev clang-format-14)

# The deck check's viewer (tests/cli/test_cli_deck_impress.cpp converts the
# .pptx with LibreOffice Impress and is skipped where it is not installed).
# Heavy (about 245 MB to download, 700 MB on disk), so a new user's ./test.sh
# does not install it; .ci/run does, with its recommended packages (fonts and
# the rendering filters the conversion was checked with).
FLEET_DECK_VIEWER_PACKAGES=(libreoffice-impress)

fleet_ensure_deck_viewer() {
  local pkg
  for pkg in "${FLEET_DECK_VIEWER_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" && continue
    [ "$(id -u)" -eq 0 ] || { echo "Not root: the deck check will be skipped." >&2; return 0; }
    apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${FLEET_DECK_VIEWER_PACKAGES[@]}"
    return $?
  done
}

# The Slurm sweep test's cluster (tests/cli/test_cli_sweep_slurm.cpp starts
# munged, slurmctld and slurmd on localhost and is skipped where they are not
# installed). Not in a new user's ./test.sh: installing slurm-wlm enables its
# services on a machine with systemd. .ci/run installs them.
FLEET_SLURM_PACKAGES=(slurm-wlm munge)

fleet_ensure_slurm() {
  local pkg
  for pkg in "${FLEET_SLURM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" && continue
    [ "$(id -u)" -eq 0 ] || { echo "Not root: the Slurm sweep test will be skipped." >&2; return 0; }
    apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        "${FLEET_SLURM_PACKAGES[@]}"
    return $?
  done
}

fleet_ensure_deps() {
  fleet_ensure_packages "${FLEET_DEBIAN_PACKAGES[@]}"
}

# fleet_ensure_packages PKG...: installs those missing (as root), or says how.
fleet_ensure_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "FleetPlanner's set-up expects Debian 12 (dpkg-query not found)." >&2
    echo "Install the equivalents of: $*" >&2
    return 1
  fi
  local missing=() pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing missing Debian packages: ${missing[*]}"
    apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    return $?
  fi
  echo "FleetPlanner needs Debian packages that are not installed. Run:" >&2
  echo "" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  echo "" >&2
  echo "then run this command again." >&2
  return 1
}

# fleet_build [TARGET...]: configures build/ (once) and builds those targets,
# or everything the tests need when none is named. Release (-O2, no debug
# info), warnings as errors, ccache and mold when installed
# (cmake/FleetBuildSpeed.cmake).
fleet_build() {
  local top
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  if [ ! -f "$top/build/build.ninja" ]; then
    mkdir -p "$top/build"
    cmake -S "$top" -B "$top/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DFLEET_WARNINGS_AS_ERRORS=ON >"$top/build/configure.log" 2>&1 ||
      { cat "$top/build/configure.log" >&2; return 1; }
  fi
  if [ $# -gt 0 ]; then
    cmake --build "$top/build" --parallel 2 --target "$@"
  else
    cmake --build "$top/build" --parallel 2
  fi
}
