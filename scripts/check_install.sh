#!/usr/bin/env bash
# Checks Ticklab installs and packages like a desktop program, reusing build/ (run after scripts/test.sh):
#   1. cmake --install into a staging folder (DESTDIR): every file in its standard place;
#   2. the installed binary: --version matches project(VERSION), a headless run, a screenshot run
#      (the fonts found on the system, SDL's offscreen driver);
#   3. desktop-file-validate on the desktop entry, appstreamcli validate (and validate-tree: the
#      metadata's desktop entry and icon are where it says) on the metadata, man's warnings on the page;
#   4. cpack -G DEB: the package's fields, its dependencies and its file list (the docs, copyright and
#      changelog under /usr/share/doc/ticklab), lintian with no error and no warning, no path of the
#      checkout or build tree in the packaged binary; the .deb unpacked with dpkg-deb -x and its
#      binary run from there. In CI as root, the .deb is also installed with dpkg -i
#      (once apt-get shows it would fetch nothing else: its dependencies are the build's), run from
#      /usr/bin and removed.
# Prints one line per check; exits non-zero at the first failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy

fail() {
  echo "check_install: FAIL: $*" >&2
  exit 1
}
ok() { echo "check_install: ok: $*"; }

[ -f "$build/CMakeCache.txt" ] || fail "no build in $build: run scripts/test.sh (or scripts/build.sh) first"
cmake --build "$build" -j "$(nproc)" --target ticklab ticklab_install_files >/dev/null
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
[ -n "$version" ] || fail "no CMAKE_PROJECT_VERSION in $build/CMakeCache.txt"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. Staged install.
stage="$work/stage"
DESTDIR="$stage" cmake --install "$build" --prefix /usr >/dev/null
usr="$stage/usr"
for file in bin/ticklab bin/ticklab-plot share/man/man1/ticklab-plot.1.gz share/applications/ticklab.desktop share/metainfo/org.ticklab.ticklab.metainfo.xml \
  share/icons/hicolor/scalable/apps/ticklab.svg share/icons/hicolor/256x256/apps/ticklab.png \
  share/man/man1/ticklab.1.gz share/ticklab/lessons share/ticklab/lessons/lesson.schema.json; do
  [ -e "$usr/$file" ] || fail "cmake --install did not install /usr/$file"
done
[ -x "$usr/bin/ticklab" ] || fail "/usr/bin/ticklab is not executable"
# A PNG's width and height are the big-endian words at bytes 16 and 20 (its IHDR chunk).
png_size="$(od -An -tu1 -j16 -N8 "$usr/share/icons/hicolor/256x256/apps/ticklab.png" | tr -s ' ')"
[ "$png_size" = " 0 0 1 0 0 0 1 0" ] || fail "the 256x256 icon's IHDR size bytes are$png_size"
for file in README.md LICENSE docs/traces.md docs/lessons.md docs/plot_spiral_drop.png copyright changelog.gz; do
  [ -e "$usr/share/doc/ticklab/$file" ] || fail "cmake --install did not install /usr/share/doc/ticklab/$file"
done
changelog_version="$(zcat "$usr/share/doc/ticklab/changelog.gz" | sed -n '1s/^ticklab (\([^)]*\)).*/\1/p')"
[ "$changelog_version" = "$version" ] ||
  fail "assets/debian/changelog's latest entry is '$changelog_version', project(VERSION) is $version: add an entry"
ok "cmake --install put the binary, share/ticklab/, desktop entry, icons, metainfo, man pages and docs in place"

