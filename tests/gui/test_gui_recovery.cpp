// Crash recovery as a user meets it: a recovered project stays unsaved
// whatever is undone, quitting asks and keeps the file until answered,
// "Discard" really discards, presentation mode asks nothing until it ends,
// and a damaged file opens salvaged and read-only.

#include "document/project_document.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_salvage.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <filesystem>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// Answers the next modal message box with `button`, and records its text.
/// Returns a flag that turns true once a box was answered.
std::shared_ptr<QString> answerNextMessageBox(QMessageBox::StandardButton button)
{
    auto seen = std::make_shared<QString>();
    auto* timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, seen, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        *seen = box->text();
        timer->stop();
        timer->deleteLater();
        box->button(button)->click();
    });
    timer->start();
    return seen;
}

/// Answers every message box until deleted: Open where offered, else OK.
class BoxAnswerer
{
public:
    BoxAnswerer()
    {
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            texts << box->text();
            QAbstractButton* open = box->button(QMessageBox::Open);
            (open ? open : box->button(QMessageBox::Ok))->click();
        });
        m_timer.start(20);
    }
    QStringList texts;

private:
    QTimer m_timer;
};

void ageFile(const QString& path, int seconds)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto when = fs::last_write_time(path.toStdString(), ec);
    fs::last_write_time(path.toStdString(), when - std::chrono::seconds(seconds), ec);
}

} // namespace

