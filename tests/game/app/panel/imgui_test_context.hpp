#pragma once
// A gtest fixture with one ImGui context, a built font atlas and no renderer: enough to run the
// panel's widgets in a headless frame (NewFrame ... EndFrame), with nothing written to imgui.ini.

#include <gtest/gtest.h>
#include <imgui.h>

struct imgui_test_context : ::testing::Test {
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = {1280.0f, 720.0f};
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    void TearDown() override { ImGui::DestroyContext(); }
};
