// The timeline's colour-blind palette (game/app/render/theme.hpp) checked with simulated colour
// vision (game/app/render/colour_vision.cpp): Machado 2009 at severity 1.0, CIE76 distances (issue 26).
#include "app/render/colour_vision.hpp"
#include "app/render/theme.hpp"
#include "scenes/player_colours.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>

namespace {

using namespace ticklab::app;
using ticklab::game::rgba;

const char* name_of(vision kind) {
    switch (kind) {
        case vision::normal:
            return "normal vision";
        case vision::protan:
            return "protanopia";
        case vision::deutan:
            return "deuteranopia";
        case vision::tritan:
            return "tritanopia";
    }
    return "?";
}

// The colours a reader must tell apart, one a meaning: a paused frame is told by its stripes.
std::array<std::pair<const char*, rgba>, 8> meanings(const theme::timeline_palette& p) {
    return {{{"no tick", p.no_tick},
             {"1 tick", p.one_tick},
             {"burst", p.burst},
             {"paused", p.paused_stripe},
             {"dropped", p.dropped},
             {"on time", p.on_time},
             {"late", p.late},
             {"alpha", p.alpha}}};
}

constexpr rgba strip_background{14, 16, 24, 255};  // panel_timeline.cpp's

// The pairs closer than `least` under any vision, one line each; empty when there are none.
std::string close_pairs(const theme::timeline_palette& palette, double least) {
    std::string out;
    const auto colours = meanings(palette);
    for (vision kind : all_visions) {
        for (std::size_t i = 0; i < colours.size(); ++i) {
            for (std::size_t j = i + 1; j < colours.size(); ++j) {
                const double de = delta_e76(simulate(colours[i].second, kind), simulate(colours[j].second, kind));
                if (de < least) {
                    out += std::string{colours[i].first} + " / " + colours[j].first + " under " + name_of(kind) + ": " +
                           std::to_string(de) + "\n";
                }
            }
        }
    }
    return out;
}

TEST(ColourVision, MeasuresAsTheIssueDid) {
    // Issue 26: the default "dropped" and the paused stripes, 71.6 apart, fall to 12.7 under protanopia.
    const rgba dropped = theme::default_timeline.dropped;
    const rgba paused = theme::default_timeline.paused_stripe;
    EXPECT_NEAR(delta_e76(simulate(dropped, vision::normal), simulate(paused, vision::normal)), 71.6, 0.2);
    EXPECT_NEAR(delta_e76(simulate(dropped, vision::protan), simulate(paused, vision::protan)), 12.7, 0.2);
    // And "burst" and "dropped": 48.7, then 25.4 under deuteranopia.
    const rgba burst = theme::default_timeline.burst;
    EXPECT_NEAR(delta_e76(simulate(burst, vision::normal), simulate(dropped, vision::normal)), 48.7, 0.2);
    EXPECT_NEAR(delta_e76(simulate(burst, vision::deutan), simulate(dropped, vision::deutan)), 25.4, 0.2);
}

TEST(ColourVision, GreysAndWhiteLookTheSameToEveryone) {
    for (vision kind : all_visions) {
        for (const rgba grey : {rgba{0, 0, 0, 255}, rgba{110, 110, 110, 255}, rgba{255, 255, 255, 255}}) {
            EXPECT_LT(delta_e76(simulate(grey, kind), simulate(grey, vision::normal)), 1.0) << name_of(kind);
        }
    }
    const lab white = to_lab(simulate({255, 255, 255, 255}, vision::normal));
    EXPECT_NEAR(white.l, 100.0, 0.01);
    EXPECT_NEAR(white.a, 0.0, 0.01);
    EXPECT_NEAR(white.b, 0.0, 0.01);
}

TEST(TimelinePalette, EveryTwoColourBlindColoursAreDeltaE40ApartUnderEveryVision) {
    EXPECT_EQ(close_pairs(theme::colour_blind_timeline, 40.0), "");
    // Each stands out from the strip it is drawn on.
    for (vision kind : all_visions) {
        for (const auto& [name, colour] : meanings(theme::colour_blind_timeline)) {
            EXPECT_GE(delta_e76(simulate(colour, kind), simulate(strip_background, kind)), 30.0)
                << name << " under " << name_of(kind);
        }
    }
}

TEST(TimelinePalette, TheDefaultPaletteFallsShortOfTheBar) {
    // Why the option exists: the default's colours, kept as they are, are not told apart by all.
    EXPECT_NE(close_pairs(theme::default_timeline, 40.0), "");
}

}  // namespace

namespace {

TEST(NetworkPalette, TheStripsFourColoursAreDeltaE40ApartUnderEveryVisionInTheColourBlindPalette) {
    // --palette colour-blind: the network strip's lanes (panel_network_strip.cpp) stay told apart.
    const theme::network_palette p = theme::network_colours(theme::colour_blind_timeline);
    const std::array<std::pair<const char*, rgba>, 4> lanes{{{"confirmed", p.confirmed},
                                                             {"predicted", p.predicted},
                                                             {"re-simulated", p.resimulated},
                                                             {"stalled", p.stalled}}};
    for (vision kind : all_visions) {
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            EXPECT_GE(delta_e76(simulate(lanes[i].second, kind), simulate(strip_background, kind)), 30.0)
                << lanes[i].first << " under " << name_of(kind);
            for (std::size_t j = i + 1; j < lanes.size(); ++j) {
                EXPECT_GE(delta_e76(simulate(lanes[i].second, kind), simulate(lanes[j].second, kind)), 40.0)
                    << lanes[i].first << " / " << lanes[j].first << " under " << name_of(kind);
            }
        }
    }
}

TEST(PlayerColours, TheTwoPlayersAreToldApartUnderEveryVision) {
    // Each player's ship, pushes and ghost (scenes/player_colours.hpp), on the scenes' dark background.
    constexpr rgba scene_background{12, 14, 22, 255};  // draw_list's
    for (vision kind : all_visions) {
        const srgb a = simulate(ticklab::game::player_colour(0), kind);
        const srgb b = simulate(ticklab::game::player_colour(1), kind);
        EXPECT_GE(delta_e76(a, b), 40.0) << name_of(kind);
        EXPECT_GE(delta_e76(a, simulate(scene_background, kind)), 40.0) << name_of(kind);
        EXPECT_GE(delta_e76(b, simulate(scene_background, kind)), 40.0) << name_of(kind);
    }
}

}  // namespace
