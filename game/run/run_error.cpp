#include "run/run_error.hpp"

#include <iostream>
#include <string>

namespace ticklab::game {

void note(std::string_view message) {
    std::string line{message};
    for (char& ch : line) {
        if (ch == '\n' || ch == '\r') ch = ' ';
    }
    std::cerr << "ticklab: " << line << '\n' << std::flush;
}

int fail(int exit_code, std::string_view message) {
    note(message);
    return exit_code;
}

}  // namespace ticklab::game
