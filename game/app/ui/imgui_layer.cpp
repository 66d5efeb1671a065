#include "app/ui/imgui_layer.hpp"

#include "app/platform/user_paths.hpp"
#include "app/render/theme.hpp"
#include "app/render/triangle_raster.hpp"
#include "app/ui/panel_font.hpp"

#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace ticklab::app {
namespace {

ImVec4 to_imgui(game::rgba c, float alpha = 1.0f) {
    return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha};
}

void apply_style(float text_scale) {
    ImGui::GetStyle() = ImGuiStyle{};
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FramePadding = {6.0f, 4.0f};
    style.ItemSpacing = {8.0f, 6.0f};
    style.WindowPadding = {10.0f, 10.0f};
    // Every frame outlined, so an unchecked checkbox or an empty field reads on a projector.
    style.FrameBorderSize = 1.0f;
    ImVec4* colors = style.Colors;
    colors[ImGuiCol_Border] = {0.55f, 0.62f, 0.72f, 0.85f};
    colors[ImGuiCol_Text] = {0.94f, 0.95f, 0.97f, 1.0f};
    colors[ImGuiCol_TextDisabled] = {0.70f, 0.74f, 0.80f, 1.0f};  // explanations: dim but readable
    colors[ImGuiCol_WindowBg] = to_imgui(theme::panel_background);
    colors[ImGuiCol_Header] = to_imgui(theme::panel_header);
    colors[ImGuiCol_HeaderHovered] = to_imgui(theme::panel_header, 0.85f);
    colors[ImGuiCol_HeaderActive] = to_imgui(theme::accent, 0.6f);
    colors[ImGuiCol_FrameBg] = {0.12f, 0.14f, 0.19f, 1.0f};
    colors[ImGuiCol_FrameBgHovered] = {0.17f, 0.21f, 0.28f, 1.0f};
    colors[ImGuiCol_FrameBgActive] = {0.20f, 0.26f, 0.34f, 1.0f};
    // Half-transparent grabs: the value printed on the slider stays readable over them.
    colors[ImGuiCol_SliderGrab] = to_imgui(theme::accent, 0.45f);
    colors[ImGuiCol_SliderGrabActive] = to_imgui(theme::accent, 0.65f);
    colors[ImGuiCol_CheckMark] = to_imgui(theme::accent);
    colors[ImGuiCol_Button] = {0.19f, 0.30f, 0.40f, 1.0f};
    colors[ImGuiCol_ButtonHovered] = {0.24f, 0.40f, 0.52f, 1.0f};
    colors[ImGuiCol_ButtonActive] = to_imgui(theme::accent, 0.7f);
    colors[ImGuiCol_PlotLines] = to_imgui(theme::accent);
    colors[ImGuiCol_PlotHistogram] = to_imgui(theme::accent);
    colors[ImGuiCol_TitleBg] = colors[ImGuiCol_TitleBgActive] = {0.10f, 0.11f, 0.15f, 1.0f};
    style.ScaleAllSizes(text_scale);
}

// The panel's one font, rasterised at the output resolution and the text scale and shown at 1:1, so
// text stays sharp on HiDPI screens and when enlarged.
void build_font(const std::filesystem::path& sans, float pixel_scale, float text_scale) {
    ImGuiIO& io = ImGui::GetIO();
    add_panel_font(*io.Fonts, sans, std::round(15.0f * pixel_scale * text_scale));
    io.FontGlobalScale = 1.0f / pixel_scale;
}

// ImGui's rectangles (PrimRect, PrimRectUV: text, plain fills): the triangle pair (a, b, c),
// (a, c, d), axis-aligned and in one colour. SDL's software renderer draws those as a fill or a
// copy; other triangles (lines, rounded corners, anti-aliased edges), one by one.
bool is_rectangle(const ImDrawVert* v, const ImDrawIdx* i) {
    if (i[3] != i[0] || i[4] != i[2]) return false;
    const ImDrawVert& a = v[i[0]];
    const ImDrawVert& b = v[i[1]];
    const ImDrawVert& c = v[i[2]];
    const ImDrawVert& d = v[i[5]];
    if (a.col != b.col || b.col != c.col || c.col != d.col) return false;
    const bool across_first = a.pos.y == b.pos.y && b.pos.x == c.pos.x && c.pos.y == d.pos.y && d.pos.x == a.pos.x;
    const bool down_first = a.pos.x == b.pos.x && b.pos.y == c.pos.y && c.pos.x == d.pos.x && d.pos.y == a.pos.y;
    return across_first || down_first;
}

}  // namespace

