// Paths that name rows by id (project format 2) and their v1 positional form.

#include "model/row_paths.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;

namespace {
boost::json::value document()
{
    return boost::json::parse(R"({
        "fleet": {"mode": "fixed", "pools": [{"id": "a"}, {"id": "b/c"}]},
        "segments": [{"id": "s"}],
        "workloads": [{"id": "w0"}, {"id": "w1"}, {"name": "no id"}],
        "scheduler": {"policy": "fifo"}})");
}
} // namespace

class TestRowPaths : public QObject
{
    Q_OBJECT

private slots:
    void idPathsResolveToPositions()
    {
        const auto doc = document();
        QCOMPARE(indexPathOf(doc, "/workloads/w1/users").value(),
                 std::string("/workloads/1/users"));
        QCOMPARE(indexPathOf(doc, "/fleet/pools/b~1c/count").value(),
                 std::string("/fleet/pools/1/count"));
        QCOMPARE(indexPathOf(doc, "/segments/s").value(), std::string("/segments/0"));
        QCOMPARE(indexPathOf(doc, "/scheduler/policy").value(), std::string("/scheduler/policy"));
        QCOMPARE(indexPathOf(doc, "/fleet/mode").value(), std::string("/fleet/mode"));
    }

    void anUnknownIdIsRefusedByName()
    {
        auto missing = indexPathOf(document(), "/workloads/7/users");
        QVERIFY(!missing);
        QVERIFY(missing.error().toString().find("\"7\"") != std::string::npos);
        QVERIFY(!indexPathOf(document(), "workloads/w1"));
    }

    void positionsBecomeIds()
    {
        const auto doc = document();
        QCOMPARE(idPathOf(doc, "/workloads/1/users").value(), std::string("/workloads/w1/users"));
        QCOMPARE(idPathOf(doc, "/fleet/pools/1/count").value(),
                 std::string("/fleet/pools/b~1c/count"));
        QCOMPARE(idPathOf(doc, "/assumptions/x").value(), std::string("/assumptions/x"));
        QVERIFY(!idPathOf(doc, "/workloads/3/users"));  // out of range
        QVERIFY(!idPathOf(doc, "/workloads/2/users"));  // no id
        QVERIFY(!idPathOf(doc, "/workloads/01/users")); // not a position
    }

    void renamesTouchOnlyTheirRow()
    {
        QCOMPARE(renamedPath("/workloads/w1/users", "/workloads", "w1", "chat"),
                 std::string("/workloads/chat/users"));
        QCOMPARE(renamedPath("/workloads/w0/users", "/workloads", "w1", "chat"),
                 std::string("/workloads/w0/users"));
        QCOMPARE(renamedPath("/segments/w1/name", "/workloads", "w1", "chat"),
                 std::string("/segments/w1/name"));
        QCOMPARE(rowIdOf("/fleet/pools/b~1c/count", "/fleet/pools").value(), std::string("b/c"));
        QVERIFY(!rowIdOf("/fleet/mode", "/fleet/pools"));
    }
};

FLEET_TEST_MAIN(TestRowPaths)
#include "test_row_paths.moc"
