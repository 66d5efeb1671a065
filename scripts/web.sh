#!/usr/bin/env bash
# Builds Ticklab for a web browser into build-web/ (index.html, ticklab.js, ticklab.wasm, ticklab.data
# with the lessons and fonts): static files any web server can serve (docs/web.md).
#
# Usage: bash scripts/web.sh            # install what is missing, fetch the sources, build build-web/
#        bash scripts/web.sh --serve    # then serve build-web on http://127.0.0.1:8024/ (PORT=... to change)
#        bash scripts/web.sh --test     # then the browser test (scripts/web_test.sh)
#        bash scripts/web.sh --fetch    # only install and fetch: what needs apt (CI, before it builds
#                                       # the page in the background beside other stages)
#
# Everything comes from Debian: emscripten from its package, and SDL2, SDL2_ttf, FreeType and Dear
# ImGui from Debian SOURCE packages (`apt-get source`, from a deb-src entry for the mirror the binary
# packages come from), fetched once into build-web/deps and reused by later runs. Nothing else is
# downloaded and nothing is copied into this repository. Emscripten's own -sUSE_SDL=2 ports would
# download at build time, so the libraries are built here with emcmake instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
OUT=$ROOT/build-web
DEPS=$OUT/deps
PREFIX=$DEPS/prefix   # the wasm libraries and headers, installed
JOBS=${JOBS:-2}
# Debian's emscripten 3.1.6 needs node's acorn, which node 20 only finds here.
export NODE_PATH=/usr/share/nodejs

mode=build
case "${1:-}" in
    "") ;;
    --serve) mode=serve ;;
    --test) mode=test ;;
    --fetch) mode=fetch ;;
    *) echo "web.sh: unknown option '$1': use no option, --serve, --test or --fetch" >&2; exit 2 ;;
esac

# --- Debian packages -----------------------------------------------------------------------------
packages=(emscripten python3 dpkg-dev cmake make pkgconf libimgui-dev nlohmann-json3-dev libcli11-dev libstb-dev
          fonts-dejavu-core)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
sources_list=/etc/apt/sources.list.d/ticklab-web-src.sources
if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    need_src=1
else
    need_src=0