# 2. The installed binary, run as installed.
run_installed() {  # BINARY LABEL
  local binary="$1" label="$2"
  local said
  said="$("$binary" --version)" || fail "$label --version failed"
  [ "$said" = "ticklab $version" ] || fail "$label --version printed '$said', expected 'ticklab $version'"
  # A lesson read from the installed share/ticklab/lessons (changed there first, so a lesson read from
  # the checkout would show the difference), and a teacher's own lesson file given by path.
  python3 - "$(dirname "$binary")/../share/ticklab/lessons/beat.json" "$work/teacher.json" <<'PY'
import json, sys
lesson = json.load(open(sys.argv[1]))
lesson["settings"]["balls"] = 123
json.dump(lesson, open(sys.argv[1], "w"))
lesson.update(name="teacher", title="A teacher's own lesson")
lesson["settings"].update(balls=300, tick_rate=25)
json.dump(lesson, open(sys.argv[2], "w"))
PY
  "$binary" --headless --lesson beat --frames 30 --report "$work/lesson.json" >/dev/null 2>"$work/lesson.err" ||
    fail "$label --lesson beat failed: $(cat "$work/lesson.err")"
  grep -qE '"balls": 123[,}]' "$work/lesson.json" ||
    fail "$label --lesson beat did not read the installed lessons/beat.json (balls 123): $(cat "$work/lesson.json")"
  "$binary" --headless --lesson "$work/teacher.json" --frames 30 --report "$work/lesson.json" >/dev/null 2>"$work/lesson.err" ||
    fail "$label --lesson teacher.json failed: $(cat "$work/lesson.err")"
  grep -qE '"tick_rate": 25[,}]' "$work/lesson.json" || fail "$label --lesson teacher.json: $(cat "$work/lesson.json")"
  "$binary" --headless --frames 120 --report "$work/report.json" --trace "$work/trace.json" >/dev/null ||
    fail "$label headless run failed"
  grep -q '"frames": 120' "$work/report.json" || fail "$label headless report: $(cat "$work/report.json")"
  head -c 16 "$work/trace.json" | grep -q '^{"traceEvents": ' || fail "$label wrote no Chrome trace"
  # ticklab-plot, installed beside the binary, draws a CSV trace the binary writes.
  "$binary" --headless --frames 60 --trace "$work/trace.csv" >/dev/null || fail "$label CSV trace failed"
  "$(dirname "$binary")/ticklab-plot" "$work/trace.csv" "$work/plot.svg" 2>"$work/plot.err" ||
    fail "$label: ticklab-plot failed: $(cat "$work/plot.err")"
  grep -q '>Debt (ms)<' "$work/plot.svg" || fail "$label: ticklab-plot drew no debt panel"
  "$binary" --frames 3 --screenshot "$work/shot.png" >/dev/null 2>"$work/shot.err" ||
    fail "$label screenshot run failed: $(cat "$work/shot.err")"
  [ -s "$work/shot.png" ] || fail "$label wrote no screenshot"
  rm -f "$work/report.json" "$work/trace.json" "$work/trace.csv" "$work/plot.svg" "$work/shot.png"
  ok "$label: --version says ticklab $version; the installed lessons and a teacher's file load; headless (with report and trace) and screenshot runs work; ticklab-plot draws the trace"
}
run_installed "$usr/bin/ticklab" "staged /usr/bin/ticklab"

# 3. Validators.
desktop-file-validate "$usr/share/applications/ticklab.desktop" || fail "desktop-file-validate"
ok "desktop-file-validate ticklab.desktop: no errors, no warnings"
appstreamcli validate --no-net "$usr/share/metainfo/org.ticklab.ticklab.metainfo.xml" >"$work/as.log" 2>&1 ||
  fail "appstreamcli validate: $(cat "$work/as.log")"
appstreamcli validate-tree --no-net "$stage" >"$work/as.log" 2>&1 || fail "appstreamcli validate-tree: $(cat "$work/as.log")"
ok "appstreamcli validate and validate-tree --no-net: no issues"
LC_ALL=C.UTF-8 MANWIDTH=100 man --warnings -l "$usr/share/man/man1/ticklab.1.gz" >"$work/man.txt" 2>"$work/man.err" ||
  fail "man -l: $(cat "$work/man.err")"
[ ! -s "$work/man.err" ] || fail "man page warnings: $(cat "$work/man.err")"
grep -q -- '--tick-rate' "$work/man.txt" || fail "the man page does not list --tick-rate"
for section in KEYS 'LESSON FILES' FILES 'SEE ALSO'; do
  grep -q "^$section\$" "$work/man.txt" || fail "the man page has no $section section"
done
# KEYS is printed from the key table at build time (game/man_keys.cpp): a first and a last row.
sed -n '/^KEYS$/,/^[A-Z]/p' "$work/man.txt" | grep -qE '^ +Space +pause' || fail "the man page's KEYS has no Space"
sed -n '/^KEYS$/,/^[A-Z]/p' "$work/man.txt" | grep -qE '^ +F12 +screenshot' || fail "the man page's KEYS has no F12"
LC_ALL=C.UTF-8 MANWIDTH=100 man --warnings -l "$usr/share/man/man1/ticklab-plot.1.gz" >"$work/man.txt" 2>"$work/man.err" ||
  fail "man -l ticklab-plot: $(cat "$work/man.err")"
