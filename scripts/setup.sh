#!/usr/bin/env bash
# Installs the Debian packages Ticklab needs, if any are missing. Run as root to install them;
# otherwise it prints the exact apt-get line to run and fails.
set -euo pipefail

packages=(
  build-essential cmake pkg-config clang libclang-rt-14-dev
  libsdl2-dev libsdl2-ttf-dev libimgui-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev libbox2d-dev libchipmunk-dev
  fonts-dejavu-core xvfb xauth xdotool imagemagick
  librsvg2-bin help2man man-db desktop-file-utils appstream lintian
  python3 python3-matplotlib
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ticklab: missing Debian packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "ticklab: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
