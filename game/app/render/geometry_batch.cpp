#include "app/render/geometry_batch.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

SDL_Color to_sdl(game::rgba c) {
    return {c.r, c.g, c.b, c.a};
}

SDL_Vertex make_vertex(game::vec2 p, SDL_Color color, float u = 0.0f, float v = 0.0f) {
    return SDL_Vertex{{p.x, p.y}, color, {u, v}};
}

// Two triangles over the quad's four vertices, starting at `base`.
void add_quad_indices(std::vector<int>& indices, int base) {
    for (int i : {0, 1, 2, 2, 3, 0}) indices.push_back(base + i);
}

}  // namespace

void geometry_batch::build(const game::draw_list& list, const world_view& view, float line_width_px) {
    build_shapes(list, view, line_width_px);
    for (const auto& circle : list.circles) add_circle(circle, view);
}

void geometry_batch::build_shapes(const game::draw_list& list, const world_view& view, float line_width_px) {
    // clear() keeps capacity: after the first few frames no frame allocates.
    discs.clear();
    shapes.clear();
    for (const auto& triangle : list.triangles) add_triangle(triangle, view);
    for (const auto& line : list.lines) add_line(line, view, line_width_px);
}

void geometry_batch::add_circle(const game::circle_shape& circle, const world_view& view) {
    const game::vec2 c = view.to_screen(circle.center);
    const float r = std::max(circle.radius * view.scale(), min_circle_radius_px);
    const SDL_Color color = to_sdl(circle.fill);
    const int base = static_cast<int>(discs.vertices.size());
    discs.vertices.push_back(make_vertex({c.x - r, c.y - r}, color, 0.0f, 0.0f));
    discs.vertices.push_back(make_vertex({c.x + r, c.y - r}, color, 1.0f, 0.0f));
    discs.vertices.push_back(make_vertex({c.x + r, c.y + r}, color, 1.0f, 1.0f));
    discs.vertices.push_back(make_vertex({c.x - r, c.y + r}, color, 0.0f, 1.0f));
    add_quad_indices(discs.indices, base);
}

void geometry_batch::add_triangle(const game::triangle_shape& triangle, const world_view& view) {
    const SDL_Color color = to_sdl(triangle.fill);
    const int base = static_cast<int>(shapes.vertices.size());
    for (const game::vec2& p : {triangle.a, triangle.b, triangle.c}) {
        shapes.vertices.push_back(make_vertex(view.to_screen(p), color));
    }
    for (int i = 0; i < 3; ++i) shapes.indices.push_back(base + i);
}

void geometry_batch::add_line(const game::line_shape& line, const world_view& view, float width_px) {
    const game::vec2 a = view.to_screen(line.from);
    const game::vec2 b = view.to_screen(line.to);
    const float dx = b.x - a.x;
    const float dy = b.y - a.y;
    const float length = std::hypot(dx, dy);
    if (length == 0.0f) return;  // no direction to widen along; a zero-length line shows nothing
    const float half = width_px * 0.5f;
    const float nx = -dy / length * half;
    const float ny = dx / length * half;
    const SDL_Color color = to_sdl(line.stroke);
    const int base = static_cast<int>(shapes.vertices.size());
    shapes.vertices.push_back(make_vertex({a.x + nx, a.y + ny}, color));
    shapes.vertices.push_back(make_vertex({b.x + nx, b.y + ny}, color));
    shapes.vertices.push_back(make_vertex({b.x - nx, b.y - ny}, color));
    shapes.vertices.push_back(make_vertex({a.x - nx, a.y - ny}, color));
    add_quad_indices(shapes.indices, base);
}

}  // namespace ticklab::app