fi
if ((${#missing[@]} > 0 || need_src)); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "web.sh: run as root first:" >&2
        ((need_src)) && echo "  sed 's/^Types: deb\$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > $sources_list" >&2
        ((${#missing[@]} > 0)) && echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    if ((need_src)); then
        # The same mirrors and suites as the binary packages, for source packages.
        sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$sources_list"
    fi
    apt-get update -q
    ((${#missing[@]} > 0)) && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# --- Source packages, fetched once ---------------------------------------------------------------
mkdir -p "$DEPS/src" "$PREFIX"
# $1: source package; prints the unpacked folder (the first with a debian/ inside).
fetch_source() {
    local name=$1 dir
    dir=$(find "$DEPS/src" -maxdepth 1 -type d -name "$name-[0-9]*" | head -1)
    if [[ -z $dir ]]; then
        (cd "$DEPS/src" && apt-get source -q "$name" >&2)
        dir=$(find "$DEPS/src" -maxdepth 1 -type d -name "$name-[0-9]*" | head -1)
    fi
    [[ -n $dir ]] || { echo "web.sh: apt-get source $name gave no folder in $DEPS/src" >&2; exit 1; }
    echo "$dir"
}
sdl_src=$(fetch_source libsdl2)
freetype_src=$(fetch_source freetype)
ttf_src=$(fetch_source libsdl2-ttf)
imgui_src=$(fetch_source imgui)
[[ $mode == fetch ]] && exit 0

# --- The libraries, for wasm (each built once; delete build-web/deps/prefix to rebuild) ------------
# $1: name, $2: source folder, the rest: CMake options.
build_library() {
    local name=$1 src=$2
    shift 2
    [[ -f $PREFIX/.built-$name ]] && return 0
    echo "web.sh: building $name for wasm"
    emcmake cmake -S "$src" -B "$DEPS/build-$name" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX" -DBUILD_SHARED_LIBS=OFF "$@" >/dev/null
    cmake --build "$DEPS/build-$name" -j"$JOBS" >/dev/null
    cmake --install "$DEPS/build-$name" >/dev/null
    touch "$PREFIX/.built-$name"
}
# SDL's configure runs about 160 checks, each a run of emcc: 372 s of one core (measured), CI's longest
# single step. Their answers depend only on emscripten's version and SDL's, so web/sdl2_checks.cmake
# keeps them for the pair named on its first line, and SDL's configure then only reads them (2 s; the
# same SDL_config.h, CMakeCache.txt and byte-identical libSDL2.a). With any other pair the checks run,
# and build-web/deps/sdl2_checks.cmake gets that pair's answers: copy it over web/'s to keep them.
sdl_pair="emscripten $(emcc -dumpversion) with $(basename "$sdl_src")"
sdl_checks=()
if [[ $(head -n 1 "$ROOT/web/sdl2_checks.cmake" 2>/dev/null) == "# Answers of SDL's configure checks: $sdl_pair" ]]; then
    sdl_checks=(-C "$ROOT/web/sdl2_checks.cmake")
elif [[ ! -f $PREFIX/.built-sdl2 ]]; then
    echo "web.sh: web/sdl2_checks.cmake is not for $sdl_pair: SDL's configure runs every check (6 min)"
fi
# No threads: SDL's would need SharedArrayBuffer, which a page only gets with COOP/COEP headers.
build_library sdl2 "$sdl_src" "${sdl_checks[@]}" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_THREADS=OFF
if [[ ${#sdl_checks[@]} -eq 0 && ! -f $DEPS/sdl2_checks.cmake ]]; then
    { echo "# Answers of SDL's configure checks: $sdl_pair"
      echo "# Written by scripts/web.sh from a configure that ran them all; read with cmake -C (see web.sh)."
      sed -nE 's/^(HAVE_[A-Za-z0-9_]*|STDC_HEADERS|LIBC_IS_GLIBC):INTERNAL=(.*)$/set(\1 "\2" CACHE INTERNAL "")/p' \
          "$DEPS/build-sdl2/CMakeCache.txt"
    } >"$DEPS/sdl2_checks.cmake"
fi
build_library freetype "$freetype_src" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
build_library sdl2_ttf "$ttf_src" -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_VENDORED=OFF -DSDL2TTF_HARFBUZZ=OFF \
    -DSDL2TTF_INSTALL=ON -DSDL2_DIR="$PREFIX/lib/cmake/SDL2" \
    -DFREETYPE_LIBRARY="$PREFIX/lib/libfreetype.a" -DFREETYPE_INCLUDE_DIRS="$PREFIX/include/freetype2"

# Header-only libraries: Debian's headers, seen through their own folders only (never all of
# /usr/include, whose glibc headers are not emscripten's).
mkdir -p "$DEPS/include"
ln -sfn /usr/include/nlohmann "$DEPS/include/nlohmann"
ln -sfn /usr/include/CLI "$DEPS/include/CLI"
ln -sfn /usr/include/stb/stb_image_write.h "$DEPS/include/stb_image_write.h"  # libstb-dev: PNGs

# --- Ticklab itself, with the repository's CMake (its EMSCRIPTEN branch: cmake/web.cmake) ----------
emcmake cmake -S "$ROOT" -B "$OUT/cmake" -DCMAKE_BUILD_TYPE=Release -DTICKLAB_WERROR=OFF \
    -DTICKLAB_WEB_PREFIX="$PREFIX" -DTICKLAB_WEB_IMGUI="$imgui_src" -DTICKLAB_WEB_INCLUDE="$DEPS/include" \
    -DTICKLAB_WEB_OUT="$OUT" >/dev/null
# emcc writes ticklab.wasm before its last step fails: the build's status says whether the page is whole.
status=0
cmake --build "$OUT/cmake" -j"$JOBS" --target ticklab >"$OUT/build.log" 2>&1 || status=$?
grep -v '^\[' "$OUT/build.log" || true
((status == 0)) || { echo "web.sh: building $OUT/ticklab.js failed (above; build-web/build.log)" >&2; exit 1; }
cp "$ROOT/web/index.html" "$ROOT/web/ticklab_page.js" "$OUT/"
echo "web.sh: built $OUT ($(du -sh --exclude=deps --exclude=cmake --exclude=test --exclude=build.log "$OUT" | cut -f1)): index.html, ticklab.js, ticklab.wasm, ticklab.data"

case $mode in
    serve)
        port=${PORT:-8024}
        echo "web.sh: serving $OUT on http://127.0.0.1:$port/ (Ctrl-C stops)"
        cd "$OUT" && exec python3 -m http.server --bind 127.0.0.1 "$port"
        ;;
    test) exec bash "$ROOT/scripts/web_test.sh" ;;
esac
