# The browser build (Emscripten; scripts/web.sh runs it, docs/web.md): the libraries the desktop build
# finds on the system come from a wasm prefix built from Debian source packages, under the target
# names the desktop build uses, so game/CMakeLists.txt builds the same program from the same lists.
# Single-threaded: no -pthread (threads need SharedArrayBuffer, which needs COOP/COEP server headers).
set(TICKLAB_WEB_PREFIX "" CACHE PATH "SDL2, SDL2_ttf and FreeType built for wasm (scripts/web.sh)")
set(TICKLAB_WEB_IMGUI "" CACHE PATH "Dear ImGui's source (apt-get source imgui)")
set(TICKLAB_WEB_INCLUDE "" CACHE PATH "A folder holding only nlohmann/ and CLI/ (Debian's header-only libraries)")
set(TICKLAB_WEB_OUT "${CMAKE_BINARY_DIR}" CACHE PATH "Where ticklab.js, .wasm and .data go")
foreach(dir TICKLAB_WEB_PREFIX TICKLAB_WEB_IMGUI TICKLAB_WEB_INCLUDE)
  if(NOT IS_DIRECTORY "${${dir}}")
    message(FATAL_ERROR "${dir} ('${${dir}}') is not a folder: build for the web with scripts/web.sh")
  endif()
endforeach()

add_library(SDL2::SDL2 STATIC IMPORTED GLOBAL)
set_target_properties(SDL2::SDL2 PROPERTIES IMPORTED_LOCATION ${TICKLAB_WEB_PREFIX}/lib/libSDL2.a
  INTERFACE_INCLUDE_DIRECTORIES ${TICKLAB_WEB_PREFIX}/include/SDL2)
add_library(ticklab_web_freetype STATIC IMPORTED GLOBAL)
set_target_properties(ticklab_web_freetype PROPERTIES IMPORTED_LOCATION ${TICKLAB_WEB_PREFIX}/lib/libfreetype.a)
add_library(PkgConfig::SDL2_TTF STATIC IMPORTED GLOBAL)
set_target_properties(PkgConfig::SDL2_TTF PROPERTIES IMPORTED_LOCATION ${TICKLAB_WEB_PREFIX}/lib/libSDL2_ttf.a
  INTERFACE_LINK_LIBRARIES "ticklab_web_freetype;SDL2::SDL2")

# Dear ImGui 1.86, the version libimgui-dev is (its libimgui.a is x86 only), with the SDL2 platform
# backend Debian's library carries; the SDL_Renderer backend is compiled below as on the desktop.
set(imgui_dir ${TICKLAB_WEB_IMGUI})
add_library(ticklab_web_imgui STATIC ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp
  ${imgui_dir}/imgui_widgets.cpp ${imgui_dir}/imgui_demo.cpp ${imgui_dir}/backends/imgui_impl_sdl.cpp)
target_include_directories(ticklab_web_imgui PUBLIC ${imgui_dir} ${imgui_dir}/backends)
target_link_libraries(ticklab_web_imgui PUBLIC SDL2::SDL2)
# Debian's imgui.pc brings libstb, whose PNG writer the screenshots use: here, its one header
# (libstb-dev) compiled with its implementation.
file(WRITE ${CMAKE_BINARY_DIR}/stb_image_write.cpp "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
target_sources(ticklab_web_imgui PRIVATE ${CMAKE_BINARY_DIR}/stb_image_write.cpp)
target_include_directories(ticklab_web_imgui SYSTEM PUBLIC ${TICKLAB_WEB_INCLUDE})
add_library(PkgConfig::IMGUI ALIAS ticklab_web_imgui)

add_library(ticklab_web_headers INTERFACE)
target_include_directories(ticklab_web_headers SYSTEM INTERFACE ${TICKLAB_WEB_INCLUDE})
add_library(nlohmann_json::nlohmann_json ALIAS ticklab_web_headers)
add_library(CLI11::CLI11 ALIAS ticklab_web_headers)
