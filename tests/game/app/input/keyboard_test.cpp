#include "app/input/keyboard.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

using namespace ticklab::app;

namespace {

SDL_KeyboardEvent key(SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
    SDL_KeyboardEvent event{};
    event.type = SDL_KEYDOWN;
    event.keysym.sym = sym;
    event.keysym.mod = mod;
    return event;
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

TEST(Keyboard, EscapeRequestsQuitOnlyThroughTheConfirmation) {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    keyboard_requests requests;
    handle_key_down(key(SDLK_ESCAPE), session, requests);
    EXPECT_TRUE(requests.escape);
}

TEST(Keyboard, CtrlPlusAndMinusChangeTheTextSizeNotTheTimeScale) {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    keyboard_requests up;
    handle_key_down(key(SDLK_EQUALS, KMOD_LCTRL), session, up);
    EXPECT_EQ(up.text_scale_step, 1);
    keyboard_requests down;
    handle_key_down(key(SDLK_MINUS, KMOD_RCTRL), session, down);
    EXPECT_EQ(down.text_scale_step, -1);
    keyboard_requests reset;
    handle_key_down(key(SDLK_0, KMOD_LCTRL), session, reset);
    EXPECT_TRUE(reset.text_scale_reset);
    EXPECT_DOUBLE_EQ(session.settings.time_scale, 1.0);

    keyboard_requests plain;
    handle_key_down(key(SDLK_EQUALS), session, plain);
    EXPECT_EQ(plain.text_scale_step, 0);
    EXPECT_DOUBLE_EQ(session.settings.time_scale, 2.0);
}

TEST(Keyboard, F1ShowsTheKeysF2ThePanelF11Fullscreen) {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    keyboard_requests f1;
    handle_key_down(key(SDLK_F1), session, f1);
    EXPECT_TRUE(f1.toggle_keys);
    EXPECT_FALSE(f1.toggle_panel);
    keyboard_requests f2;
    handle_key_down(key(SDLK_F2), session, f2);
    EXPECT_TRUE(f2.toggle_panel);
    keyboard_requests f11;
    handle_key_down(key(SDLK_F11), session, f11);
    EXPECT_TRUE(f11.toggle_fullscreen);
}
