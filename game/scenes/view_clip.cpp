#include "scenes/view_clip.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace ticklab::game {

namespace {

struct rect {
    float left, bottom, right, top;
};

// A convex polygon of at most 3 + 4 corners (each of the four edges adds one at most).
struct polygon {
    std::array<vec2, 8> points{};
    std::size_t size = 0;
};

// Sutherland-Hodgman against one edge: keeps the side where inside(p) >= 0.
template <typename Inside, typename Cross>
polygon clip_edge(const polygon& in, Inside inside, Cross cross) {
    polygon out;
    for (std::size_t i = 0; i < in.size; ++i) {
        const vec2 a = in.points[i];
        const vec2 b = in.points[(i + 1) % in.size];
        const bool a_in = inside(a);
        const bool b_in = inside(b);
        if (a_in) out.points[out.size++] = a;
        if (a_in != b_in) out.points[out.size++] = cross(a, b);
    }
    return out;
}

vec2 at_x(vec2 a, vec2 b, float x) {
    const float t = (x - a.x) / (b.x - a.x);
    return {x, a.y + (b.y - a.y) * t};
}

vec2 at_y(vec2 a, vec2 b, float y) {
    const float t = (y - a.y) / (b.y - a.y);
    return {a.x + (b.x - a.x) * t, y};
}

bool inside(const rect& r, vec2 p) {
    return p.x >= r.left && p.x <= r.right && p.y >= r.bottom && p.y <= r.top;
}

void clip_triangle(const triangle_shape& t, const rect& r, std::vector<triangle_shape>& out) {
    if (inside(r, t.a) && inside(r, t.b) && inside(r, t.c)) {
        out.push_back(t);
        return;
    }
    polygon p;
    p.points[0] = t.a;
    p.points[1] = t.b;
    p.points[2] = t.c;
    p.size = 3;
    p = clip_edge(
        p, [&](vec2 q) { return q.x >= r.left; }, [&](vec2 a, vec2 b) { return at_x(a, b, r.left); });
    p = clip_edge(
        p, [&](vec2 q) { return q.x <= r.right; }, [&](vec2 a, vec2 b) { return at_x(a, b, r.right); });
    p = clip_edge(
        p, [&](vec2 q) { return q.y >= r.bottom; }, [&](vec2 a, vec2 b) { return at_y(a, b, r.bottom); });
    p = clip_edge(
        p, [&](vec2 q) { return q.y <= r.top; }, [&](vec2 a, vec2 b) { return at_y(a, b, r.top); });
    for (std::size_t i = 1; i + 1 < p.size; ++i) out.push_back({p.points[0], p.points[i], p.points[i + 1], t.fill});
}

// Liang-Barsky: false when nothing of the line is inside.
bool clip_line(line_shape& l, const rect& r) {
    const float dx = l.to.x - l.from.x;
    const float dy = l.to.y - l.from.y;
    float t0 = 0.0f;
    float t1 = 1.0f;
    const std::array<float, 4> p{-dx, dx, -dy, dy};
    const std::array<float, 4> q{l.from.x - r.left, r.right - l.from.x, l.from.y - r.bottom, r.top - l.from.y};
    for (std::size_t i = 0; i < 4; ++i) {
        if (p[i] == 0.0f) {
            if (q[i] < 0.0f) return false;  // parallel to this edge and outside it
            continue;
        }
        const float t = q[i] / p[i];
        if (p[i] < 0.0f) {
            if (t > t1) return false;
            if (t > t0) t0 = t;
        } else {
            if (t < t0) return false;
            if (t < t1) t1 = t;
        }
    }
    const vec2 from = l.from;
    if (t0 > 0.0f) l.from = {from.x + t0 * dx, from.y + t0 * dy};
    if (t1 < 1.0f) l.to = {from.x + t1 * dx, from.y + t1 * dy};
    return true;
}

}  // namespace

void clip_to_view(draw_list& list, std::size_t first_triangle, std::size_t first_line) {
    const rect r{list.world_origin.x, list.world_origin.y, list.world_origin.x + list.world_size.x,
                 list.world_origin.y + list.world_size.y};
    if (first_triangle < list.triangles.size()) {
        std::vector<triangle_shape> kept(list.triangles.begin(),
                                         list.triangles.begin() + static_cast<std::ptrdiff_t>(first_triangle));
        kept.reserve(list.triangles.size());
        for (std::size_t i = first_triangle; i < list.triangles.size(); ++i) clip_triangle(list.triangles[i], r, kept);
        list.triangles.swap(kept);
    }
    std::size_t to = first_line;
    for (std::size_t i = first_line; i < list.lines.size(); ++i) {
        line_shape l = list.lines[i];
        if (clip_line(l, r)) list.lines[to++] = l;
    }
    if (to < list.lines.size()) list.lines.resize(to);
}

}  // namespace ticklab::game
