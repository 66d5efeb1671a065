#pragma once
// What must hold for the balls scene after any tick, for the tests that check it.

#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace ticklab_test {

// Every value finite and every centre inside the box inset by its radius (or at its middle when
// the ball is wider than the box).
inline ::testing::AssertionResult contained_and_finite(const ticklab::game::balls_scene& s) {
    const ticklab::game::balls_config& c = s.config();
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double x = s.xs()[i], y = s.ys()[i], r = s.radii()[i];
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(s.vxs()[i]) || !std::isfinite(s.vys()[i])) {
            return ::testing::AssertionFailure() << "ball " << i << " is not finite";
        }
        const double low_x = std::min(r, c.width / 2), high_x = std::max(c.width - r, c.width / 2);
        const double low_y = std::min(r, c.height / 2), high_y = std::max(c.height - r, c.height / 2);
        if (x < low_x || x > high_x || y < low_y || y > high_y) {
            return ::testing::AssertionFailure() << "ball " << i << " at (" << x << ", " << y << ") radius " << r
                                                 << " left the " << c.width << " x " << c.height << " box";
        }
    }
    return ::testing::AssertionSuccess();
}

}  // namespace ticklab_test
