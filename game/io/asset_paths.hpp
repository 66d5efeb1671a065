#pragma once
// Where the program's shipped files (the top-level assets/ folder: lessons, icon) are found at run
// time, and one line naming every path tried when one is missing.
//
// Usage:
//   std::string error;
//   if (auto path = find_asset("lessons/beat.json", error)) read(*path);
//   else std::cerr << "ticklab: " << error << '\n';   // "asset 'lessons/beat.json' not found: tried ..."
//
// Folders searched, in order (duplicates once):
//   1. <executable's folder>/assets             a copy next to the binary (a portable unpack); in the
//                                               build tree, a link to the checkout's assets/ that CMake
//                                               puts beside every binary that reads them
//   2. <executable's folder>/<bin to data>      the installed share folder found from the binary, e.g.
//                                               /usr/bin/../share/ticklab, so a staged install (DESTDIR)
//                                               or an unpacked .deb reads its own files, not the system's
//   3. the configured install folder            <prefix>/share/ticklab, as CMake was told at configure time
// The folders behind 2 and 3 come from CMake (cmake/ticklab_install.cmake). No path of the build tree
// or the checkout is compiled in: the installed binary holds none (scripts/check_install.sh checks).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

// The folders above for a binary in `executable_dir` (empty: the binary's folder is unknown, so
// only 3).
[[nodiscard]] std::vector<std::filesystem::path> asset_search_dirs(const std::filesystem::path& executable_dir);

// The folders above for this process (its binary found through /proc/self/exe).
[[nodiscard]] std::vector<std::filesystem::path> asset_search_dirs();

// The first `dir / relative` that exists (a file or a folder), or nullopt with `error` set to one
// line naming `relative` and every path tried. `relative` is a path inside assets/, such as
// "lessons" or "lessons/beat.json": an absolute path or one with a ".." part is refused (error set).
[[nodiscard]] std::optional<std::filesystem::path> find_asset(std::string_view relative,
                                                              const std::vector<std::filesystem::path>& dirs,
                                                              std::string& error);

// find_asset in asset_search_dirs().
[[nodiscard]] std::optional<std::filesystem::path> find_asset(std::string_view relative, std::string& error);

}  // namespace ticklab::game
