#include "app/platform/user_paths.hpp"

#include <SDL.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <system_error>

namespace ticklab::app {
namespace {

std::filesystem::path env_path(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr ? std::filesystem::path{value} : std::filesystem::path{};
}

bool ensure_dir(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return std::filesystem::is_directory(dir, ec);
}

}  // namespace

std::filesystem::path user_dir_from(const std::filesystem::path& user_dirs_file, std::string_view key,
                                    const std::filesystem::path& home) {
    // xdg-user-dirs writes shell assignments: KEY="$HOME/Bilder" or KEY="/an/absolute/path".
    std::ifstream in{user_dirs_file};
    std::string line;
    std::filesystem::path found;
    while (std::getline(in, line)) {
        if (line.empty() || line.front() == '#' || !line.starts_with(key) || line.size() <= key.size() ||
            line[key.size()] != '=') {
            continue;
        }
        std::string value = line.substr(key.size() + 1);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        if (value.starts_with("$HOME")) {
            if (home.empty()) continue;
            const std::string rest = value.substr(5);
            found = rest.empty() || rest == "/" ? home : home / rest.substr(rest.front() == '/' ? 1 : 0);
        } else if (!value.empty() && value.front() == '/') {
            found = value;
        }
    }
    // "$HOME/" alone means "no such folder" to xdg-user-dirs: the home folder is never a pictures folder.
    return found == home ? std::filesystem::path{} : found;
}

std::filesystem::path config_dir() {
    std::filesystem::path base = env_path("XDG_CONFIG_HOME");
    if (base.empty() && !env_path("HOME").empty()) base = env_path("HOME") / ".config";
    if (!base.empty() && ensure_dir(base / "ticklab")) return base / "ticklab";
    if (char* pref = SDL_GetPrefPath("ticklab", "ticklab"); pref != nullptr) {
        std::filesystem::path dir{pref};
        SDL_free(pref);
        return dir;
    }
    return {};
}

std::filesystem::path pictures_dir() {
    std::error_code ec;
    if (auto dir = env_path("XDG_PICTURES_DIR"); !dir.empty() && std::filesystem::is_directory(dir, ec)) return dir;
    std::filesystem::path config = env_path("XDG_CONFIG_HOME");
    if (config.empty() && !env_path("HOME").empty()) config = env_path("HOME") / ".config";
    if (!config.empty()) {
        const auto dir = user_dir_from(config / "user-dirs.dirs", "XDG_PICTURES_DIR", env_path("HOME"));
        if (!dir.empty() && std::filesystem::is_directory(dir, ec)) return dir;
    }
    if (auto home = env_path("HOME"); !home.empty() && std::filesystem::is_directory(home / "Pictures", ec)) {
        return home / "Pictures";
    }
    return std::filesystem::current_path(ec);
}

}  // namespace ticklab::app
