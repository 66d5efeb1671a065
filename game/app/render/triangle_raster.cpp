#include "app/render/triangle_raster.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

struct rgba_f {
    float r, g, b, a;
};

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
    // Doubled integer coordinates: corners at 2x, pixel centres at 2x + 1, so every edge value is
    // an exact integer and each row's span can be solved exactly (no per-pixel inside test).
    std::array<std::int64_t, 3> px{};
    std::array<std::int64_t, 3> py{};
    for (std::size_t k = 0; k < 3; ++k) {
        px[k] = 2 * static_cast<std::int64_t>(v[k].x);
        py[k] = 2 * static_cast<std::int64_t>(v[k].y);
    }
    const auto edge_at = [&](std::size_t a, std::size_t b, std::int64_t x, std::int64_t y) {
        return (px[b] - px[a]) * (y - py[a]) - (py[b] - py[a]) * (x - px[a]);
    };
    std::int64_t area = edge_at(0, 1, px[2], py[2]);
    if (area == 0) return;
    if (area < 0) {  // one winding for the rule below
        std::swap(v[1], v[2]);
        std::swap(px[1], px[2]);
        std::swap(py[1], py[2]);
        area = -area;
    }
    clip.x0 = std::max(clip.x0, 0);
    clip.y0 = std::max(clip.y0, 0);
    clip.x1 = std::min(clip.x1, target.width);
    clip.y1 = std::min(clip.y1, target.height);
    // Pixels whose centre can be inside: x + 0.5 within [min x, max x] (corners are whole numbers).
    const int x0 = std::max(clip.x0, static_cast<int>(std::min({v[0].x, v[1].x, v[2].x})));
    const int x1 = std::min(clip.x1, static_cast<int>(std::max({v[0].x, v[1].x, v[2].x})));
    const int y0 = std::max(clip.y0, static_cast<int>(std::min({v[0].y, v[1].y, v[2].y})));
    const int y1 = std::min(clip.y1, static_cast<int>(std::max({v[0].y, v[1].y, v[2].y})));
    if (x0 >= x1 || y0 >= y1) return;

    const float inv_area = 1.0f / static_cast<float>(area);
    // Edge k is opposite vertex k; its value at a point is vertex k's barycentric weight * area.
    constexpr std::array<std::size_t, 3> from{1, 2, 0};
    constexpr std::array<std::size_t, 3> to{2, 0, 1};
    std::array<std::int64_t, 3> step{};       // per pixel to the right
    std::array<std::int64_t, 3> threshold{};  // inside when the edge value is at least this
    for (std::size_t k = 0; k < 3; ++k) {
        step[k] = -2 * (py[to[k]] - py[from[k]]);
        threshold[k] = owns_boundary(v[from[k]].x, v[from[k]].y, v[to[k]].x, v[to[k]].y) ? 0 : 1;
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
    const std::int64_t sx0 = 2 * static_cast<std::int64_t>(x0) + 1;
    for (int y = y0; y < y1; ++y) {
        const std::int64_t sy = 2 * static_cast<std::int64_t>(y) + 1;
        std::array<std::int64_t, 3> e{};
        int first = x0;
        int last = x1;
        for (std::size_t k = 0; k < 3; ++k) {
            e[k] = edge_at(from[k], to[k], sx0, sy);
            // Pixels x0 + n with e + step * n >= threshold.
            const std::int64_t need = threshold[k] - e[k];
            if (step[k] == 0) {
                if (need > 0) last = first;
            } else if (step[k] > 0) {
                const std::int64_t n = need <= 0 ? 0 : (need + step[k] - 1) / step[k];
                first = static_cast<int>(std::max<std::int64_t>(first, x0 + n));
            } else {
                if (need > 0) {
                    last = first;
                } else {
                    const std::int64_t n = -need / -step[k];  // floor, both non-negative
                    last = static_cast<int>(std::min<std::int64_t>(last, x0 + n + 1));
                }
            }
        }
        if (first >= last) continue;
        std::uint32_t* row = target.pixels + static_cast<std::ptrdiff_t>(y) * target.pitch;
        if (flat) {
            if (flat_alpha == 255) {
                for (int x = first; x < last; ++x) row[x] = flat_pixel | (row[x] & keep_mask);
            } else {
                for (int x = first; x < last; ++x) row[x] = blend_pixel(row[x], flat_rgb, flat_alpha);
            }
            continue;
        }
        for (int x = first; x < last; ++x) {
            const auto n = static_cast<std::int64_t>(x - x0);
            const float b0 = static_cast<float>(e[0] + step[0] * n) * inv_area;
            const float b1 = static_cast<float>(e[1] + step[1] * n) * inv_area;
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
