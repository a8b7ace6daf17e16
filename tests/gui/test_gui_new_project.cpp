// File → New as a user meets it: the unsaved-changes question comes first
// (Cancel keeps everything), then the start page; an empty project has the
// settings chosen and no rows, a template opens as itself, and a refused
// choice keeps the dialog open with the field and the rule.

#include "charts/chart_kinds.h"
#include "charts/empty_chart.h"
#include "document/project_document.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "new_project_dialog.h"
#include "store/project_json.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateEdit>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <functional>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::onNextModal;

class TestGuiNewProject : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    QAction* newAction() const
    {
        return m_window->findChild<QAction*>(QStringLiteral("actionNew"));
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window->document()->undoStack()->setClean();
        m_window.reset();
    }

    void newEmptyProjectHasTheChosenSettingsAndNoRows()
    {
        QVERIFY(newAction());
        // An unsaved change: the question comes first.
        QVERIFY(!m_window->document()->edit(QStringLiteral("rename"),
                                            {{"/name", boost::json::value("Changed")}}));
        QVERIFY(m_window->document()->isModified());
        auto asked = std::make_shared<QString>();
        onNextModal<QMessageBox>([asked](QMessageBox* box) {
            *asked = box->text();
            box->button(QMessageBox::Discard)->click();
        });
        auto shown = onNextModal<NewProjectDialog>([](NewProjectDialog* dialog) {
            dialog->setStart(NewProjectDialog::Start::Empty);
            dialog->findChild<QLineEdit*>(QStringLiteral("projectName"))->setText("GPU plan 2027");
            dialog->findChild<QSpinBox*>(QStringLiteral("horizonMonths"))->setValue(24);
            dialog->findChild<QDateEdit*>(QStringLiteral("startMonth"))->setDate(QDate(2027, 3, 1));
            auto* book = dialog->findChild<QComboBox*>(QStringLiteral("priceBook"));
            book->setCurrentIndex(book->findData(QStringLiteral("example-2024")));
            auto* mode = dialog->findChild<QComboBox*>(QStringLiteral("fleetMode"));
            mode->setCurrentIndex(mode->findData(int(FleetMode::Size)));
            dialog->accept();
        });
        newAction()->trigger();
        QVERIFY(*shown);
        QVERIFY2(asked->contains(QStringLiteral("not saved")), qPrintable(*asked));
        const Project& p = m_window->document()->project();
        QCOMPARE(p.name, std::string("GPU plan 2027"));
        QCOMPARE(p.horizonMonths, 24);
        QCOMPARE(p.startMonth, std::string("2027-03"));
        QCOMPARE(p.activePriceBookId, std::string("example-2024"));
        QVERIFY(p.fleet.mode == FleetMode::Size);
        QVERIFY(p.fleet.pools.empty());
        QVERIFY(p.workloads.empty());
        QVERIFY(p.scenarios.empty());
        QVERIFY(m_window->document()->path().isEmpty());
        QCOMPARE(m_window->document()->undoStack()->count(), 0);
        QVERIFY(!m_window->document()->isModified());
        // It evaluates: results arrive for it.
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        // Its first edit is one undo step, and undo restores it.
        QVERIFY(!m_window->document()->edit(QStringLiteral("rename"),
                                            {{"/name", boost::json::value("Renamed")}}));
        QCOMPARE(m_window->document()->undoStack()->count(), 1);
        m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->project().name, std::string("GPU plan 2027"));
    }

    void anEmptyProjectsChartsSayWhyOnScreen()
    {
        // Every chart tab of a new, empty project: its title and why there is
        // nothing to draw, never axes over nothing. Looked at as screenshots.
        auto shown = onNextModal<NewProjectDialog>([](NewProjectDialog* dialog) {
            dialog->setStart(NewProjectDialog::Start::Empty);
            dialog->accept();
        });
        newAction()->trigger();
        QVERIFY(*shown);
        QVERIFY(m_window->document()->project().workloads.empty());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        ChartTabs* tabs = m_window->charts();
        for (ChartKind kind : allChartKinds()) {
            tabs->setCurrentKind(kind);
            QCoreApplication::processEvents();
            QChartView* view = tabs->view(kind);
            if (!view) // not a tab (packing: its own page)
                continue;
            QVERIFY2(view->chart(), qPrintable(chartKindKey(kind)));
            const QString message = emptyChartMessage(view->chart());
            if (kind == ChartKind::ComputePrice) { // the book's prices: no workload needed
                QVERIFY2(message.isEmpty(), qPrintable(message));
                continue;
            }
            QVERIFY2(!message.isEmpty(), qPrintable(chartKindKey(kind)));
            QVERIFY(view->chart()->axes().isEmpty());
            // Nothing earlier is drawn: no "of an earlier state" in its title.
            QVERIFY2(!view->chart()->title().contains(QStringLiteral("earlier")),
                     qPrintable(view->chart()->title()));
            QGraphicsTextItem* text = nullptr; // a child item, not a child object
            for (QGraphicsItem* item : view->chart()->childItems())
                if (auto* one = dynamic_cast<QGraphicsTextItem*>(item);
                    one && one->objectName() == QLatin1String("emptyChartMessage"))
                    text = one;
            QVERIFY(text && text->toPlainText() == message);
            // Centred in the view and wholly inside it.
            const QRectF box = text->mapRectToScene(text->boundingRect());
            const QRectF area = view->chart()->mapRectToScene(view->chart()->rect());
            QVERIFY(area.contains(box));
            QVERIFY(std::abs(box.center().x() - area.center().x()) < area.width() * 0.05);
            QVERIFY(view->grab().toImage().save(
                QStringLiteral(FLEET_BINARY_DIR "/gui_empty_project_%1.png")
                    .arg(chartKindKey(kind))));
        }
    }

    void cancellingTheQuestionKeepsTheDocument()
    {
        QVERIFY(!m_window->document()->edit(QStringLiteral("rename"),
                                            {{"/name", boost::json::value("Changed")}}));
        ProjectDocument* before = m_window->document();
        onNextModal<QMessageBox>(
            [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        newAction()->trigger();
        QCOMPARE(m_window->document(), before);
        QCOMPARE(before->project().name, std::string("Changed"));
        QVERIFY(!QApplication::activeModalWidget());
    }

    void cancellingTheStartPageKeepsTheDocument()
    {
        ProjectDocument* before = m_window->document();
        onNextModal<NewProjectDialog>([](NewProjectDialog* dialog) { dialog->reject(); });
        newAction()->trigger();
        QCOMPARE(m_window->document(), before);
    }

    void fromATemplate()
    {
        QVERIFY(!projectTemplates().empty());
        const ProjectTemplate& chosen = projectTemplates().back();
        auto expected = loadTemplate(chosen.id);
        QVERIFY(expected);
        auto description = std::make_shared<QString>();
        onNextModal<NewProjectDialog>([chosen, description](NewProjectDialog* dialog) {
            QVERIFY(dialog->selectTemplate(QString::fromStdString(chosen.id)));
            QCOMPARE(dialog->start(), NewProjectDialog::Start::Template);
            *description =
                dialog->findChild<QLabel*>(QStringLiteral("templateDescription"))->text();
            const auto* list = dialog->findChild<QListWidget*>(QStringLiteral("templateList"));
            QCOMPARE(list->count(), int(projectTemplates().size()));
            dialog->accept();
        });
        newAction()->trigger();
        QCOMPARE(*description, QString::fromStdString(chosen.description));
        const Project& p = m_window->document()->project();
        QCOMPARE(p.name, expected.value().name);
        QCOMPARE(p.workloads.size(), expected.value().workloads.size());
        QCOMPARE(p.fleet.pools.size(), expected.value().fleet.pools.size());
    }

    void fromTheSample()
    {
        onNextModal<NewProjectDialog>([](NewProjectDialog* dialog) {
            dialog->setStart(NewProjectDialog::Start::Sample);
            dialog->accept();
        });
        newAction()->trigger();
        QCOMPARE(m_window->document()->project().workloads.size(),
                 loadSampleProject().value().workloads.size());
    }

    void anEmptyNameIsRefusedAndTheDialogStaysOpen()
    {
        NewProjectDialog dialog(m_window.get());
        dialog.findChild<QLineEdit*>(QStringLiteral("projectName"))->setText("  ");
        dialog.accept();
        QVERIFY(!dialog.project());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("Name")),
                 qPrintable(dialog.errorText()));
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
    }

    void screenshotOfTheStartPage()
    {
        NewProjectDialog dialog(m_window.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QImage shot = dialog.grab().toImage();
        QVERIFY(shot.save(QStringLiteral(FLEET_BINARY_DIR "/gui_new_project_dialog.png")));
    }
};

FLEET_TEST_MAIN(TestGuiNewProject)
#include "test_gui_new_project.moc"
