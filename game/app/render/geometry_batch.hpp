#pragma once
// Turns a draw_list into vertex arrays for SDL_RenderGeometry, so a whole frame is two draw calls
// however many shapes it has: one for every circle (textured with one disc texture, tinted by
// vertex colour) and one for triangles then lines (untextured, lines last so they sit on top).
//
// Usage:
//   geometry_batch batch;                       // keep it: its buffers are reused frame after frame
//   batch.build(list, view, line_width_px);
//   SDL_RenderGeometry(r, disc, batch.discs.vertices.data(), ..., batch.discs.indices.data(), ...);
//
// Each circle is a quad (4 vertices, 6 indices), each triangle 3 vertices and 3 indices, each line
// a quad `line_width_px` wide. Circles stay at least `min_circle_radius_px` so that tiny ones are
// still visible.

#include "app/render/world_view.hpp"
#include "sim/draw_list.hpp"

#include <SDL_render.h>

#include <vector>

namespace ticklab::app {

struct vertex_array {
    std::vector<SDL_Vertex> vertices;
    std::vector<int> indices;

    void clear() {
        vertices.clear();
        indices.clear();
    }
};

class geometry_batch {
public:
    static constexpr int vertices_per_circle = 4;
    static constexpr int indices_per_circle = 6;
    static constexpr float min_circle_radius_px = 1.0f;

    void build(const game::draw_list& list, const world_view& view, float line_width_px);
    // Only the triangles and lines: the circles are drawn another way (disc_atlas), save those
    // add_circle() puts back.
    void build_shapes(const game::draw_list& list, const world_view& view, float line_width_px);
    void add_circle(const game::circle_shape& circle, const world_view& view);

    vertex_array discs;   // texture coordinates span the disc texture, [0, 1] on both axes
    vertex_array shapes;  // triangles, then lines

private:
    void add_triangle(const game::triangle_shape& triangle, const world_view& view);
    void add_line(const game::line_shape& line, const world_view& view, float width_px);
};

}  // namespace ticklab::app
