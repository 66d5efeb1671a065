// scene_renderer's circles on every worker of its pool, for frames of many balls on the software
// renderer: the same pixels as draw_circles, in about half the time on two cores.
//
// Why it gives the same pixels: a pixel's value depends only on the sprites that cover it and
// their order. Each worker blends one band of rows, every circle that reaches the band in the
// list's order, so each pixel sees the same sprites in the same order as in draw_circles. The atlas
// gains its new sprites in the list's order too (step 2), so it fills, and overflows, as it would.
#include "app/render/scene_renderer.hpp"
#include "app/render/sprite_blit.hpp"
#include "app/render/sprite_spot.hpp"

#include <algorithm>
#include <array>

namespace ticklab::app {
namespace {

// A worker's own table of the sprites it found last, by a hash of their key: a frame of 100,000
// balls asks for a few dozen sprites over and over, and the atlas's map lookup was a sixth of
// drawing them. Private to the worker, so the lookups share nothing but the atlas they read.
class recent_sprites {
public:
    [[nodiscard]] const disc_atlas::sprite* find(const disc_atlas& atlas, std::uint64_t key) noexcept {
        entry& e = entries_[(key * 0x9e3779b97f4a7c15ull) >> 58];
        if (e.key != key) {
            const disc_atlas::sprite* found = atlas.find(key);
            if (found == nullptr) return nullptr;
            e = {key, found};
        }
        return e.sprite;
    }

private:
    struct entry {
        std::uint64_t key = ~std::uint64_t{0};
        const disc_atlas::sprite* sprite = nullptr;
    };
    std::array<entry, 64> entries_{};
};

}  // namespace

void scene_renderer::draw_circles_split(const game::draw_list& list, const pixel_target& direct, raster_rect clip) {
    const std::size_t n = list.circles.size();
    const unsigned workers = workers_->size();
    const auto rows = static_cast<std::size_t>(std::max(clip.y1 - clip.y0, 1));
    placed_.resize(n);
    unplaced_.resize(workers);
    band_weight_.resize(workers);
    // A sprite's pixels, counted at its middle row: what the bands are balanced by (the balls
    // gather at the bottom of the box, so equal bands of rows would leave one worker idle).
    const auto weigh = [&](std::vector<std::uint64_t>& weight, const placed_circle& p) {
        const int d = p.sprite->place.w;
        if (p.y >= clip.y1 || p.y + d <= clip.y0 || p.x >= clip.x1 || p.x + d <= clip.x0) return;
        const int middle = std::clamp(p.y + d / 2 - clip.y0, 0, static_cast<int>(rows) - 1);
        weight[static_cast<std::size_t>(middle)] += static_cast<std::uint64_t>(d) * static_cast<std::uint64_t>(d);
    };

    // 1. Each worker places a slice of the circles and looks up their sprites, adding none.
    workers_->run([&](unsigned worker, unsigned count) {
        std::vector<std::uint32_t>& left = unplaced_[worker];
        std::vector<std::uint64_t>& weight = band_weight_[worker];
        left.clear();
        weight.assign(rows, 0);
        recent_sprites recent;
        const std::size_t end = n * (worker + 1) / count;
        for (std::size_t k = n * worker / count; k < end; ++k) {
            const game::circle_shape& circle = list.circles[k];
            const sprite_spot spot = spot_of(circle, view_);
            const disc_atlas::sprite* sprite =
                spot.diameter > 0 ? recent.find(atlas_, disc_atlas::key_of(circle.fill, spot.diameter)) : nullptr;
            placed_[k] = {spot.x, spot.y, sprite};
            if (sprite == nullptr) {
                left.push_back(static_cast<std::uint32_t>(k));
            } else {
                weigh(weight, placed_[k]);
            }
        }
    });

    // 2. The caller, in the list's order: the sprites not yet in the atlas are added, and what the
    // atlas cannot hold goes to the scaled batch, as draw_circles does it. In a running window these
    // are the first frame's and a resize's.
    for (const std::vector<std::uint32_t>& left : unplaced_) {
        for (const std::uint32_t k : left) {
            const game::circle_shape& circle = list.circles[k];
            const sprite_spot spot = spot_of(circle, view_);
            if (spot.diameter > 0 && atlas_.find_or_add(circle.fill, spot.diameter)) {
                placed_[k].sprite = atlas_.find(disc_atlas::key_of(circle.fill, spot.diameter));
                weigh(band_weight_[0], placed_[k]);
            } else {
                batch_.add_circle(circle, view_);
            }
        }
    }

    // 3. Bands of rows with equal shares of the sprites' pixels, one per worker.
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < rows; ++r) {
        for (unsigned w = 1; w < workers; ++w) band_weight_[0][r] += band_weight_[w][r];
        total += band_weight_[0][r];
    }
    std::vector<int> edge(workers + 1, clip.y1);
    edge[0] = clip.y0;
    std::uint64_t so_far = 0;
    unsigned band = 1;
    for (std::size_t r = 0; r < rows && band < workers; ++r) {
        so_far += band_weight_[0][r];
        while (band < workers && so_far * workers >= total * band) edge[band++] = clip.y0 + static_cast<int>(r) + 1;
    }

    // 4. Each worker blends every circle that reaches its band, in the list's order.
    workers_->run([&](unsigned worker, unsigned) {
        const raster_rect own{clip.x0, edge[worker], clip.x1, edge[worker + 1]};
        if (own.y0 >= own.y1) return;
        for (const placed_circle& p : placed_) {
            if (p.sprite == nullptr) continue;
            const int d = p.sprite->place.w;
            if (p.y >= own.y1 || p.y + d <= own.y0 || p.x >= own.x1 || p.x + d <= own.x0) continue;
            blend_sprite(direct, own, atlas_.pixels(), disc_atlas::atlas_size, p.sprite->place, p.x, p.y,
                         p.sprite->opaque.data());
        }
    });
}

}  // namespace ticklab::app
