#include "app/render/png_file.hpp"

#include "io/output_file.hpp"

#include <stb_image_write.h>

#include <unistd.h>

#include <system_error>

namespace ticklab::app {
namespace {

std::filesystem::path parent_of(const std::filesystem::path& path) {
    return path.has_parent_path() ? path.parent_path() : std::filesystem::path{"."};
}

}  // namespace

std::string check_png_path(const std::filesystem::path& path) {
    const std::string shown = "screenshot path '" + path.string() + "'";
    if (path.empty() || !path.has_filename()) return shown + " is not a file name";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return shown + " is a directory";
    // A device or a pipe: io/output_file's check, which asks only that it be writable.
    if (game::is_special_file(path.string())) return game::check_output_path(path.string());
    const auto dir = parent_of(path);
    if (!std::filesystem::is_directory(dir, ec)) return shown + ": folder '" + dir.string() + "' does not exist";
    // The temporary file and the rename both need to write the folder.
    if (::access(dir.c_str(), W_OK) != 0) return shown + ": folder '" + dir.string() + "' is not writable";
    return {};
}

std::string write_png(const std::filesystem::path& path, int width, int height, const std::uint8_t* rgba) {
    if (auto error = check_png_path(path); !error.empty()) return error;
    // A device or a pipe (/dev/null) is written in place: see game::is_special_file.
    if (game::is_special_file(path.string())) {
        const bool written = stbi_write_png(path.c_str(), width, height, 4, rgba, width * 4) != 0;
        return written ? std::string{} : "cannot write screenshot '" + path.string() + "'";
    }
    auto temp = path;
    temp += ".tmp-" + std::to_string(::getpid());
    if (stbi_write_png(temp.c_str(), width, height, 4, rgba, width * 4) == 0) {
        std::error_code ec;
        std::filesystem::remove(temp, ec);
        return "cannot write screenshot '" + path.string() + "'";
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        return "cannot write screenshot '" + path.string() + "': " + ec.message();
    }
    return {};
}

}  // namespace ticklab::app
