#include "app/imgui_layer.hpp"

#include "app/theme.hpp"
#include "app/user_paths.hpp"

#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <cmath>

namespace ticklab::app {
namespace {

ImVec4 to_imgui(game::rgba c, float alpha = 1.0f) {
    return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha};
}

void apply_style() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FramePadding = {6.0f, 4.0f};
    style.ItemSpacing = {8.0f, 6.0f};
    style.WindowPadding = {10.0f, 10.0f};
    ImVec4* colors = style.Colors;
    colors[ImGuiCol_WindowBg] = to_imgui(theme::panel_background);
    colors[ImGuiCol_Header] = to_imgui(theme::panel_header);
    colors[ImGuiCol_HeaderHovered] = to_imgui(theme::panel_header, 0.85f);
    colors[ImGuiCol_HeaderActive] = to_imgui(theme::accent, 0.6f);
    colors[ImGuiCol_FrameBg] = {0.12f, 0.14f, 0.19f, 1.0f};
    colors[ImGuiCol_FrameBgHovered] = {0.17f, 0.21f, 0.28f, 1.0f};
    colors[ImGuiCol_FrameBgActive] = {0.20f, 0.26f, 0.34f, 1.0f};
    colors[ImGuiCol_SliderGrab] = to_imgui(theme::accent);
    colors[ImGuiCol_SliderGrabActive] = to_imgui(theme::accent, 0.8f);
    colors[ImGuiCol_CheckMark] = to_imgui(theme::accent);
    colors[ImGuiCol_Button] = {0.19f, 0.30f, 0.40f, 1.0f};
    colors[ImGuiCol_ButtonHovered] = {0.24f, 0.40f, 0.52f, 1.0f};
    colors[ImGuiCol_ButtonActive] = to_imgui(theme::accent, 0.7f);
    colors[ImGuiCol_PlotLines] = to_imgui(theme::accent);
    colors[ImGuiCol_PlotHistogram] = to_imgui(theme::accent);
    colors[ImGuiCol_TitleBg] = colors[ImGuiCol_TitleBgActive] = {0.10f, 0.11f, 0.15f, 1.0f};
}

}  // namespace

imgui_layer::imgui_layer(const window& win, const font_files& fonts, bool persist_layout) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    if (persist_layout) {
        if (const auto dir = config_dir(); !dir.empty()) {
            ini_path_ = (dir / "imgui.ini").string();
            io.IniFilename = ini_path_.c_str();
        }
    }
    apply_style();

    // Rasterise at the output resolution and scale back, so text is sharp on HiDPI screens.
    const float scale = win.pixel_scale();
    ImFontConfig config;
    config.OversampleH = 2;
    if (io.Fonts->AddFontFromFileTTF(fonts.sans.string().c_str(), std::round(15.0f * scale), &config) == nullptr) {
        io.Fonts->AddFontDefault();
    }
    io.FontGlobalScale = 1.0f / scale;

    ImGui_ImplSDL2_InitForSDLRenderer(win.sdl_window());
    ImGui_ImplSDLRenderer_Init(win.renderer());
}

imgui_layer::~imgui_layer() {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

void imgui_layer::process_event(const SDL_Event& event) {
    ImGui_ImplSDL2_ProcessEvent(&event);
}

bool imgui_layer::wants_keyboard() const {
    return ImGui::GetIO().WantCaptureKeyboard;
}

bool imgui_layer::wants_mouse() const {
    return ImGui::GetIO().WantCaptureMouse;
}

void imgui_layer::begin_frame(float pixel_scale) {
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // The platform backend asks OpenGL for the drawable size; with SDL_Renderer the renderer's own
    // output size is the truth.
    ImGui::GetIO().DisplayFramebufferScale = {pixel_scale, pixel_scale};
    ImGui::NewFrame();
}

void imgui_layer::render() {
    ImGui::Render();
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace ticklab::app
