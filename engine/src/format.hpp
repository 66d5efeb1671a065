#pragma once
// Private helpers for error messages: numbers as a person would write them.

#include <sstream>
#include <string>

namespace ticklab::detail {

inline std::string format_number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

}  // namespace ticklab::detail