[ ! -s "$work/man.err" ] || fail "ticklab-plot man page warnings: $(cat "$work/man.err")"
ok "man -l ticklab.1.gz and ticklab-plot.1.gz: render without warnings; the options, KEYS, LESSON FILES and FILES"

# 4. The .deb.
package_dir="$work/package"
(cd "$build" && cpack -G DEB -B "$package_dir" >"$work/cpack.log" 2>&1) || fail "cpack -G DEB: $(tail -5 "$work/cpack.log")"
deb="$(ls "$package_dir"/ticklab_*.deb)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the .deb's Version is $(dpkg-deb -f "$deb" Version)"
depends="$(dpkg-deb -f "$deb" Depends)"
for needed in libsdl2-2.0-0 libsdl2-ttf-2.0-0 fonts-dejavu-core libc6 libstdc++6; do
  [[ ", $depends," == *", $needed "* || ", $depends," == *", $needed,"* ]] ||
    fail "the .deb does not depend on $needed: Depends: $depends"
done
ok "$(basename "$deb"): Depends: $depends"
dpkg-deb -c "$deb" >"$work/contents.txt"
for file in ./usr/bin/ticklab ./usr/bin/ticklab-plot ./usr/share/applications/ticklab.desktop ./usr/share/man/man1/ticklab.1.gz \
  ./usr/share/doc/ticklab/copyright ./usr/share/doc/ticklab/changelog.gz ./usr/share/doc/ticklab/README.md \
  ./usr/share/icons/hicolor/256x256/apps/ticklab.png ./usr/share/metainfo/org.ticklab.ticklab.metainfo.xml; do
  grep -q " $file\$" "$work/contents.txt" || fail "the .deb does not hold $file"
done
ok "the .deb holds the binary, desktop entry, icons, metainfo and man page"
# Debian's checks, as a school's packager would run them. lintian says that it runs as root (CI does).
lintian --fail-on error,warning "$deb" >"$work/lintian.log" 2>&1 ||
  fail "lintian: $(grep -E '^[EW]: ' "$work/lintian.log" | tr '\n' ' ')$(grep -vE '^[EWIPXN]: ' "$work/lintian.log" | grep -v 'root privileges' | tr '\n' ' ')"
ok "lintian $(basename "$deb"): no errors, no warnings"
dpkg-deb -x "$deb" "$work/unpacked"
# The build machine's folders must not be in what is installed (the assets were once found through
# the checkout's path compiled in).
for binary in "$usr/bin/ticklab" "$work/unpacked/usr/bin/ticklab"; do
  if strings -a "$binary" | grep -F -e "$root" -e "$build" >"$work/paths.txt"; then
    fail "$binary holds a path of the build machine: $(head -3 "$work/paths.txt" | tr '\n' ' ')"
  fi
done
ok "no path of the checkout ($root) or build tree in the installed or packaged binary"
run_installed "$work/unpacked/usr/bin/ticklab" "the .deb's binary (dpkg-deb -x)"

if [ "${CI:-}" = "true" ] && [ "$(id -u)" -eq 0 ] && ! dpkg-query -W ticklab >/dev/null 2>&1; then
  # apt-get must resolve it with nothing else to fetch (its --no-download refuses local .debs, so a
  # simulation proves it); dpkg then installs it, and would refuse rather than download a missing one.
  apt-get install -s "$deb" >"$work/apt.log" 2>&1 || fail "apt-get install -s the .deb: $(tail -3 "$work/apt.log")"
  grep -q '^0 upgraded, 1 newly installed, 0 to remove' "$work/apt.log" ||
    fail "apt-get would install more than the .deb: $(grep -E 'newly installed|^Inst' "$work/apt.log" | tr '\n' ' ')"
  dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || fail "dpkg -i the .deb: $(tail -3 "$work/dpkg.log")"
  trap 'dpkg -r ticklab >/dev/null 2>&1; rm -rf "$work"' EXIT
  run_installed /usr/bin/ticklab "installed /usr/bin/ticklab"
  dpkg -r ticklab >/dev/null
  [ ! -e /usr/bin/ticklab ] || fail "dpkg -r ticklab left /usr/bin/ticklab behind"
  ok "apt-get resolves the .deb with nothing to fetch; dpkg installed it, it ran from /usr/bin, and dpkg -r removed it"
else
  echo "check_install: skipped installing the .deb system-wide (done only in CI, as root, with no ticklab installed)"
fi
