# Installing Ticklab like a desktop program, and its .deb (included from the top-level CMakeLists.txt
# once the ticklab target exists):
#   cmake --install build --prefix /usr [DESTDIR=stage]   binary, share/ticklab/ (lessons), desktop entry,
#                                                          icons, AppStream metadata, man page
#   cd build && cpack -G DEB                               ticklab_<version>_<arch>.deb
# Made at build time: the 256x256 PNG icon from assets/ticklab.svg (rsvg-convert, librsvg2-bin) and the
# man page from `ticklab --help` and `--version` plus assets/ticklab.h2m (help2man). Both need the
# tools named in scripts/setup.sh; sanitizer and fuzz builds skip them (they are never installed).
include(GNUInstallDirs)

# What the program reports (--version, traces) and where it looks for its assets (game/io/asset_paths.hpp).
file(RELATIVE_PATH ticklab_assets_from_binary ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_DATADIR}/ticklab)
# No path of the checkout or the build tree is compiled in (an installed binary must not carry one):
# a binary run from the build tree finds the checkout's assets through an `assets` link beside it,
# made here for every build folder holding a binary that reads them (the program, the tests, the
# fuzzers and the benchmarks).
target_compile_definitions(ticklab_game PRIVATE
  TICKLAB_VERSION="${PROJECT_VERSION}"
  TICKLAB_INSTALL_ASSETS_DIR="${CMAKE_INSTALL_FULL_DATADIR}/ticklab"
  TICKLAB_ASSETS_FROM_BINARY="${ticklab_assets_from_binary}")
target_compile_definitions(ticklab_cli PRIVATE TICKLAB_VERSION="${PROJECT_VERSION}")
foreach(folder game tests/game tests/game/app fuzz bench)
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/${folder})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/assets ${CMAKE_BINARY_DIR}/${folder}/assets SYMBOLIC)
endforeach()

# ticklab-plot (scripts/ticklab-plot, Python 3 with Debian's matplotlib): draws a trace CSV. The
# installed copy says the project's version; tests run this copy.
set(ticklab_plot ${CMAKE_BINARY_DIR}/scripts/ticklab-plot)
configure_file(${PROJECT_SOURCE_DIR}/scripts/ticklab-plot ${ticklab_plot} @ONLY USE_SOURCE_PERMISSIONS)

if(TICKLAB_SANITIZE OR TICKLAB_FUZZ)
  set(ticklab_generated_default OFF)
else()
  set(ticklab_generated_default ON)
endif()
option(TICKLAB_INSTALL_FILES "Make the PNG icon and the man page at build time (rsvg-convert, help2man)"
       ${ticklab_generated_default})

set(ticklab_assets ${PROJECT_SOURCE_DIR}/assets)
if(TICKLAB_INSTALL_FILES)
  find_program(TICKLAB_RSVG_CONVERT rsvg-convert)
  find_program(TICKLAB_HELP2MAN help2man)
  if(NOT TICKLAB_RSVG_CONVERT OR NOT TICKLAB_HELP2MAN)
    message(FATAL_ERROR "rsvg-convert or help2man not found: run scripts/setup.sh (librsvg2-bin, help2man), "
                        "or configure with -DTICKLAB_INSTALL_FILES=OFF")
  endif()
  set(ticklab_png ${CMAKE_BINARY_DIR}/assets/ticklab.png)
  set(ticklab_man ${CMAKE_BINARY_DIR}/assets/ticklab.1.gz)
  add_custom_command(OUTPUT ${ticklab_png}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/assets
    COMMAND ${TICKLAB_RSVG_CONVERT} --width 256 --height 256 --output ${ticklab_png} ${ticklab_assets}/ticklab.svg
    DEPENDS ${ticklab_assets}/ticklab.svg
    COMMENT "Icon: ticklab.svg -> 256x256 PNG")
  # help2man runs the binary for --help and --version (neither opens a window); gzip -n keeps the
  # file the same from build to build.
  # The KEYS section is printed from the key table itself (game/man_keys.cpp), so the page cannot list
  # other keys than the program has.
  add_executable(ticklab_man_keys ${PROJECT_SOURCE_DIR}/game/man_keys.cpp)
  target_link_libraries(ticklab_man_keys PRIVATE ticklab_app ticklab_warnings)
  set(ticklab_keys_h2m ${CMAKE_BINARY_DIR}/assets/keys.h2m)
  add_custom_command(OUTPUT ${ticklab_keys_h2m}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/assets
    COMMAND $<TARGET_FILE:ticklab_man_keys> > ${ticklab_keys_h2m}
    DEPENDS ticklab_man_keys
    COMMENT "Man page: the key table -> keys.h2m")
  add_custom_command(OUTPUT ${ticklab_man}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/assets
    COMMAND ${TICKLAB_HELP2MAN} --no-info --section 1 --source "Ticklab ${PROJECT_VERSION}"
            --include ${ticklab_keys_h2m} --include ${ticklab_assets}/ticklab.h2m
            --output ${CMAKE_BINARY_DIR}/assets/ticklab.1 $<TARGET_FILE:ticklab>
    COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/assets/ticklab.1
    DEPENDS ticklab ${ticklab_assets}/ticklab.h2m ${ticklab_keys_h2m}
    COMMENT "Man page: ticklab --help -> ticklab.1.gz")
  set(ticklab_plot_man ${CMAKE_BINARY_DIR}/assets/ticklab-plot.1.gz)
  add_custom_command(OUTPUT ${ticklab_plot_man}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/assets
    COMMAND ${TICKLAB_HELP2MAN} --no-info --section 1 --source "Ticklab ${PROJECT_VERSION}"
            --name "draw a ticklab trace CSV as five panels against time"
            --output ${CMAKE_BINARY_DIR}/assets/ticklab-plot.1 ${ticklab_plot}
    COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/assets/ticklab-plot.1
    DEPENDS ${ticklab_plot} ${PROJECT_SOURCE_DIR}/scripts/ticklab-plot
    COMMENT "Man page: ticklab-plot --help -> ticklab-plot.1.gz")
  # A native package's changelog (lintian: /usr/share/doc/ticklab/changelog.gz), compressed as policy asks.
  set(ticklab_changelog ${CMAKE_BINARY_DIR}/assets/changelog.gz)
  add_custom_command(OUTPUT ${ticklab_changelog}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/assets
    COMMAND gzip -9nc ${ticklab_assets}/debian/changelog > ${ticklab_changelog}
    DEPENDS ${ticklab_assets}/debian/changelog
    COMMENT "Changelog: assets/debian/changelog -> changelog.gz")
  add_custom_target(ticklab_install_files ALL DEPENDS ${ticklab_png} ${ticklab_man} ${ticklab_plot_man}
                                                      ${ticklab_changelog})
