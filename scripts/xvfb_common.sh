# Shared start of the Xvfb tests (sourced, not run): checks the tools, re-runs the calling script
# inside xvfb-run on a free display, then gives it a scratch folder `$work`, `fail MESSAGE`, and a
# cleanup that kills the ticklab it started (its pid in `$pid`).
# The caller sets `binary` and `xvfb_screen` (e.g. 1280x720x24) before sourcing this file, and
# `xvfb_args` (an array) when the re-run needs more arguments than the binary.
xvfb_name="$(basename "${BASH_SOURCE[1]}")"
for tool in xvfb-run xdotool; do
  command -v "$tool" >/dev/null || { echo "$xvfb_name: $tool is missing (bash scripts/setup.sh)" >&2; exit 1; }
done

if [ -z "${TICKLAB_XVFB_INNER:-}" ]; then
  # -a: a free display number, so parallel runs do not collide.
  exec env TICKLAB_XVFB_INNER=1 xvfb-run -a -s "-screen 0 $xvfb_screen" bash "${BASH_SOURCE[1]}" \
    "${xvfb_args[@]:-$binary}"
fi

work="$(mktemp -d)"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "$xvfb_name: FAIL: $*" >&2; [ -f "$work/err" ] && sed 's/^/  stderr: /' "$work/err" >&2; exit 1; }

unset SDL_VIDEODRIVER
export SDL_AUDIODRIVER=dummy
