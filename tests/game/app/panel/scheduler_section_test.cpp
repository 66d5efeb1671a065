// The panel's Scheduler section (game/app/panel/panel_scheduler.cpp) in headless ImGui frames, in
// the panel's own font and style at the text scales a person can pick: its table fits the panel's
// width, so nothing needs sideways scrolling and no column is cut (issue 22, finding 12).
#include "app/panel/panel.hpp"
#include "app/ui/font_files.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <ticklab/time_source.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;

namespace {

// What the window's imgui_layer sets up (app/ui/imgui_layer.cpp, apply_style and build_font) that
// decides sizes: DejaVu Sans at 15 px times the text scale, these paddings, everything scaled.
void panel_style_and_font(float text_scale) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle{};
    style.WindowBorderSize = 0.0f;
    style.FramePadding = {6.0f, 4.0f};
    style.ItemSpacing = {8.0f, 6.0f};
    style.WindowPadding = {10.0f, 10.0f};
    style.FrameBorderSize = 1.0f;
    style.ScaleAllSizes(text_scale);
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const std::string sans = ticklab::app::find_fonts().sans.string();
    if (io.Fonts->AddFontFromFileTTF(sans.c_str(), std::round(15.0f * text_scale)) == nullptr) {
        throw std::runtime_error{"cannot load " + sans};
    }
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
}

