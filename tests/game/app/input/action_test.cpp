// The one key table (game/app/input/action.cpp): what each key sends, and that the key lists
// shown to the user are made from the same rows.
#include "app/input/action.hpp"
#include "app/input/controller.hpp"
#include "app/ui/hud_text.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <array>
#include <set>
#include <string>

using namespace ticklab::app;

namespace {

SDL_KeyboardEvent key(SDL_Keycode sym, Uint16 mod = KMOD_NONE, Uint8 repeat = 0) {
    SDL_KeyboardEvent event{};
    event.type = SDL_KEYDOWN;
    event.keysym.sym = sym;
    event.keysym.mod = mod;
    event.repeat = repeat;
    return event;
}

action_kind sent(SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
    const auto a = action_for_key(key(sym, mod));
    return a ? a->kind : action_kind::none;
}

}  // namespace

TEST(QuitConfirm, FirstEscapeAsksSecondWithinThreeSecondsQuits) {
    quit_confirm confirm;
    EXPECT_FALSE(confirm.asking(1000));
    EXPECT_FALSE(confirm.press(1000));
    EXPECT_TRUE(confirm.asking(1000 + quit_confirm::window_ms));
    EXPECT_TRUE(confirm.press(2500));
}

TEST(QuitConfirm, ASecondEscapeAfterThePromptEndedAsksAgain) {
    quit_confirm confirm;
    EXPECT_FALSE(confirm.press(1000));
    EXPECT_FALSE(confirm.asking(1001 + quit_confirm::window_ms));
    EXPECT_FALSE(confirm.press(1001 + quit_confirm::window_ms));
    EXPECT_TRUE(confirm.press(1002 + quit_confirm::window_ms));
}

TEST(KeyTable, EachKeySendsItsAction) {
    EXPECT_EQ(sent(SDLK_ESCAPE), action_kind::quit);
    EXPECT_EQ(sent(SDLK_SPACE), action_kind::toggle_pause);
    EXPECT_EQ(sent(SDLK_TAB), action_kind::next_scene);
    EXPECT_EQ(sent(SDLK_b), action_kind::lesson_toggle);
    EXPECT_EQ(sent(SDLK_PAGEDOWN), action_kind::next_lesson);
    EXPECT_EQ(sent(SDLK_PAGEUP), action_kind::previous_lesson);
    EXPECT_EQ(sent(SDLK_F1), action_kind::toggle_keys);
    EXPECT_EQ(sent(SDLK_F2), action_kind::toggle_panel);
    EXPECT_EQ(sent(SDLK_F11), action_kind::toggle_fullscreen);
    EXPECT_EQ(sent(SDLK_F12), action_kind::screenshot);
    EXPECT_EQ(sent(SDLK_q), action_kind::toggle_questions);
    EXPECT_EQ(sent(SDLK_x), action_kind::none);
}

TEST(KeyTable, CtrlPlusAndMinusChangeTheTextSizeNotTheTimeScale) {
    EXPECT_EQ(sent(SDLK_EQUALS, KMOD_LCTRL), action_kind::text_larger);
    EXPECT_EQ(sent(SDLK_MINUS, KMOD_RCTRL), action_kind::text_smaller);
    EXPECT_EQ(sent(SDLK_0, KMOD_LCTRL), action_kind::text_reset);
    EXPECT_EQ(sent(SDLK_EQUALS), action_kind::faster);
    EXPECT_EQ(sent(SDLK_MINUS), action_kind::slower);
    EXPECT_EQ(sent(SDLK_SPACE, KMOD_LCTRL), action_kind::toggle_pause) << "Ctrl does not hide the other keys";
}

TEST(KeyTable, AutoRepeatWalksValuesButIsNoNewPress) {
    EXPECT_TRUE(action_for_key(key(SDLK_RIGHTBRACKET, KMOD_NONE, 1)).has_value());
    EXPECT_TRUE(action_for_key(key(SDLK_PLUS, KMOD_NONE, 1)).has_value());
    EXPECT_FALSE(action_for_key(key(SDLK_TAB, KMOD_NONE, 1)).has_value());
    EXPECT_FALSE(action_for_key(key(SDLK_UP, KMOD_NONE, 1)).has_value()) << "holding thrust is one press";
}

