// The ticklab binary's --network synctest as a user runs it: a built-in scene passes, its report
// has the mode's keys, and bad flags end with one line and exit 2.

#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using SyncTestBinary = ticklab_test::folder_fixture;

TEST_F(SyncTestBinary, LanderPassesAndReportsTheTicksChecked) {
    const auto o = ticklab_test::run_ticklab(
        "--headless --scene lander --network synctest --check-distance 3 --ticks 240 --report report.json", folder,
        folder, 120);
    ASSERT_TRUE(o.exited);
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const std::string report = ticklab_test::read_file(folder / "report.json");
    for (const char* key :
         {"\"mode\": \"synctest\"", "\"check_distance\": 3", "\"ticks\": 240", "\"ticks_checked\": 240",
          "\"ticks_resimulated\": 717", "\"first_differing_tick\": null", "\"differing_fields\": []"}) {
        EXPECT_NE(report.find(key), std::string::npos) << key << " in " << report;
    }
}

TEST_F(SyncTestBinary, RefusesPeerFlagsAndAWindowWithOneLine) {
    const std::pair<const char*, const char*> cases[] = {
        {"--headless --network synctest --latency-ms 20", "--latency-ms is for --network lockstep or rollback"},
        {"--headless --network synctest --check-distance 0", "--check-distance: check distance 0 is out of range"},
        {"--headless --network synctest --check-distance two", "'two' is not a number"},
        {"--headless --network rollback --check-distance 2", "--check-distance is for --network synctest"},
        {"--network synctest --ticks 10", "runs headless: add --headless"},
        {"--headless --network sync", "lockstep, rollback or synctest"},
        {"--headless --network synctest --listen 0 --ticks 10", "drop --listen or --connect"},
    };
    for (const auto& [args, needle] : cases) {
        const auto o = ticklab_test::run_ticklab(args, folder, folder, 60);
        ASSERT_TRUE(o.exited) << args;
        EXPECT_EQ(o.exit_code, 2) << args;
        EXPECT_NE(o.err.find(needle), std::string::npos) << args << " -> " << o.err;
        EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << args << " -> " << o.err;
    }
}

}  // namespace