class TestGuiRecovery : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

    /// A saved project with a newer recovery file holding one more edit
    /// (the state a crash after an autosave leaves behind).
    void leaveRecoveryBehind()
    {
        auto sample = loadSampleProject();
        QVERIFY(sample);
        QVERIFY(saveProjectFile(sample.value(), m_path.toStdString()));
        ageFile(m_path, 60);
        ProjectDocument crashed(sample.value(), m_path);
        QVERIFY(
            !crashed.edit(QStringLiteral("horizon"), {{"/horizon/months", boost::json::value(7)}}));
        crashed.autosaveNow();
        QVERIFY(QFile::exists(m_path + QStringLiteral(".recovery")));
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("crashed.fleetplan"));
        QFile::remove(m_path);
        QFile::remove(m_path + QStringLiteral(".recovery"));
    }

    void undoAfterRecoveryKeepsTheProjectUnsaved()
    {
        leaveRecoveryBehind();
        MainWindow window;
        const auto asked = answerNextMessageBox(QMessageBox::Open);
        QVERIFY(window.openFile(m_path));
        QVERIFY(asked->contains(QStringLiteral("crashed.fleetplan")));
        QCOMPARE(window.document()->project().horizonMonths, 7);
        QVERIFY(window.document()->isModified());
        // Ctrl+Z with nothing to undo, then an edit and its undo: still unsaved.
        window.document()->undoStack()->undo();
        QVERIFY(window.document()->isModified());
        QVERIFY(!window.document()->edit(QStringLiteral("horizon"),
                                         {{"/horizon/months", boost::json::value(9)}}));
        window.document()->undoStack()->undo();
        QVERIFY(window.document()->isModified());
        QCOMPARE(window.document()->project().horizonMonths, 7);

        // Quitting asks; Cancel keeps the window and the recovery file.
        const auto quitAsked = answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!window.close());
        QVERIFY(quitAsked->contains(QStringLiteral("not saved")));
        QVERIFY(QFile::exists(m_path + QStringLiteral(".recovery")));
        // Save: the recovered state is the project's, the recovery file goes.
        QVERIFY(!window.document()->save());
        QVERIFY(!window.document()->isModified());
        QVERIFY(!QFile::exists(m_path + QStringLiteral(".recovery")));
        auto reopened = openProjectFile(m_path.toStdString());
        QVERIFY(reopened);
        QCOMPARE(reopened.value().horizonMonths, 7);
    }

    void discardOnQuitIsNotOfferedAgain()
    {
        auto sample = loadSampleProject();
        QVERIFY(sample);
        QVERIFY(saveProjectFile(sample.value(), m_path.toStdString()));
        ageFile(m_path, 60);
        {
            MainWindow window;
            QVERIFY(window.openFile(m_path));
            QVERIFY(!window.document()->edit(QStringLiteral("horizon"),
                                             {{"/horizon/months", boost::json::value(5)}}));
            window.document()->autosaveNow();
            QVERIFY(QFile::exists(m_path + QStringLiteral(".recovery")));
            const auto asked = answerNextMessageBox(QMessageBox::Discard);
            QVERIFY(window.close());
            QVERIFY(!asked->isEmpty());
        }
        QVERIFY(!QFile::exists(m_path + QStringLiteral(".recovery")));
        QVERIFY(!findRecovery(m_path.toStdString()));
        MainWindow again;
        QVERIFY(again.openFile(m_path)); // no question: nothing to answer
        QVERIFY(!again.document()->isModified());
        QCOMPARE(again.document()->project().horizonMonths, sample.value().horizonMonths);
    }

    void discardOnRecoveryPromptDeletesIt()
    {
        leaveRecoveryBehind();
        MainWindow window;
        const auto asked = answerNextMessageBox(QMessageBox::Discard);
        QVERIFY(window.openFile(m_path));
        QVERIFY(!asked->isEmpty());
        QVERIFY(!window.document()->isModified());
        QVERIFY(!QFile::exists(m_path + QStringLiteral(".recovery")));
    }

    void unreadableRecoveryIsKeptAside()
    {
        auto sample = loadSampleProject();
        QVERIFY(sample);
        QVERIFY(saveProjectFile(sample.value(), m_path.toStdString()));
        ageFile(m_path, 60);
        QFile garbage(m_path + QStringLiteral(".recovery"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("SQLite format 3\0 but nothing after it");
        garbage.close();
        MainWindow window;
        {
            BoxAnswerer answers; // Open, then OK on the warning
            QVERIFY(window.openFile(m_path));
            QCOMPARE(answers.texts.size(), 2);
            QVERIFY2(answers.texts.last().contains(QStringLiteral("unreadable")),
                     qPrintable(answers.texts.last()));
        }
        // The saved project is open; the unreadable file moved where no
        // autosave overwrites it.
        QVERIFY(!window.document()->isModified());
        QVERIFY(!QFile::exists(m_path + QStringLiteral(".recovery")));
        const QStringList kept =
            QDir(m_dir.path())
                .entryList({QStringLiteral("crashed.fleetplan.recovery.unreadable-*")});
        QCOMPARE(kept.size(), 1);
        for (const QString& name : kept)
            QFile::remove(m_dir.filePath(name));
    }

    void damagedFileOpensSalvagedAndReadOnly()
    {
        // A page copied over another: open refuses the file as damaged, and
        // the app offers what still reads, read-only, never writing the file.
        Project project = loadSampleProject().value();
        for (int i = 0; i < 150; ++i)
            project.scenarios.push_back(
                {"extra-" + std::to_string(i),
                 "Extra " + std::to_string(i),
                 "fills pages",
                 {{"/fleet/pools/h100-reserved/count", std::to_string(1000 + i)}}});
        const std::string good = m_dir.filePath(QStringLiteral("good.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(project, good));
        QFile in(QString::fromStdString(good));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        const int page = 4096;
        const QString damaged = m_dir.filePath(QStringLiteral("damaged.fleetplan"));
        bool found = false;
        for (int from = 1; from * page < bytes.size() && !found; ++from)
            for (int to = 1; to * page < bytes.size() && !found; ++to) {
                if (to == from)
                    continue;
                QByteArray copy = bytes;
                copy.replace(to * page, page, bytes.mid(from * page, page));
                QFile out(damaged);
                QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
                out.write(copy);
                out.close();
                auto refused = openProjectFile(damaged.toStdString());
                found = !refused && isDamagedFileRefusal(refused.error()) &&
                        salvageProjectFile(damaged.toStdString());
            }
        QVERIFY2(found, "no page copy made a damaged but salvageable file");
        QFile before(damaged);
        QVERIFY(before.open(QIODevice::ReadOnly));
        const QByteArray damagedBytes = before.readAll();

        MainWindow window;
        {
            BoxAnswerer answers;
            QVERIFY(window.openFile(damaged));
            QVERIFY(!answers.texts.isEmpty());
            QVERIFY2(answers.texts.first().contains(QStringLiteral("is damaged")),
                     qPrintable(answers.texts.first()));
        }
        QVERIFY(window.document()->path().isEmpty()); // never saved over the damaged file
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), test::kPatienceMs);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("readOnlyBanner"))->isVisible());
        window.grab().save(QStringLiteral(FLEET_BINARY_DIR "/gui_salvaged_read_only.png"));
        QVERIFY(window.windowTitle().contains(QStringLiteral("read-only")));
        const auto refusal = window.document()->edit(QStringLiteral("horizon"),
                                                     {{"/horizon/months", boost::json::value(5)}});
        QVERIFY(refusal && refusal->contains(QStringLiteral("read-only")));
        QVERIFY(!window.document()->save()->isEmpty()); // no file: Save As
        // Save As keeps it as a new project, which then edits normally.
        const QString kept = m_dir.filePath(QStringLiteral("kept.fleetplan"));
        QVERIFY(!window.document()->saveAs(kept));
        QVERIFY(!window.findChild<QLabel*>(QStringLiteral("readOnlyBanner"))->isVisible());
        QVERIFY(!window.document()->edit(QStringLiteral("horizon"),
                                         {{"/horizon/months", boost::json::value(5)}}));
        QVERIFY(!window.document()->save());
        QFile after(damaged);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), damagedBytes);
    }

    void presentationAsksNothingUntilItEnds()
    {
        leaveRecoveryBehind();
        const QByteArray before = [&] {
            QFile f(m_path + QStringLiteral(".recovery"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        MainWindow window;
        window.deferRecoveryOffers(); // what --present does
        QVERIFY(window.openFile(m_path));
        window.show();
        window.setPresenting(true);
        QCOMPARE(window.pendingRecovery(), m_path);
        QVERIFY(!QApplication::activeModalWidget());
        // Edits in the demo are not autosaved over the pending file.
        QVERIFY(!window.document()->edit(QStringLiteral("horizon"),
                                         {{"/horizon/months", boost::json::value(11)}}));
        window.document()->autosaveNow();
        QFile after(m_path + QStringLiteral(".recovery"));
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), before);
        after.close();

        // Leaving presentation mode asks; Open brings the recovered state.
        const auto asked = answerNextMessageBox(QMessageBox::Open);
        window.setPresenting(false);
        QTRY_VERIFY(!asked->isEmpty());
        QCOMPARE(window.document()->project().horizonMonths, 7);
        QVERIFY(window.document()->isModified());
        QVERIFY(window.pendingRecovery().isEmpty());
        // Autosave is back on for the recovered document.
        QVERIFY(!window.document()->edit(QStringLiteral("horizon"),
                                         {{"/horizon/months", boost::json::value(8)}}));
        window.document()->autosaveNow();
        auto recovered = openProjectFile((m_path + QStringLiteral(".recovery")).toStdString());
        QVERIFY(recovered);
        QCOMPARE(recovered.value().horizonMonths, 8);
        window.document()->undoStack()->clear();
        QVERIFY(!window.document()->save()); // leave nothing behind
    }
};

FLEET_TEST_MAIN(TestGuiRecovery)
#include "test_gui_recovery.moc"