TEST(KeyTable, GameKeysPressAndReleaseTheirAction) {
    const auto down = action_for_key(key(SDLK_a));
    ASSERT_TRUE(down);
    EXPECT_EQ(down->kind, action_kind::press);
    EXPECT_EQ(down->game_action, ticklab::game::action::rotate_left);
    SDL_KeyboardEvent up = key(SDLK_a);
    up.type = SDL_KEYUP;
    const auto released = release_for_key(up);
    ASSERT_TRUE(released);
    EXPECT_EQ(released->kind, action_kind::release);
    EXPECT_EQ(released->game_action, ticklab::game::action::rotate_left);
}

// The lander's keys are its scene entry's (scene_parts::keys), in the one table where they always
// were: after B and Q, before the mouse's row, each with the keycodes of its SDL key names.
TEST(KeyTable, TheScenesKeysComeFromTheirEntryInTheirPlace) {
    const auto table = key_table();
    std::size_t b_row = table.size();
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (table[i].kind == action_kind::toggle_questions) b_row = i;
    }
    ASSERT_LT(b_row + 4, table.size());
    const key_binding& thrust = table[b_row + 1];
    EXPECT_EQ(thrust.kind, action_kind::press);
    EXPECT_EQ(thrust.keys_label, "Up / W");
    EXPECT_EQ(thrust.meaning, "thrust");
    EXPECT_EQ(thrust.keys, (std::array<SDL_Keycode, 3>{SDLK_UP, SDLK_w, SDLK_UNKNOWN}));
    EXPECT_EQ(table[b_row + 2].keys, (std::array<SDL_Keycode, 3>{SDLK_LEFT, SDLK_a, SDLK_UNKNOWN}));
    EXPECT_EQ(table[b_row + 2].game_action, ticklab::game::action::rotate_left);
    EXPECT_EQ(table[b_row + 3].keys, (std::array<SDL_Keycode, 3>{SDLK_RIGHT, SDLK_d, SDLK_UNKNOWN}));
    EXPECT_EQ(table[b_row + 3].keys_label, "") << "listed with rotate";
    EXPECT_EQ(table[b_row + 4].keys_label, "Click, drag");
    const auto right = action_for_key(key(SDLK_RIGHT));
    ASSERT_TRUE(right);
    EXPECT_EQ(right->game_action, ticklab::game::action::rotate_right);
}

// Finding 11 of issue 22: F1's list left out B and PageUp / PageDown. Every action a key sends is
// now named in the list (its own row, or the row it follows).
TEST(KeyTable, EveryBoundActionIsInTheF1List) {
    std::vector<hud_line> lines;
    build_key_lines(true, "", lines);
    std::string listed;
    for (const hud_line& line : lines) listed += line.text + "\n";
    std::set<std::string> missing;
    const key_binding* shown = nullptr;
    for (const key_binding& row : key_table()) {
        if (!row.keys_label.empty()) shown = &row;
        ASSERT_NE(shown, nullptr) << "the table's first row has a label";
        if (listed.find(std::string{shown->keys_label}) == std::string::npos)
            missing.insert(std::string{shown->keys_label});
    }
    EXPECT_TRUE(missing.empty()) << "not in the F1 list: " << *missing.begin();
    for (const char* key_name : {"B", "PageDown", "F2", "Tab", "R", "F11"}) {
        EXPECT_NE(listed.find(key_name), std::string::npos) << key_name;
    }
}

TEST(KeyTable, EveryActionHasAName) {
    for (int k = 0; k < static_cast<int>(action_kind::count); ++k) {
        EXPECT_NE(action_name(static_cast<action_kind>(k)), "?") << k;
    }
}