imgui_layer::imgui_layer(const window& win, const font_files& fonts, bool persist_layout)
    : window_{win.sdl_window()},
      renderer_{win.renderer()},
      software_{win.renderer_name() == "software"},
      sans_{fonts.sans},
      pixel_scale_{win.pixel_scale()} {
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
    apply_style(1.0f);
    build_font(sans_, pixel_scale_, 1.0f);

    ImGui_ImplSDL2_InitForSDLRenderer(win.sdl_window());
    ImGui_ImplSDLRenderer_Init(win.renderer());
}

imgui_layer::~imgui_layer() {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

void imgui_layer::set_text_scale(float scale) {
    if (scale == text_scale_) return;
    text_scale_ = scale;
    apply_style(scale);
    build_font(sans_, pixel_scale_, scale);
    // The backend uploads the atlas again at the next frame.
    ImGui_ImplSDLRenderer_DestroyFontsTexture();
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

void imgui_layer::end_frame() {
    ImGui::Render();
}

bool imgui_layer::draw(const SDL_Rect* limit) {
    ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr) return true;
    if (software_ && render_software(*data, limit)) return true;
    if (limit != nullptr) return false;  // the stock backend draws everything
    ImGui_ImplSDLRenderer_RenderDrawData(data);
    return true;
}

void imgui_layer::render() {
    end_frame();
    draw();
}

bool imgui_layer::busy() const {
    return ImGui::IsAnyItemActive() || ImGui::GetIO().WantTextInput ||
           ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

void imgui_layer::band_hashes(int band_height, int output_height, std::vector<std::uint64_t>& out) const {
    const int bands = std::max(0, (output_height + band_height - 1) / band_height);
    out.assign(static_cast<std::size_t>(bands), 0xcbf29ce484222325ULL);  // FNV-1a's offset basis
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || bands == 0) return;
    // FNV-1a over 8-byte words: a panel's draw data is some 100 KB, read 10 times a second.
    const auto mix = [](std::uint64_t& h, const void* bytes, std::size_t size) {
        const auto* p = static_cast<const unsigned char*>(bytes);
        for (std::size_t i = 0; i < size; i += 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, p + i, std::min<std::size_t>(8, size - i));
            h = (h ^ word) * 0x100000001b3ULL;
        }
    };
    const ImVec2 off = data->DisplayPos;
    const ImVec2 scale = data->FramebufferScale;
    // Output pixel row to band, widened by a pixel either way: a triangle's anti-aliased fringe
    // and SDL's rounding of a rectangle's edge stay inside the bands it is hashed into.
    const auto band_of = [&](float y_pixels) {
        return std::clamp(static_cast<int>(std::floor(y_pixels / static_cast<float>(band_height))), 0, bands - 1);
    };
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList& list = *data->CmdLists[n];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            const float clip_y0 = (cmd.ClipRect.y - off.y) * scale.y;
            const float clip_y1 = (cmd.ClipRect.w - off.y) * scale.y;
            if (clip_y1 <= clip_y0) continue;
            // Where a command's triangles land depends on its clip rectangle and texture too.
            std::uint64_t seed = 0x84222325cbf29ce4ULL;
            const ImTextureID texture = cmd.GetTexID();
            const void* callback = reinterpret_cast<const void*>(cmd.UserCallback);
            mix(seed, &cmd.ClipRect, sizeof cmd.ClipRect);
            mix(seed, &texture, sizeof texture);
            mix(seed, &callback, sizeof callback);
            if (cmd.UserCallback != nullptr) {  // may draw anywhere: every band
                for (std::uint64_t& h : out) mix(h, &seed, sizeof seed);
                continue;
            }
            const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
            for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
                const ImDrawVert& a = vertices[indices[i]];
                const ImDrawVert& b = vertices[indices[i + 1]];
                const ImDrawVert& c = vertices[indices[i + 2]];
                const float top = std::max((std::min({a.pos.y, b.pos.y, c.pos.y}) - off.y) * scale.y, clip_y0);
                const float bottom = std::min((std::max({a.pos.y, b.pos.y, c.pos.y}) - off.y) * scale.y, clip_y1);
                if (bottom < top) continue;  // clipped away: draws nothing
                std::uint64_t triangle = seed;
                for (const ImDrawVert* v : {&a, &b, &c}) mix(triangle, v, sizeof *v);
                for (int band = band_of(top - 1.0f), last = band_of(bottom + 1.0f); band <= last; ++band) {
                    std::uint64_t& h = out[static_cast<std::size_t>(band)];
                    h = (h ^ triangle) * 0x100000001b3ULL;
                }
            }
        }
    }
}

