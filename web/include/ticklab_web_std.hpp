// The C++20 library parts the program uses that libc++ 13 lacks, for the web build only (the
// top-level CMakeLists.txt includes this before every C++ file there): Debian's emscripten 3.1.6
// ships libc++ 13. Each is defined only where that library has none.
// - std::bit_cast: the compiler's own __builtin_bit_cast, which is what libc++ 14 wraps.
// - std::to_chars and std::from_chars for float and double (reports, traces, replay files): the
//   shortest digits that read back as the same value, laid out as the standard says (fixed or
//   scientific, whichever is shorter; fixed on a tie), from the C library's correctly rounded
//   printf/strtod. A replay written in a page reads back as the same bits anywhere.
// - std::jthread and std::stop_token: a page runs on one thread (docs/web.md) and worker_pool
//   starts no thread there (engine/src/worker_pool.cpp), so these only let its code compile.
//   Starting a thread throws, as std::thread does where the platform has none.
#pragma once
#ifdef __cplusplus
#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <thread>

#if !defined(__EMSCRIPTEN_PTHREADS__) && defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 14000
namespace std {

template <typename To, typename From>
[[nodiscard]] constexpr To bit_cast(const From& from) noexcept {
    static_assert(sizeof(To) == sizeof(From));
    return __builtin_bit_cast(To, from);
}

namespace ticklab_web {

// `value` as to_chars without a format writes it: the fewest significant digits that read back as
// `value`, fixed or scientific notation, whichever is shorter.
template <typename Float>
to_chars_result shortest_chars(char* first, char* last, Float value) {
    std::string text;
    if (std::isnan(value)) {
        text = std::signbit(value) ? "-nan" : "nan";
    } else if (std::isinf(value)) {
        text = value < 0 ? "-inf" : "inf";
    } else if (value == 0) {
        text = std::signbit(value) ? "-0" : "0";
    } else {
        constexpr int most = sizeof(Float) == 4 ? 9 : 17;
        char sci[64];
        for (int precision = 0; precision < most; ++precision) {
            std::snprintf(sci, sizeof sci, "%.*e", precision, static_cast<double>(value));
            const Float back = sizeof(Float) == 4 ? static_cast<Float>(std::strtof(sci, nullptr))
                                                  : static_cast<Float>(std::strtod(sci, nullptr));
            if (back == value) break;
        }
        const bool negative = sci[0] == '-';
        std::string digits;
        const char* at = sci + (negative ? 1 : 0);
        for (; *at != 'e'; ++at) {
            if (*at != '.') digits += *at;
        }
        const int exponent = std::atoi(at + 1);
        const int count = static_cast<int>(digits.size());
        std::string fixed;
        if (exponent >= count - 1) {
            // A whole number: its exact digits (the standard's fixed form), not the shortest padded.
            char whole[400];
            std::snprintf(whole, sizeof whole, "%.0f", std::fabs(static_cast<double>(value)));
            fixed = whole;
        } else if (exponent >= 0) {
            fixed = digits.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
                    digits.substr(static_cast<std::size_t>(exponent + 1));
        } else {
            fixed = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
        char exp_text[16];
        std::snprintf(exp_text, sizeof exp_text, "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
        const std::string scientific = digits.substr(0, 1) + (count > 1 ? "." + digits.substr(1) : "") + exp_text;
        text = (negative ? "-" : "") + (scientific.size() < fixed.size() ? scientific : fixed);
    }
    if (text.size() > static_cast<std::size_t>(last - first)) return {last, errc::value_too_large};
    std::memcpy(first, text.data(), text.size());
    return {first + text.size(), errc{}};
}

// from_chars's general format: [-]digits[.digits][e[+-]digits], inf, nan; no leading space or '+'
// and no hexadecimal (which strtod would take).
template <typename Float>
from_chars_result parse_chars(const char* first, const char* last, Float& value) {
    const char* at = first + (first != last && *first == '-' ? 1 : 0);
    if (at == last || !(std::isdigit(static_cast<unsigned char>(*at)) || *at == '.' || *at == 'i' || *at == 'I' ||
                        *at == 'n' || *at == 'N')) {
        return {first, errc::invalid_argument};
    }
    std::string text{first, last};
    if (at + 1 < last && at[0] == '0' && (at[1] == 'x' || at[1] == 'X')) text.resize(static_cast<std::size_t>(at - first) + 1);
    char* end = nullptr;
    errno = 0;
    const Float parsed = sizeof(Float) == 4 ? static_cast<Float>(std::strtof(text.c_str(), &end))
                                            : static_cast<Float>(std::strtod(text.c_str(), &end));
    if (end == text.c_str()) return {first, errc::invalid_argument};
    const char* ptr = first + (end - text.c_str());
    if (errno == ERANGE && (std::isinf(parsed) || parsed == 0)) return {ptr, errc::result_out_of_range};
    value = parsed;
    return {ptr, errc{}};
}

}  // namespace ticklab_web

inline to_chars_result to_chars(char* first, char* last, double value) {
    return ticklab_web::shortest_chars(first, last, value);
}
inline to_chars_result to_chars(char* first, char* last, float value) {
    return ticklab_web::shortest_chars(first, last, value);
}
inline from_chars_result from_chars(const char* first, const char* last, double& value) {
    return ticklab_web::parse_chars(first, last, value);
}
inline from_chars_result from_chars(const char* first, const char* last, float& value) {
    return ticklab_web::parse_chars(first, last, value);
}

class stop_token {
public:
    [[nodiscard]] bool stop_requested() const noexcept { return true; }
};

class jthread {
public:
    jthread() noexcept = default;
    template <typename Function>
    explicit jthread(Function&&) {
        throw system_error(make_error_code(errc::resource_unavailable_try_again), "this build has no threads");
    }
    jthread(jthread&&) noexcept = default;
    jthread& operator=(jthread&&) noexcept = default;
    bool request_stop() noexcept { return false; }
};

}  // namespace std
#endif
#endif
