// The window's renderer choice (game/app/platform/window.cpp): an OpenGL renderer that runs on the
// CPU gives way to SDL's software renderer.
#include "app/platform/window.hpp"

#include <gtest/gtest.h>

namespace {

TEST(Window, OpenGlOnTheCpuCountsAsSoftware) {
    EXPECT_TRUE(ticklab::app::is_software_gl("llvmpipe (LLVM 15.0.6, 256 bits)"));
    EXPECT_TRUE(ticklab::app::is_software_gl("softpipe"));
    EXPECT_TRUE(ticklab::app::is_software_gl("Mesa X11 Software Rasterizer"));
}

TEST(Window, OpenGlOnAGpuDoesNot) {
    EXPECT_FALSE(ticklab::app::is_software_gl("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    EXPECT_FALSE(ticklab::app::is_software_gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    EXPECT_FALSE(ticklab::app::is_software_gl("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)"));
    EXPECT_FALSE(ticklab::app::is_software_gl(""));
}

}  // namespace