bool imgui_layer::reaches_left_of(float x_pixels) const {
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr) return false;
    // In ImGui coordinates; a window's first command may clip to the whole display (its border and
    // scrollbar), so the vertices say where it draws, within its clip rectangle.
    const float x = x_pixels / data->FramebufferScale.x + data->DisplayPos.x;
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList& list = *data->CmdLists[n];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback != nullptr) return true;  // unknown drawing: assume anywhere
            if (cmd.ClipRect.x >= x) continue;
            const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
            for (unsigned i = 0; i < cmd.ElemCount; ++i) {
                if (vertices[indices[i]].pos.x < x) return true;
            }
        }
    }
    return false;
}

bool imgui_layer::render_software(const ImDrawData& data, const SDL_Rect* limit) {
    float scale_x = 1.0f;
    float scale_y = 1.0f;
    SDL_RenderGetScale(renderer_, &scale_x, &scale_y);
    if (scale_x != 1.0f || scale_y != 1.0f || SDL_GetRenderTarget(renderer_) != nullptr) return false;
    const SDL_Surface* surface = SDL_GetWindowSurface(window_);
    if (surface == nullptr || SDL_MUSTLOCK(surface) || surface->format->BytesPerPixel != 4 ||
        surface->format->Rloss != 0 || surface->format->Gloss != 0 || surface->format->Bloss != 0) {
        return false;
    }
    const ImGuiIO& io = ImGui::GetIO();
    const ImFontAtlas& fonts = *io.Fonts;
    if (fonts.TexPixelsRGBA32 == nullptr) return false;
    const texture_view font_pixels{reinterpret_cast<const std::uint8_t*>(fonts.TexPixelsRGBA32), fonts.TexWidth,
                                   fonts.TexHeight};

    // As the stock backend: vertices as they are, clip rectangles scaled to output pixels.
    const ImVec2 clip_off = data.DisplayPos;
    const ImVec2 clip_scale = data.FramebufferScale;
    const float fb_width = data.DisplaySize.x * clip_scale.x;
    const float fb_height = data.DisplaySize.y * clip_scale.y;
    if (fb_width <= 0.0f || fb_height <= 0.0f) return true;

    SDL_Rect old_clip{};
    const bool old_clip_enabled = SDL_RenderIsClipEnabled(renderer_) == SDL_TRUE;
    SDL_RenderGetClipRect(renderer_, &old_clip);

    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback != nullptr) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(&list, &cmd);
                continue;
            }
            const float x0 = std::max((cmd.ClipRect.x - clip_off.x) * clip_scale.x, 0.0f);
            const float y0 = std::max((cmd.ClipRect.y - clip_off.y) * clip_scale.y, 0.0f);
            const float x1 = std::min((cmd.ClipRect.z - clip_off.x) * clip_scale.x, fb_width);
            const float y1 = std::min((cmd.ClipRect.w - clip_off.y) * clip_scale.y, fb_height);
            if (x1 <= x0 || y1 <= y0) continue;
            SDL_Rect clip{static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0),
                          static_cast<int>(y1 - y0)};
            // Within `limit`, SDL's fills and triangle_raster cover the pixels they cover without it.
            if (limit != nullptr && SDL_IntersectRect(&clip, limit, &clip) == SDL_FALSE) continue;
            SDL_RenderSetClipRect(renderer_, &clip);

            const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
            auto* texture = static_cast<SDL_Texture*>(cmd.GetTexID());
            const bool known_texture = cmd.GetTexID() == fonts.TexID;
            const auto flush_sdl = [&] {
                if (sdl_run_.empty()) return;
                // Only the vertices this run uses: SDL looks at every vertex it is given, and a
                // command's buffer holds thousands where a run uses a few.
                const auto [low, high] = std::minmax_element(sdl_run_.begin(), sdl_run_.end());
                const int first = *low;
                const int count = *high - first + 1;
                for (int& index : sdl_run_) index -= first;
                const ImDrawVert* base = vertices + first;
                SDL_RenderGeometryRaw(renderer_, texture, &base->pos.x, sizeof(ImDrawVert),
                                      reinterpret_cast<const SDL_Color*>(&base->col), sizeof(ImDrawVert), &base->uv.x,
                                      sizeof(ImDrawVert), count, sdl_run_.data(), static_cast<int>(sdl_run_.size()),
                                      sizeof(int));
                sdl_run_.clear();
            };
            const auto flush_raster = [&] {
                if (raster_run_.empty()) return;
                SDL_RenderFlush(renderer_);  // what SDL has queued lands first, as drawn in order
                // Asked again after the flush: a resize gives the window a new surface, and it is
                // SDL's drawing that takes it up.
                SDL_Surface* surface = SDL_GetWindowSurface(window_);
                if (surface == nullptr || surface->format->BytesPerPixel != 4) {
                    raster_run_.clear();
                    return;
                }
                const pixel_target target{static_cast<std::uint32_t*>(surface->pixels),
                                          surface->pitch / 4,
                                          surface->w,
                                          surface->h,
                                          surface->format->Rshift,
                                          surface->format->Gshift,
                                          surface->format->Bshift};
                const raster_rect area{clip.x, clip.y, clip.x + clip.w, clip.y + clip.h};
                for (std::size_t i = 0; i + 2 < raster_run_.size(); i += 3) {
                    std::array<raster_vertex, 3> t{};
                    for (std::size_t k = 0; k < 3; ++k) {
                        const ImDrawVert& src = vertices[raster_run_[i + k]];
                        const ImU32 c = src.col;
                        t[k] = {src.pos.x,
                                src.pos.y,
                                src.uv.x,
                                src.uv.y,
                                static_cast<std::uint8_t>(c >> IM_COL32_R_SHIFT),
                                static_cast<std::uint8_t>(c >> IM_COL32_G_SHIFT),
                                static_cast<std::uint8_t>(c >> IM_COL32_B_SHIFT),
                                static_cast<std::uint8_t>(c >> IM_COL32_A_SHIFT)};
                    }
                    raster_triangle(target, area, t, font_pixels);
                }
                raster_run_.clear();
            };
            // In draw order: runs of rectangles, and of triangles textured with more than one
            // texel (anti-aliased lines), go to SDL; runs of the other triangles (one colour or a
            // gradient: rounded corners, anti-aliased edges) to triangle_raster.
            for (unsigned i = 0; i + 2 < cmd.ElemCount;) {
                if (cmd.ElemCount - i >= 6 && is_rectangle(vertices, indices + i)) {
                    flush_raster();
                    for (unsigned k = 0; k < 6; ++k) sdl_run_.push_back(indices[i + k]);
                    i += 6;
                    continue;
                }
                const ImVec2 uv = vertices[indices[i]].uv;
                const bool plain = uv.x == vertices[indices[i + 1]].uv.x && uv.x == vertices[indices[i + 2]].uv.x &&
                                   uv.y == vertices[indices[i + 1]].uv.y && uv.y == vertices[indices[i + 2]].uv.y;
                if (plain && known_texture) {
                    flush_sdl();
                    for (unsigned k = 0; k < 3; ++k) raster_run_.push_back(indices[i + k]);
                } else {
                    flush_raster();
                    for (unsigned k = 0; k < 3; ++k) sdl_run_.push_back(indices[i + k]);
                }
                i += 3;
            }
            flush_sdl();
            flush_raster();
        }
    }
    SDL_RenderSetClipRect(renderer_, old_clip_enabled ? &old_clip : nullptr);
    return true;
}

}  // namespace ticklab::app
