#include "app/triangle_raster.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

// Pixels are sampled at their centre.
constexpr float sample_offset = 0.5f;

struct rgba_f {
    float r, g, b, a;
};

// Twice the signed area of (a, b, p): positive when p is left of a->b in screen space (y down).
float edge(float ax, float ay, float bx, float by, float px, float py) {
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

// Top-left rule, for a clockwise-on-screen triangle made positive: an edge owns its centres when it
// is a top edge (horizontal, going right) or a left edge (going up).
bool owns_boundary(float ax, float ay, float bx, float by) {
    const float dx = bx - ax;
    const float dy = by - ay;
    return (dy == 0.0f && dx > 0.0f) || dy < 0.0f;
}

std::uint8_t to_byte(float value) {
    return static_cast<std::uint8_t>(std::clamp(value, 0.0f, 255.0f) + 0.5f);
}

}  // namespace

void raster_triangle(const pixel_target& target, raster_rect clip, const std::array<raster_vertex, 3>& in,
                     const texture_view& texture) {
    std::array<raster_vertex, 3> v = in;
    // Whole pixels, as SDL's software renderer places a triangle's corners (truncated), so that what
    // it drew before and what this draws now are the same pixels.
    for (auto& p : v) {
        p.x = std::trunc(std::clamp(p.x, -1.0e6f, 1.0e6f));
        p.y = std::trunc(std::clamp(p.y, -1.0e6f, 1.0e6f));
    }
    for (const auto& p : v) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.u) || !std::isfinite(p.v)) return;
    }
    float area = edge(v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y);
    if (area == 0.0f) return;
    if (area < 0.0f) {  // one winding for the rule below
        std::swap(v[1], v[2]);
        area = -area;
    }
    clip.x0 = std::max(clip.x0, 0);
    clip.y0 = std::max(clip.y0, 0);
    clip.x1 = std::min(clip.x1, target.width);
    clip.y1 = std::min(clip.y1, target.height);
    const float min_x = std::min({v[0].x, v[1].x, v[2].x});
    const float max_x = std::max({v[0].x, v[1].x, v[2].x});
    const float min_y = std::min({v[0].y, v[1].y, v[2].y});
    const float max_y = std::max({v[0].y, v[1].y, v[2].y});
    // Pixels whose sample point (x + sample_offset) can lie in [min, max].
    const int x0 = std::max(clip.x0, static_cast<int>(std::max(std::ceil(min_x - sample_offset), -1.0f)));
    const int x1 = std::min(clip.x1, static_cast<int>(std::min(std::floor(max_x - sample_offset), 1.0e6f)) + 1);
    const int y0 = std::max(clip.y0, static_cast<int>(std::max(std::ceil(min_y - sample_offset), -1.0f)));
    const int y1 = std::min(clip.y1, static_cast<int>(std::min(std::floor(max_y - sample_offset), 1.0e6f)) + 1);
    if (x0 >= x1 || y0 >= y1) return;

    const float inv_area = 1.0f / area;
    // Edge k is opposite vertex k; its value at a point is vertex k's barycentric weight * area.
    const std::array<int, 3> from{1, 2, 0};
    const std::array<int, 3> to{2, 0, 1};
    std::array<float, 3> step_x{};
    std::array<bool, 3> owns{};  // a centre exactly on an edge is in only if the edge owns it
    for (int k = 0; k < 3; ++k) {
        const raster_vertex& a = v[static_cast<std::size_t>(from[static_cast<std::size_t>(k)])];
        const raster_vertex& b = v[static_cast<std::size_t>(to[static_cast<std::size_t>(k)])];
        step_x[static_cast<std::size_t>(k)] = -(b.y - a.y);
        owns[static_cast<std::size_t>(k)] = owns_boundary(a.x, a.y, b.x, b.y);
    }
    const auto colour = [](const raster_vertex& p) {
        return rgba_f{static_cast<float>(p.r), static_cast<float>(p.g), static_cast<float>(p.b),
                      static_cast<float>(p.a)};
    };
    const std::array<rgba_f, 3> c{colour(v[0]), colour(v[1]), colour(v[2])};
    const bool uniform_colour = in[0].r == in[1].r && in[1].r == in[2].r && in[0].g == in[1].g && in[1].g == in[2].g &&
                                in[0].b == in[1].b && in[1].b == in[2].b && in[0].a == in[1].a && in[1].a == in[2].a;
    const bool textured = texture.rgba != nullptr && texture.width > 0 && texture.height > 0;
    const bool uniform_uv = v[0].u == v[1].u && v[1].u == v[2].u && v[0].v == v[1].v && v[1].v == v[2].v;
    const auto texel = [&](float u, float t) {
        const int tx =
            std::clamp(static_cast<int>(std::floor(u * static_cast<float>(texture.width))), 0, texture.width - 1);
        const int ty =
            std::clamp(static_cast<int>(std::floor(t * static_cast<float>(texture.height))), 0, texture.height - 1);
        const std::uint8_t* p = texture.rgba + (static_cast<std::size_t>(ty) * static_cast<std::size_t>(texture.width) +
                                                static_cast<std::size_t>(tx)) *
                                                   4u;
        return rgba_f{p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
    };
    const rgba_f fixed_texel = textured && uniform_uv ? texel(v[0].u, v[0].v) : rgba_f{1.0f, 1.0f, 1.0f, 1.0f};

    // "over" in integers: dst = (src * a + dst * (255 - a)) / 255, rounded.
    const std::uint32_t keep_mask =
        ~((0xFFu << target.red_shift) | (0xFFu << target.green_shift) | (0xFFu << target.blue_shift));
    const auto blend_pixel = [&](std::uint32_t d, std::array<std::uint8_t, 3> src, std::uint32_t a) {
        const auto mix = [&](std::uint32_t from, int shift) {
            const std::uint32_t to = (d >> shift) & 0xFFu;
            const std::uint32_t sum = from * a + to * (255u - a) + 128u;
            return ((sum + (sum >> 8)) >> 8) << shift;
        };
        return (d & keep_mask) | mix(src[0], target.red_shift) | mix(src[1], target.green_shift) |
               mix(src[2], target.blue_shift);
    };
    // One colour and one texel for the whole triangle (most of them: fills and rounded corners).
    const bool flat = uniform_colour && (!textured || uniform_uv);
    const std::array<std::uint8_t, 3> flat_rgb{to_byte(c[0].r * fixed_texel.r), to_byte(c[0].g * fixed_texel.g),
                                               to_byte(c[0].b * fixed_texel.b)};
    const std::uint32_t flat_alpha = to_byte(c[0].a * fixed_texel.a);
    if (flat && flat_alpha == 0) return;
    const std::uint32_t flat_pixel = (std::uint32_t{flat_rgb[0]} << target.red_shift) |
                                     (std::uint32_t{flat_rgb[1]} << target.green_shift) |
                                     (std::uint32_t{flat_rgb[2]} << target.blue_shift);
    const float px0 = static_cast<float>(x0) + sample_offset;
    for (int y = y0; y < y1; ++y) {
        const float py = static_cast<float>(y) + sample_offset;
        std::array<float, 3> w{};
        for (std::size_t k = 0; k < 3; ++k) {
            const raster_vertex& a = v[static_cast<std::size_t>(from[k])];
            const raster_vertex& b = v[static_cast<std::size_t>(to[k])];
            w[k] = edge(a.x, a.y, b.x, b.y, px0, py);
        }
        // The row's span from where each edge crosses it, widened by a pixel each side and then
        // tested pixel by pixel: a thin triangle of a fan costs its own pixels, not its bounding box.
        float lo = static_cast<float>(x0);
        float hi = static_cast<float>(x1);
        for (std::size_t k = 0; k < 3; ++k) {
            if (step_x[k] == 0.0f) {
                if (w[k] < 0.0f) hi = lo;
                continue;
            }
            const float cross = static_cast<float>(x0) - w[k] / step_x[k];
            if (step_x[k] > 0.0f) {
                lo = std::max(lo, std::floor(cross) - 1.0f);
            } else {
                hi = std::min(hi, std::ceil(cross) + 2.0f);
            }
        }
        if (lo >= hi) continue;
        const int first = static_cast<int>(lo);
        const int last = static_cast<int>(hi);
        for (std::size_t k = 0; k < 3; ++k) w[k] += step_x[k] * static_cast<float>(first - x0);
        std::uint32_t* row = target.pixels + static_cast<std::ptrdiff_t>(y) * target.pitch;
        for (int x = first; x < last; ++x, w[0] += step_x[0], w[1] += step_x[1], w[2] += step_x[2]) {
            const auto inside = [&](std::size_t k) { return w[k] > 0.0f || (w[k] == 0.0f && owns[k]); };
            if (!inside(0) || !inside(1) || !inside(2)) continue;
            if (flat) {
                row[x] =
                    flat_alpha == 255 ? flat_pixel | (row[x] & keep_mask) : blend_pixel(row[x], flat_rgb, flat_alpha);
                continue;
            }
            const float b0 = w[0] * inv_area;
            const float b1 = w[1] * inv_area;
            const float b2 = 1.0f - b0 - b1;
            rgba_f s = uniform_colour
                           ? c[0]
                           : rgba_f{b0 * c[0].r + b1 * c[1].r + b2 * c[2].r, b0 * c[0].g + b1 * c[1].g + b2 * c[2].g,
                                    b0 * c[0].b + b1 * c[1].b + b2 * c[2].b, b0 * c[0].a + b1 * c[1].a + b2 * c[2].a};
            const rgba_f t = textured && !uniform_uv ? texel(b0 * v[0].u + b1 * v[1].u + b2 * v[2].u,
                                                             b0 * v[0].v + b1 * v[1].v + b2 * v[2].v)
                                                     : fixed_texel;
            const std::uint8_t alpha = to_byte(s.a * t.a);
            if (alpha == 0) continue;
            row[x] = blend_pixel(row[x], {to_byte(s.r * t.r), to_byte(s.g * t.g), to_byte(s.b * t.b)}, alpha);
        }
    }
}

}  // namespace ticklab::app
