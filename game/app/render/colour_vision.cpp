#include "app/render/colour_vision.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

using matrix = std::array<std::array<double, 3>, 3>;

// Machado et al. 2009, severity 1.0, on linear RGB.
constexpr matrix protanopia{
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
constexpr matrix deuteranopia{
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
constexpr matrix tritanopia{
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};

// sRGB's transfer curve, 0 to 1 both ways.
double to_linear(double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double to_encoded(double c) {
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

}  // namespace

srgb simulate(game::rgba colour, vision kind) {
    const std::array<double, 3> encoded{colour.r / 255.0, colour.g / 255.0, colour.b / 255.0};
    if (kind == vision::normal) return {colour.r * 1.0, colour.g * 1.0, colour.b * 1.0};
    const matrix& m = kind == vision::protan ? protanopia : kind == vision::deutan ? deuteranopia : tritanopia;
    std::array<double, 3> linear{};
    for (std::size_t i = 0; i < 3; ++i) linear[i] = to_linear(encoded[i]);
    std::array<double, 3> out{};
    for (std::size_t i = 0; i < 3; ++i) {
        out[i] = 255.0 * to_encoded(m[i][0] * linear[0] + m[i][1] * linear[1] + m[i][2] * linear[2]);
    }
    return {out[0], out[1], out[2]};
}

lab to_lab(srgb colour) {
    const double r = to_linear(colour.r / 255.0);
    const double g = to_linear(colour.g / 255.0);
    const double b = to_linear(colour.b / 255.0);
    // sRGB to XYZ, relative to D65's white.
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    constexpr double delta = 6.0 / 29.0;
    const auto f = [](double t) {
        return t > delta * delta * delta ? std::cbrt(t) : t / (3.0 * delta * delta) + 4.0 / 29.0;
    };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double delta_e76(srgb a, srgb b) {
    const lab p = to_lab(a);
    const lab q = to_lab(b);
    return std::hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

}  // namespace ticklab::app
