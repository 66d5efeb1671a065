#pragma once
// Captures what the renderer has drawn this frame (scene, HUD and panel) into a PNG.
//
// Usage: after drawing and before SDL_RenderPresent (the back buffer is undefined after it):
//   std::string error = save_screenshot(renderer, path);   // empty on success

#include <SDL.h>

#include <filesystem>
#include <string>

namespace ticklab::app {

[[nodiscard]] std::string save_screenshot(SDL_Renderer* renderer, const std::filesystem::path& path);

// ticklab-YYYYMMDD-HHMMSS.png in the user's pictures folder (for F12).
[[nodiscard]] std::filesystem::path timestamped_screenshot_path();

}  // namespace ticklab::app
