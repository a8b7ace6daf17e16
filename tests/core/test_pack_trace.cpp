// Reading node and pod lists: the openb trace files, a generic CSV through a
// column mapping, and broken files refused with the file, line and field.

#include "pack/trace.h"
#include "support/fleet_test.h"
#include "util/utf8.h"

#include <QtTest>

using namespace fleet;
using namespace fleet::pack;

class TestPackTrace : public QObject
{
    Q_OBJECT

private slots:
    void openbTraceReads()
    {
        if (!QFile::exists(QStringLiteral(FLEET_OPENB_DIR "/openb_node_list_gpu_node.csv")))
            QSKIP("the openb trace is not on this machine (set FLEET_OPENB_DIR)");
        auto nodes = loadNodes(FLEET_OPENB_DIR "/openb_node_list_gpu_node.csv");
        QVERIFY2(nodes, nodes ? "" : nodes.error().toString().c_str());
        QCOMPARE(nodes.value().size(), std::size_t(1213));
        long gpus = 0;
        for (const Node& node : nodes.value())
            gpus += node.gpus;
        QCOMPARE(gpus, 6212L);
        for (const char* name : {"default", "gpushare100", "gpuspec33", "multigpu50"}) {
            auto pods = loadPods(QStringLiteral(FLEET_OPENB_DIR "/openb_pod_list_%1.csv")
                                     .arg(QLatin1String(name))
                                     .toStdString());
            QVERIFY2(pods, pods ? "" : pods.error().toString().c_str());
            QVERIFY(pods.value().size() > 8000);
        }
        auto pods = loadPods(FLEET_OPENB_DIR "/openb_pod_list_default.csv").value();
        QCOMPARE(pods.size(), std::size_t(8152));
        QCOMPARE(pods[1].gpuMilli, 460);
        auto spec = loadPods(FLEET_OPENB_DIR "/openb_pod_list_gpuspec33.csv").value();
        std::size_t pinned = 0;
        for (const Pod& pod : spec)
            pinned += pod.gpuSpec.empty() ? 0 : 1;
        QVERIFY(pinned > 1000);
    }

    void genericCsvThroughAMapping()
    {
        const std::string text = "host,cores_milli,mem,gpu_count,gpu_type\n"
                                 "a,32000,131072,4,A100\n"
                                 "b,32000,131072,8,H100\n";
        auto columns = parseColumnMap("name=host,cpu_milli=cores_milli,memory_mib=mem,"
                                      "gpus=gpu_count,model=gpu_type",
                                      openbNodeColumns());
        QVERIFY(columns);
        auto nodes = parseNodes(text, "mine.csv", columns.value());
        QVERIFY(nodes);
        QCOMPARE(nodes.value()[1].gpus, 8);
        QCOMPARE(nodes.value()[1].model, std::string("H100"));
        QVERIFY(!parseColumnMap("gpuz=x", openbNodeColumns()));
    }

    void brokenFilesNameTheLineAndField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString header =
            QStringLiteral("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\n");
        QTest::newRow("empty") << QString() << "pods.csv: line 1: the file is empty";
        QTest::newRow("missing column") << "name,cpu_milli,memory_mib,num_gpu\np,1,1,1\n"
                                        << "the header has no column \"gpu_milli\" for gpu_milli";
        QTest::newRow("not a number")
            << header + "p0,1000,1024,1,500,\np1,1000,lots,1,500,\n"
            << "pods.csv: line 3, memory_mib (entry p1): must be a whole number";
        QTest::newRow("over a GPU")
            << header + "p0,1000,1024,1,1200,\n"
            << "line 2, gpu_milli (entry p0): must be a whole number from 0 to 1000; got \"1200\"";
        QTest::newRow("multi-GPU share")
            << header + "p0,1000,1024,2,500,\n"
            << "a pod of 2 GPUs takes them whole: must be 1000; got 500";
        QTest::newRow("field count") << header + "p0,1000,1024,1\n"
                                     << "line 2: has 4 fields; the header has 6";
        QTest::newRow("no pods") << header << "has no pods";
    }

    void textThatIsNotUtf8IsRefused()
    {
        // Before: a Latin-1 pod name was read, and broke the JSON export later.
        const std::string text = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\n"
                                 "p0,1000,1024,1,500,\np\xe9,1000,1024,1,500,\n";
        auto pods = parsePods(text, "pods.csv");
        QVERIFY(!pods);
        const QString error = QString::fromStdString(pods.error().toString());
        QVERIFY2(error.contains(QStringLiteral("pods.csv: line 3: is not UTF-8 text")),
                 qPrintable(error));
        QVERIFY(!parseNodes("sn,cpu_milli,memory_mib,gpu,model\nn\xff,1,1,1,A\n", "nodes.csv"));
    }

    void utf8FollowsRfc3629()
    {
        QVERIFY(!firstInvalidUtf8("plain ascii"));
        QVERIFY(!firstInvalidUtf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x9a\x80"));    // é € 🚀
        QCOMPARE(firstInvalidUtf8("ab\xc3"), std::optional<std::size_t>(2));        // truncated
        QCOMPARE(firstInvalidUtf8("\xc0\xaf"), std::optional<std::size_t>(0));      // overlong '/'
        QCOMPARE(firstInvalidUtf8("\xe0\x80\xaf"), std::optional<std::size_t>(0));  // overlong
        QCOMPARE(firstInvalidUtf8("x\xed\xa0\x80"), std::optional<std::size_t>(1)); // surrogate
        QCOMPARE(firstInvalidUtf8("\xf4\x90\x80\x80"), std::optional<std::size_t>(0)); // > U+10FFFF
        QCOMPARE(firstInvalidUtf8("\x80"), std::optional<std::size_t>(0)); // stray continuation
        QCOMPARE(firstInvalidUtf8("\xe2\x82x"), std::optional<std::size_t>(0));
    }

    void brokenFilesNameTheLineAndField()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto pods = parsePods(text.toStdString(), "pods.csv");
        QVERIFY(!pods);
        const QString error = QString::fromStdString(pods.error().toString());
        QVERIFY2(error.contains(message), qPrintable(error));
    }
};

FLEET_TEST_MAIN(TestPackTrace)
#include "test_pack_trace.moc"
