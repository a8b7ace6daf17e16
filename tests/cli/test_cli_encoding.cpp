// fleetplanner-cli's output is UTF-8, encoded once (issue 35: the help printed
// "2Ã" followed by U+0097 for "2×", its UTF-8 literal read as Latin-1). The
// bytes are compared, not the decoded text, which would hide the fault.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QStringDecoder>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

/// What is wrong with `bytes` as once-encoded UTF-8, or "" when nothing is.
/// Text encoded twice shows the Latin-1 reading of a lead byte (C2 "Â", C3
/// "Ã", E2 "â") and of each continuation byte (80–9F: the C1 controls); our
/// output has no reason to hold any of them.
QString encodingFault(const QByteArray& bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder(bytes);
    if (decoder.hasError())
        return QStringLiteral("not UTF-8");
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x80 && u <= 0x9f) || u == u'Â' || u == u'Ã' || u == u'â')
            return QStringLiteral("U+%1, text encoded twice").arg(int(u), 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

class TestCliEncoding : public QObject
{
    Q_OBJECT

private slots:
    void helpIsEncodedOnce()
    {
        const CliRun help = runCli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        // "2×" is 32 C3 97 in UTF-8; encoded twice it was 32 C3 83 C2 97.
        QVERIFY2(help.outBytes.contains(QByteArray("(PNG at 2\xc3\x97, SVG, PDF)")),
                 help.outBytes.constData());
        QVERIFY(!help.outBytes.contains(QByteArray("2\xc3\x83\xc2\x97")));
        QCOMPARE(encodingFault(help.outBytes), QString());
        // Without a command, the same text on stderr, byte for byte.
        const CliRun bare = runCli({});
        QCOMPARE(bare.exitCode, 1);
        QCOMPARE(bare.errBytes, help.outBytes);
    }

    void everyCommandsHelpIsEncodedOnce_data()
    {
        QTest::addColumn<QString>("command");
        for (const char* command :
             {"catalog", "training", "inference", "evaluate", "solve", "simulate",
              "simulate-service", "pack", "replay", "new", "import", "export", "validate", "fields",
              "chart", "deck", "workbook", "calibrate", "tco"})
            QTest::newRow(command) << QString::fromLatin1(command);
    }

    void everyCommandsHelpIsEncodedOnce()
    {
        QFETCH(QString, command);
        const CliRun help = runCli({command, QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(!help.outBytes.isEmpty());
        QCOMPARE(encodingFault(help.outBytes), QString());
    }

    /// Outputs with non-ASCII text (×, –, ≤, µ…) in them, encoded once.
    void outputsAreEncodedOnce()
    {
        const QString log = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");
        for (const QStringList& args :
             {QStringList{"replay", "--jobs", log, ":sample"}, QStringList{"evaluate", ":sample"},
              QStringList{"catalog"}, QStringList{"tco"}, QStringList{"fields"}}) {
            const CliRun run = runCli(args);
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            QVERIFY2(encodingFault(run.outBytes).isEmpty(),
                     qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(encodingFault(run.errBytes).isEmpty(),
                     qPrintable(args.join(QLatin1Char(' '))));
        }
        // The replay's text holds a × of its own: the test sees non-ASCII text.
        const CliRun replay = runCli({"replay", "--jobs", log, ":sample"});
        QVERIFY(replay.outBytes.contains(QByteArray("nodes \xc3\x97 8 GPUs")));
    }
};

FLEET_TEST_MAIN(TestCliEncoding)
#include "test_cli_encoding.moc"
