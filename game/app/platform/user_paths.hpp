#pragma once
// Where the demo keeps files of its own: the panel layout (imgui.ini) and F12 screenshots. Never the
// current directory for settings, so running from a source tree leaves it clean.

#include <filesystem>

namespace ticklab::app {

// $XDG_CONFIG_HOME/ticklab, ~/.config/ticklab, else SDL's per-user folder; created on demand.
// Empty when none can be created (the layout is then simply not saved).
[[nodiscard]] std::filesystem::path config_dir();

// $XDG_PICTURES_DIR, ~/Pictures if it exists, else the current directory.
[[nodiscard]] std::filesystem::path pictures_dir();

}  // namespace ticklab::app
