# The suite's longest gtest cases, with their seconds in the sanitizer build (the slower of the two), as
# ctest COST: `ctest -j` starts the dearest tests first, but a fresh clone (CI) has no timing history,
# so without these it ran them in declaration order and the windows under Xvfb came last, one core
# idle behind them (measured on 2 cores: Release suite 184 s without history, 152 s with; sanitizer
# suite 375 s and 341 s). The tests added with add_test carry their COST where they are declared.
# Included by each directory that discovers gtest cases (TEST_INCLUDE_FILES, after the discovered
# list): a name that directory lacks is ignored, so ctest `test_costs` checks every name still exists.
set_tests_properties(ScreenLayout.NothingOverlapsAtAnyTextSizeOrWindowSize PROPERTIES COST 38)
set_tests_properties(NetGame.BothModesStayInSyncUpTo300MsAnd20PercentLossOver10000Ticks PROPERTIES COST 15)
set_tests_properties(Soak.MillionsOfTicksKeepMemoryFlatAndTimeExact PROPERTIES COST 15)
set_tests_properties(FixedLoop.TenMillionTicksAtSixtyHertzAreExact PROPERTIES COST 15)
set_tests_properties(UdpBinary.TwoProcessesInLockstepReachTheSameHashesWithTenPercentLoss PROPERTIES COST 14)
set_tests_properties(UdpBinary.TwoProcessesInRollbackReachTheSameHashesWithTenPercentLoss PROPERTIES COST 13)
set_tests_properties(Threads.EveryScenesHashIsTheSameOnOneAndOnSeveralThreadsAtEveryFrameRate PROPERTIES COST 14)
set_tests_properties(SchedulerRandom.TimeTasksReachingTheFarHeapMatchTheReferenceModel PROPERTIES COST 13)
set_tests_properties(RemoteWindow.TwoWindowsPlayOneGameOverUdpWithTenPercentLossAndReachTheSameHash PROPERTIES COST 12)
set_tests_properties(BadInput.EveryBadValueOfAScreenshotRunIsOneLineAndExitTwo PROPERTIES COST 10)
set_tests_properties(BadInput.EveryBadValueOfAHeadlessRunIsOneLineAndExitTwo PROPERTIES COST 10)
set_tests_properties(SchedulerRandom.HundredThousandOperationsMatchTheReferenceModel PROPERTIES COST 9)
set_tests_properties(SchedulerRandom.SecondSeedMatchesTheReferenceModel PROPERTIES COST 9)
set_tests_properties(SchedulerRandom.TimeTasksSpreadOverTheWheelMatchTheReferenceModel PROPERTIES COST 9)
set_tests_properties(SchedulerRandom.TickedSchedulerHoldsZeroDelayRunsUntilTheTickAndMatchesTheModel PROPERTIES COST 8)
set_tests_properties(Property.RandomSettingsKeepTheLoopAndTheBallsSane PROPERTIES COST 6)
set_tests_properties(ComparisonReadout.EveryStrategyAgreesWithItsOwnGhost PROPERTIES COST 6)
set_tests_properties(UdpBinary.ASideWhoseOtherPlayerVanishesMidGameEndsWithExit3 PROPERTIES COST 5)
set_tests_properties(BallsSleep.BallsWokenDuringAPassStillMeetTheirNeighboursOnOneThread PROPERTIES COST 5)
set_tests_properties(RemoteWindow.ClosingOneWindowSendsByeAndTheOtherEndsAtOnceWithTheSameHash PROPERTIES COST 5)
