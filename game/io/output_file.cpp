#include "io/output_file.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

namespace ticklab::game {

std::string check_output_path(const std::string& path) {
    namespace fs = std::filesystem;
    if (path == "-") return {};
    if (path.empty()) return "output path is empty: give a file path, or - for standard output";
    std::error_code error;
    if (fs::is_directory(path, error)) return "output path '" + path + "' is a folder: give a file path";
    if (is_special_file(path)) {
        if (::access(path.c_str(), W_OK) != 0) return "output path '" + path + "' cannot be written";
        return {};
    }
    const fs::path parent = fs::path{path}.parent_path();
    const fs::path folder = parent.empty() ? fs::path{"."} : parent;
    if (!fs::is_directory(folder, error)) {
        return "output path '" + path + "' cannot be written: folder '" + folder.string() + "' does not exist";
    }
    if (::access(folder.c_str(), W_OK) != 0) {
        return "output path '" + path + "' cannot be written: folder '" + folder.string() + "' is not writable";
    }
    return {};
}

bool is_special_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) return false;
    return !fs::is_regular_file(status) && !fs::is_directory(status);
}

std::string write_text_atomically(const std::string& path, std::string_view text) {
    namespace fs = std::filesystem;
    if (path == "-") {
        std::cout << text << std::flush;
        return std::cout ? std::string{} : std::string{"cannot write to standard output"};
    }
    if (std::string error = check_output_path(path); !error.empty()) return error;
    if (is_special_file(path)) {
        std::ofstream out{path, std::ios::binary};
        out << text;
        out.flush();
        return out ? std::string{} : "cannot write '" + path + "'";
    }
    // The temporary sits next to the target, so the rename stays within one file system and a
    // reader sees either the old file or the whole new one, never a half-written one.
    const fs::path target{path};
    fs::path temporary = target;
    std::string name{'.'};
    name.append(target.filename().string()).append(".tmp-").append(std::to_string(::getpid()));
    temporary.replace_filename(name);
    {
        std::ofstream out{temporary, std::ios::binary | std::ios::trunc};
        out << text;
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            return "cannot write '" + temporary.string() + "'";
        }
    }
    std::error_code error;
    fs::rename(temporary, target, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return "cannot write '" + path + "': " + error.message();
    }
    return {};
}

}  // namespace ticklab::game
