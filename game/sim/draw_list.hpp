#pragma once
// What a scene wants drawn this frame, in world units, with no SDL in sight.
//
// Usage: the front end clears one draw_list per frame, hands it to scene::draw, then renders it
// (batched). World coordinates: x to the right, y UP, origin at the bottom-left of `world_size`;
// the front end maps that rectangle into the window, keeping the aspect ratio.

#include <cstdint>
#include <vector>

namespace ticklab::game {

// Equality is exact (bit for bit, and NaN never equal): a front end that keeps the last frame's
// pixels redraws when anything differs.
struct vec2 {
    float x = 0.0f;
    float y = 0.0f;

    friend bool operator==(const vec2&, const vec2&) = default;
};

struct rgba {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;

    friend bool operator==(const rgba&, const rgba&) = default;
};

struct circle_shape {
    vec2 center;
    float radius = 1.0f;
    rgba fill;

    friend bool operator==(const circle_shape&, const circle_shape&) = default;
};

struct line_shape {
    vec2 from;
    vec2 to;
    rgba stroke;

    friend bool operator==(const line_shape&, const line_shape&) = default;
};

struct triangle_shape {
    vec2 a, b, c;
    rgba fill;

    friend bool operator==(const triangle_shape&, const triangle_shape&) = default;
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

    // Back to an empty list with the default world, keeping the shapes' storage. A scene that does
    // not move its camera (the balls) relies on the origin being reset: a list reused after the
    // lander, which does, would otherwise show the balls through the lander's camera (issue 22).
    void clear() {
        world_size = draw_list{}.world_size;
        world_origin = {0.0f, 0.0f};
        background = draw_list{}.background;
        circles.clear();
        triangles.clear();
        lines.clear();
    }

    friend bool operator==(const draw_list&, const draw_list&) = default;
};

}  // namespace ticklab::game
