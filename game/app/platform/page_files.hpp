#pragma once
// Files the program saves for the user (F12's screenshot, the panel's recording). On the desktop
// they are on disk where the program said; in a web page they are in the page's in-memory file
// system, which the user cannot see, so each is also handed to the browser as a download.
//
// Usage (after the file is written):
//   offer_download(path);   // a page: the browser's download of it; the desktop: nothing

#include <filesystem>

namespace ticklab::app {

void offer_download(const std::filesystem::path& path);

}  // namespace ticklab::app