endif()

install(TARGETS ticklab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${ticklab_plot} DESTINATION ${CMAKE_INSTALL_BINDIR})
# The files the program reads at run time (share/ticklab/lessons/*.json, found by asset_paths), and
# beside them lesson.schema.json, for a teacher's editor to check a lesson file against (its "$schema").
install(DIRECTORY ${ticklab_assets}/lessons DESTINATION ${CMAKE_INSTALL_DATADIR}/ticklab
        FILES_MATCHING PATTERN "*.json")
install(FILES ${ticklab_assets}/ticklab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${ticklab_assets}/org.ticklab.ticklab.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${ticklab_assets}/ticklab.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
# What a user reads, under /usr/share/doc/ticklab: the README and the LICENSE it links to, the docs it
# links to (docs/, with their pictures, so the links work), the copyright (LICENSE's text and the
# licences of the code compiled in) and the changelog. LICENSE beside copyright is lintian's
# extra-license-file, an info tag only: kept, so the README's link works.
set(ticklab_doc_dir ${CMAKE_INSTALL_DATADIR}/doc/ticklab)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${ticklab_assets}/debian/copyright
        DESTINATION ${ticklab_doc_dir})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${ticklab_doc_dir}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "*.svg")
if(TICKLAB_INSTALL_FILES)
  install(FILES ${ticklab_changelog} DESTINATION ${ticklab_doc_dir})
  install(FILES ${ticklab_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps)
  install(FILES ${ticklab_man} ${ticklab_plot_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# The .deb. Shared-library dependencies (SDL2, SDL2_ttf, stb: Debian's Dear ImGui is a static
# library, so it adds none) come from dpkg-shlibdeps; the fonts are read at run time, so they are
# named here.
# cpack and the install target build only what they install (scripts/check_install.sh builds ticklab
# and ticklab_install_files first), not every test and benchmark.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ticklab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "sandbox for learning and teaching fixed-timestep game loops")
# Lines of at most 80 characters (lintian: extended-description-line-too-long).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "Ticklab runs a bouncing-balls scene and a lunar lander in fixed ticks on a"
  "virtual clock, with a cap on the ticks run in one frame and frames drawn"
  "between ticks. A control panel pauses, single-steps and time-scales the"
  "clock, changes the tick rate live and adds artificial load. Lessons guide a"
  "class through the loop's behaviours; traces of a run open in Perfetto or are"
  "drawn by ticklab-plot.")
set(CPACK_PACKAGE_CONTACT "Ticklab maintainers <ticklab@users.noreply.github.com>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# python3 runs ticklab-plot, which draws with matplotlib: recommended, as the program runs without it.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-matplotlib")
include(CPack)
