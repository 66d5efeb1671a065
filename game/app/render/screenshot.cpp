#include "app/render/screenshot.hpp"

#include "app/platform/user_paths.hpp"
#include "app/render/png_file.hpp"

#include <ctime>
#include <vector>

namespace ticklab::app {

std::string save_screenshot(SDL_Renderer* renderer, const std::filesystem::path& path) {
    int w = 0;
    int h = 0;
    if (SDL_GetRendererOutputSize(renderer, &w, &h) != 0 || w <= 0 || h <= 0) {
        return "cannot read the frame for the screenshot: " + std::string(SDL_GetError());
    }
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4u);
    // RGBA32 is R, G, B, A in memory on any byte order: what PNG wants.
    if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, rgba.data(), w * 4) != 0) {
        return "cannot read the frame for the screenshot: " + std::string(SDL_GetError());
    }
    // Alpha from the back buffer is meaningless on some drivers; a screenshot is opaque.
    for (std::size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
    return write_png(path, w, h, rgba.data());
}

std::filesystem::path timestamped_screenshot_path() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char name[64];
    std::strftime(name, sizeof name, "ticklab-%Y%m%d-%H%M%S.png", &local);
    return pictures_dir() / name;
}

}  // namespace ticklab::app
