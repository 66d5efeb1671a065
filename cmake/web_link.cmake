# How the browser build's ticklab links (included from game/CMakeLists.txt once the target exists):
# ticklab.js + ticklab.wasm, and ticklab.data holding the lessons and the DejaVu fonts at the paths
# the program looks in (/share/ticklab, its install folder there). web/index.html loads them; Debian's
# emcc cannot write an .html itself (its minifier step fails).
set(TICKLAB_WEB_FONTS /usr/share/fonts/truetype/dejavu CACHE PATH "The DejaVu fonts to preload (fonts-dejavu-core)")
set(web_assets /share/ticklab)
set(web_link_options
  -fexceptions  # bad input is reported by exceptions (startup_error, std::invalid_argument)
  -sALLOW_MEMORY_GROWTH=1
  -sINITIAL_MEMORY=64MB
  -sFORCE_FILESYSTEM=1
  # The page drives the program: its arguments, its file system (replays in, recordings and
  # screenshots out), and telling it when a run has ended.
  "-sEXPORTED_RUNTIME_METHODS=['FS','callMain','UTF8ToString']"
  # Emscripten 3.1.6's socket syscalls (JavaScript) call ntohs/htons from the C library, and its linker
  # fails on them once no C++ code calls them itself (the page refuses UDP before any socket is made).
  "-sEXPORTED_FUNCTIONS=['_main','_ntohs','_htons']"
  # SHELL: each pair stays together (CMake drops repeated options otherwise).
  "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/lessons@${web_assets}/lessons")
foreach(font DejaVuSansMono.ttf DejaVuSans.ttf DejaVuSans-Bold.ttf)
  list(APPEND web_link_options "SHELL:--preload-file ${TICKLAB_WEB_FONTS}/${font}@${web_assets}/fonts/${font}")
endforeach()
target_link_options(ticklab PRIVATE ${web_link_options})
set_target_properties(ticklab PROPERTIES SUFFIX .js RUNTIME_OUTPUT_DIRECTORY ${TICKLAB_WEB_OUT})
# A lesson edited is a new .data file.
file(GLOB web_lessons CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/assets/lessons/*)
set_property(TARGET ticklab APPEND PROPERTY LINK_DEPENDS ${web_lessons})
