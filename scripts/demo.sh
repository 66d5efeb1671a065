#!/usr/bin/env bash
# Sets up, builds and launches the demo. Arguments go to ticklab (try --help).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/build.sh"
exec "$root/build/game/ticklab" "$@"
