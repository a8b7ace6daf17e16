// main() of a layer's test executable (tests/support/fleet_test.h): runs the
// test file named by its first argument, or lists them. The application
// object is the one the layer's tests need: QApplication for the GUI's
// (FLEET_TEST_WIDGETS), QCoreApplication otherwise.

#include "support/fleet_test.h"

#include <QtTest>
#ifdef FLEET_TEST_WIDGETS
#include <QApplication>
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace fleet::test_main {
namespace {

struct Entry
{
    std::string name;
    std::unique_ptr<QObject> (*make)();
    BeforeApplication before;
};

std::vector<Entry>& entries()
{
    static std::vector<Entry> all;
    return all;
}

/// "…/tests/core/test_catalog.cpp" → "test_catalog".
std::string stem(const char* path)
{
    std::string name(path);
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const auto dot = name.rfind('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

int usage(const char* program)
{
    std::fprintf(stderr, "usage: %s TEST [QtTest options…]\nTESTS:", program);
    for (const Entry& entry : entries())
        std::fprintf(stderr, " %s", entry.name.c_str());
    std::fprintf(stderr, "\n");
    return 1;
}

} // namespace

Registration::Registration(const char* sourceFile, std::unique_ptr<QObject> (*make)(),
                           BeforeApplication before)
{
    entries().push_back({stem(sourceFile), make, before});
}

} // namespace fleet::test_main

int main(int argc, char** argv)
{
    using namespace fleet::test_main;
    if (argc < 2 || argv[1][0] == '-')
        return usage(argv[0]);
    const Entry* entry = nullptr;
    for (const Entry& candidate : entries())
        if (candidate.name == argv[1])
            entry = &candidate;
    if (!entry) {
        std::fprintf(stderr, "%s: no test named %s\n", argv[0], argv[1]);
        return usage(argv[0]);
    }
    if (entry->before)
        if (const int status = entry->before(); status >= 0)
            return status;

    // QtTest sees the program and the options after the test's name.
    std::vector<char*> args{argv[0]};
    args.insert(args.end(), argv + 2, argv + argc);
    int count = int(args.size());
#ifdef FLEET_TEST_WIDGETS
    QApplication app(count, args.data());
    app.setAttribute(Qt::AA_Use96Dpi, true);
#else
    QCoreApplication app(count, args.data());
#endif
    const std::unique_ptr<QObject> test = entry->make();
    return QTest::qExec(test.get(), count, args.data());
}
