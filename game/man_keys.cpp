// Prints the man page's KEYS section (help2man's --include format) from the one key table
// (app/input/action.hpp), so the page lists exactly the keys the keyboard, the F1 list and the
// panel show. Run at build time by cmake/ticklab_install.cmake; never installed.

#include "app/input/action.hpp"

#include <cstdio>
#include <string>
#include <string_view>

namespace {

// roff text: a backslash doubled, a minus sign as \-, and \& before a leading '.' or '\'' (which
// roff would read as a request).
std::string roff(std::string_view text, bool minus_signs) {
    std::string out;
    if (!text.empty() && (text.front() == '.' || text.front() == '\'')) out += "\\&";
    for (const char ch : text) {
        if (ch == '\\') {
            out += "\\\\";
        } else if (ch == '-' && minus_signs) {
            out += "\\-";
        } else {
            out += ch;
        }
    }
    return out;
}

}  // namespace

int main() {
    std::puts("[KEYS]");
    std::puts("In a window. F1 lists the same keys over the scene, and the control panel has them too.");
    for (const ticklab::app::key_binding& key : ticklab::app::key_table()) {
        if (key.keys_label.empty()) continue;  // listed with the row before it
        std::printf(".TP\n.B %s\n%s\n", roff(key.keys_label, true).c_str(), roff(key.meaning, false).c_str());
    }
    return 0;
}
