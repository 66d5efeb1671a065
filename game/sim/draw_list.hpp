#pragma once
// What a scene wants drawn this frame, in world units, with no SDL in sight.
//
// Usage: the front end clears one draw_list per frame, hands it to scene::draw, then renders it
// (batched). World coordinates: x to the right, y UP, origin at the bottom-left of `world_size`;
// the front end maps that rectangle into the window, keeping the aspect ratio.

#include <cstdint>
#include <vector>

namespace ticklab::game {

struct vec2 {
    float x = 0.0f;
    float y = 0.0f;
};

struct rgba {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

struct circle_shape {
    vec2 center;
    float radius = 1.0f;
    rgba fill;
};

struct line_shape {
    vec2 from;
    vec2 to;
    rgba stroke;
};

struct triangle_shape {
    vec2 a, b, c;
    rgba fill;
};

struct draw_list {
    vec2 world_size{100.0f, 100.0f};
    // The bottom-left corner of the shown rectangle, in world units: a camera. The front end shows
    // [world_origin, world_origin + world_size]; shapes outside it are clipped.
    vec2 world_origin{0.0f, 0.0f};
    rgba background{12, 14, 22, 255};
    std::vector<circle_shape> circles;
    std::vector<triangle_shape> triangles;
    std::vector<line_shape> lines;  // drawn last, on top

    void clear() {
        circles.clear();
        triangles.clear();
        lines.clear();
    }
};

}  // namespace ticklab::game
