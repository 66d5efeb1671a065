#pragma once
// Cuts shapes down to the rectangle a draw_list shows (world_origin, world_size), for a scene
// with a camera: the front end outlines that rectangle as the world's edge but clips only to its
// whole scene area, so a shape past the rectangle would spill over the outline.

#include "sim/draw_list.hpp"

#include <cstddef>

namespace ticklab::game {

// Clips the triangles from `first_triangle` and the lines from `first_line` on (the ones before are
// left alone) to the list's shown rectangle: a shape wholly inside is kept as it is, one wholly
// outside is removed, one across the edge is cut at it (a triangle into a fan of up to five).
// Circles are not touched. Order is kept.
void clip_to_view(draw_list& list, std::size_t first_triangle = 0, std::size_t first_line = 0);

}  // namespace ticklab::game