// A session whose scheduler holds rows as wide as they come: the wave script, long names, a large
// run count, a budget with skips, a priority, a paused task, and the line of an error.
void add_wide_rows(ticklab::scheduler& tasks) {
    tasks.schedule_frame({.interval = 3,
                          .priority = -12,
                          .budget = 2ms,
                          .name = "budgeted frame work with a rather long name",
                          .runs_so_far = 987'654'321},
                         [] {});
    const auto paused = tasks.schedule_tick({.interval = 120, .name = "every other second"}, [] {});
    tasks.pause(paused);
    tasks.schedule_time({.start = 123'456s, .interval = 1500ms, .name = "x"}, [] {});
    tasks.schedule_render({.name = "hud"}, [] {});
    tasks.schedule_idle({}, [] {});
    tasks.schedule_render({.name = "script balls: a volley at the wall every 2 s"}, [](ticklab::task_context& c) {
        c.terminate();
        throw std::runtime_error{"a deliberately long message, to see that the line about it wraps"};
    });
}

struct table_fit {
    bool found = false;
    bool scrolls_sideways = false;
    float widest_column_overflow = 0.0f;  // px its content reaches past its cell (0: none cut)
    float table_overflow = 0.0f;          // px the table reaches past the panel's inner edge
};

// The control panel with only its Scheduler section open, in its own ImGui context, drawn for a
// few frames (a table and a scrollbar settle over them).
struct scheduler_panel {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    ticklab::app::controller control{session, "", {}};
    ticklab::app::control_panel panel;
    ticklab::app::panel_context context;
    std::string text;  // what the last frame's widgets wrote, as ImGui's log captures it

    explicit scheduler_panel(float text_scale) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        // A window short enough that the panel gets its vertical scrollbar, which takes width from
        // the table, and tall enough to show the table under the collapsed sections above it.
        io.DisplaySize = {1280.0f, 420.0f * text_scale};
        io.DeltaTime = 1.0f / 60.0f;
        panel_style_and_font(text_scale);
        panel.restore_layout({"scheduler"}, 3);
        context.text_scale = text_scale;
    }
    ~scheduler_panel() { ImGui::DestroyContext(); }
    scheduler_panel(const scheduler_panel&) = delete;
    scheduler_panel& operator=(const scheduler_panel&) = delete;

    void frames(int count) {
        for (int i = 0; i < count; ++i) {
            source.advance(100ms);
            session.update_frame(session.advance());
            ImGui::NewFrame();
            // ImGui's log, which the panel window's End() finishes into the (headless, in-memory)
            // clipboard: the text of every widget drawn.
            ImGui::SetClipboardText("");
            ImGui::LogToClipboard();
            panel.draw(control, context);
            ImGui::LogFinish();
            text = ImGui::GetClipboardText();
            ImGui::EndFrame();
        }
    }

    [[nodiscard]] table_fit fit() const {
        table_fit fit;
        ImGuiWindow* window = ImGui::FindWindowByName("Ticklab");
        ImGuiTable* table = window != nullptr ? ImGui::TableFindByID(window->GetID("tasks")) : nullptr;
        if (table == nullptr) return fit;
        fit.found = true;
        fit.scrolls_sideways = table->InnerWindow->ScrollMax.x > 0.0f;
        fit.table_overflow = std::max(0.0f, table->OuterRect.Max.x - window->InnerRect.Max.x);
        for (int i = 0; i < table->ColumnsCount; ++i) {
            const ImGuiTableColumn& column = table->Columns[i];
            if (!column.IsEnabled) continue;
            const float content =
                std::max({column.ContentMaxXUnfrozen, column.ContentMaxXFrozen, column.ContentMaxXHeadersIdeal});
            // Past the cell, or the cell past what the table shows without scrolling. (A table
            // without borders stretches its outer columns by their padding, so their edges, MinX
            // and MaxX, may stick out while their content lines up with the table's.)
            const float overflow = std::max(content - column.WorkMaxX, column.WorkMaxX - table->OuterRect.Max.x);
            fit.widest_column_overflow = std::max(fit.widest_column_overflow, overflow);
        }
        return fit;
    }
};

table_fit scheduler_table_at(float text_scale) {
    scheduler_panel view{text_scale};
    add_wide_rows(view.session.tasks());
    view.frames(3);
    return view.fit();
}

TEST(SchedulerSection, TheTableFitsThePanelAtEveryTextScale) {
    for (const float scale : {1.0f, 1.5625f, 2.5f}) {
        const table_fit fit = scheduler_table_at(scale);
        ASSERT_TRUE(fit.found) << "text scale " << scale;
        EXPECT_FALSE(fit.scrolls_sideways) << "text scale " << scale;
        EXPECT_LE(fit.table_overflow, 0.5f) << "text scale " << scale;
        EXPECT_LE(fit.widest_column_overflow, 0.5f) << "text scale " << scale;
    }
}

TEST(SchedulerSection, SaysInOneLineWhichTaskAnExceptionEnded) {
    scheduler_panel view{1.0f};
    view.frames(1);
    EXPECT_EQ(view.text.find("ended:"), std::string::npos) << view.text;
    view.session.tasks().schedule_frame({.name = "fragile"}, [] { throw std::runtime_error{"out of range"}; });
    view.frames(1);
    EXPECT_NE(view.text.find("ended: fragile: out of range"), std::string::npos) << view.text;
    view.frames(5);
    EXPECT_NE(view.text.find("ended: fragile: out of range"), std::string::npos) << "it stays: " << view.text;
}

TEST(SchedulerSection, TheWaveScriptsRowCountsItsWaves) {
    scheduler_panel view{1.0f};
    view.frames(121);  // 12.1 s: waves at 4, 8 and 12 s
    const std::size_t row = view.text.find("script balls: a wave every 4 s");
    ASSERT_NE(row, std::string::npos) << view.text;
    EXPECT_NE(view.text.find("| 3 |", row), std::string::npos) << "its runs: three waves\n" << view.text;
}

TEST(SchedulerSection, CountsOneTaskInTheSingular) {
    scheduler_panel view{1.0f};
    view.session.tasks().schedule_render({.name = "one more"}, [] {});
    view.frames(1);
    std::vector<ticklab::task_info> tasks;
    view.session.tasks().snapshot(tasks);
    ASSERT_GT(tasks.size(), 1u);
    EXPECT_NE(view.text.find(std::to_string(tasks.size()) + " tasks, virtual now"), std::string::npos) << view.text;
    for (std::size_t i = 1; i < tasks.size(); ++i) view.session.tasks().terminate(tasks[i].handle);
    view.frames(1);
    EXPECT_NE(view.text.find("1 task, virtual now"), std::string::npos) << view.text;
}

}  // namespace
