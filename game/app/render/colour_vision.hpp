#pragma once
// How far apart two colours look, with normal colour vision and as simulated for the three kinds of
// dichromacy, so a palette can be checked for colour-blind readers (issue 26).
//
// Simulation: Machado, Oliveira and Fernandes 2009, "A Physiologically-based Model for Simulation of
// Color Vision Deficiency", severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear
// sRGB and clipped to the sRGB gamut. Distance: CIE76 (Euclidean in CIELAB, D65 white), the measure
// issue 26 used: "dropped" against the paused stripe falls from 71.6 to 12.7 under protanopia.
//
// Usage:
//   const double de = delta_e76(simulate(a, vision::protan), simulate(b, vision::protan));

#include "sim/draw_list.hpp"

#include <array>

namespace ticklab::app {

enum class vision { normal, protan, deutan, tritan };
inline constexpr std::array<vision, 4> all_visions{vision::normal, vision::protan, vision::deutan, vision::tritan};

struct lab {
    double l = 0.0;  // lightness, 0 (black) to 100 (white)
    double a = 0.0;  // green (-) to red (+)
    double b = 0.0;  // blue (-) to yellow (+)
};

// `colour` as a reader with `kind` of vision sees it, as sRGB (0 to 255 a channel, not rounded).
struct srgb {
    double r = 0.0, g = 0.0, b = 0.0;
};
[[nodiscard]] srgb simulate(game::rgba colour, vision kind);

[[nodiscard]] lab to_lab(srgb colour);
// CIE76: the distance in CIELAB; about 2.3 is just noticeable, 40 and more tells categories apart.
[[nodiscard]] double delta_e76(srgb a, srgb b);

}  // namespace ticklab::app
