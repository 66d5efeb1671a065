// The balls with two players (scene_options::players = 2): each player's last push drawn in their
// colour, fading, and never part of the simulation; a rollback's ghost marks the balls that moved.
#include "scenes/balls_scene.hpp"
#include "scenes/player_colours.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

using namespace ticklab::game;

namespace {

scene_options two_players(std::uint32_t players = 2) {
    scene_options options;
    options.balls = 200;
    options.players = players;
    return options;
}

tick_input drag_by(std::uint8_t player, float x) {
    tick_input input;
    input.pointer.push_back(
        {.type = pointer_event::kind::drag, .position = {x, 40.0f}, .velocity = {30.0f, 0.0f}, .player = player});
    return input;
}

std::size_t lines_in(const draw_list& list, rgba colour) {
    return static_cast<std::size_t>(std::count_if(list.lines.begin(), list.lines.end(), [&](const line_shape& l) {
        return l.stroke.r == colour.r && l.stroke.g == colour.g && l.stroke.b == colour.b;
    }));
}

}  // namespace

TEST(BallsPlayers, EachPlayersPushIsDrawnInTheirColourAndFades) {
    balls_scene s{two_players()};
    s.tick(drag_by(0, 40.0f), 1.0 / 60.0);
    s.tick(drag_by(1, 120.0f), 1.0 / 60.0);
    draw_list list;
    s.draw(list, 1.0);
    EXPECT_GT(lines_in(list, player_colour(0)), 0u);
    EXPECT_GT(lines_in(list, player_colour(1)), 0u);
    EXPECT_EQ(s.last_push(1).event.position.x, 120.0f);
    for (int t = 0; t < 60; ++t) s.tick({}, 1.0 / 60.0);
    list.clear();
    s.draw(list, 1.0);
    EXPECT_EQ(lines_in(list, player_colour(0)) + lines_in(list, player_colour(1)), 0u) << "gone after a second";
}

TEST(BallsPlayers, PushesAreDrawnOnlyForTwoPlayersAndNeverChangeTheState) {
    balls_scene one{two_players(1)};
    balls_scene two{two_players(2)};
    balls_scene untagged{two_players(2)};
    for (int t = 0; t < 20; ++t) {
        one.tick(drag_by(1, 60.0f), 1.0 / 60.0);
        two.tick(drag_by(1, 60.0f), 1.0 / 60.0);
        untagged.tick(drag_by(0, 60.0f), 1.0 / 60.0);
    }
    draw_list list;
    one.draw(list, 1.0);
    EXPECT_EQ(lines_in(list, player_colour(1)), 0u);
    EXPECT_EQ(one.state_hash(), two.state_hash());
    EXPECT_EQ(two.state_hash(), untagged.state_hash()) << "whose push it was is for the view only";
}

TEST(BallsPlayers, AGhostMarksOnlyTheBallsThatMoved) {
    balls_scene predicted{two_players()};
    balls_scene corrected{two_players()};
    for (int t = 0; t < 40; ++t) {
        predicted.tick({}, 1.0 / 60.0);
        corrected.tick(t == 5 ? drag_by(1, 80.0f) : tick_input{}, 1.0 / 60.0);
    }
    draw_list ghost;
    corrected.draw_ghost(ghost, predicted, 1.0);
    ASSERT_FALSE(ghost.lines.empty());
    // A ring of 12 segments and a line to where the ball is, for each ball that moved.
    EXPECT_EQ(ghost.lines.size() % 13, 0u);
    EXPECT_LT(ghost.lines.size() / 13, corrected.size()) << "only the balls near the drag";
    draw_list none;
    corrected.draw_ghost(none, corrected, 1.0);
    EXPECT_TRUE(none.lines.empty());
}
