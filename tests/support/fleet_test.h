#pragma once
// One QtTest class per test file, many test files per executable: a file
// ends with FLEET_TEST_MAIN(TestClass) where it used to end with QTEST_MAIN,
// and its layer's executable (fleet_tests_core, fleet_tests_cli,
// fleet_tests_gui; tests/CMakeLists.txt) runs it when given the file's name:
//
//   fleet_tests_core test_catalog [QtTest options…]
//
// CTest registers one test per file that way, under the file's name, so a
// test keeps its name, its time limit and its own process while the build
// links three executables instead of eighty (issue 29).

#include <QObject>

#include <memory>

namespace fleet::test_main {

/// Runs before the application object exists; returns -1 to go on, or the
/// exit status to stop with (77: skipped, as CTest's SKIP_RETURN_CODE).
using BeforeApplication = int (*)();

struct Registration
{
    Registration(const char* sourceFile, std::unique_ptr<QObject> (*make)(),
                 BeforeApplication before = nullptr);
};

} // namespace fleet::test_main

#define FLEET_TEST_MAIN_WITH_SETUP(TestObject, before)                                             \
    static const ::fleet::test_main::Registration fleetTestRegistration##TestObject(               \
        __FILE__, []() -> std::unique_ptr<QObject> { return std::make_unique<TestObject>(); },     \
        before);

#define FLEET_TEST_MAIN(TestObject) FLEET_TEST_MAIN_WITH_SETUP(TestObject, nullptr)
