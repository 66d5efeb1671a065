#pragma once
// Where the demo keeps files of its own: the panel layout (imgui.ini) and F12 screenshots. Never the
// current directory for settings, so running from a source tree leaves it clean.

#include <filesystem>
#include <string_view>

namespace ticklab::app {

// $XDG_CONFIG_HOME/ticklab, ~/.config/ticklab, else SDL's per-user folder; created on demand.
// Empty when none can be created (the layout is then simply not saved).
[[nodiscard]] std::filesystem::path config_dir();

// $XDG_PICTURES_DIR, the pictures folder the user named in user-dirs.dirs (xdg-user-dirs, in the
// config folder: ~/Bilder, ~/Images ...), ~/Pictures if it exists, else the current directory.
// F12's screenshots and the panel's replay file go there.
[[nodiscard]] std::filesystem::path pictures_dir();

// The folder `key` names in an xdg-user-dirs file ("$HOME/..." or an absolute path); empty when the
// file or the key is missing, or names the home folder itself (xdg-user-dirs' "disabled").
[[nodiscard]] std::filesystem::path user_dir_from(const std::filesystem::path& user_dirs_file, std::string_view key,
                                                  const std::filesystem::path& home);

}  // namespace ticklab::app
