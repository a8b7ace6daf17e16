// The PM's model of issue 14 — "512 MI300X plus 1,000 H200, two customer
// segments, a 405B training run, a chat service and notebooks" — built in the
// main window from File → New with the app's own actions only: the start page,
// the Add buttons, the kind chooser, the pickers and check lists, cell edits
// through the tables' models. No JSON is written by the test and no edit names
// a JSON pointer. Then File → Save As, every action undone with Edit → Undo, one step each,
// back to the empty project and redone, File → Open of the saved file, and the
// KPIs shown compared with `fleetplanner-cli evaluate --json` of the same model
// written by hand (tests/data/models/pm-model.fleetplan.json). Screenshots of
// the Fleet, Segments and Workloads pages and of the KPI panel.

#include "../cli/cli_run.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/new_workload_dialog.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "engine/evaluate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "new_project_dialog.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"
#include "views/number_format.h"

#include <QAbstractItemDelegate>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QFileDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <functional>
#include <memory>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::onNextModal;

namespace {

const QString kModelJson = QStringLiteral(FLEET_TEST_DATA_DIR "/models/pm-model.fleetplan.json");

/// The KPI panel's text for `value` of KPI `key` (kpi_panel.cpp's format):
/// what the panel must show for the CLI's figure.
QString shownAs(const QString& key, const QJsonValue& value)
{
    if (value.isNull() || value.isUndefined())
        return QStringLiteral("—");
    const double v = value.toDouble();
    if (key == QLatin1String("utilization"))
        return formatPercent(v * 100, 1);
    return formatUsd(v);
}

std::optional<double> kpiValue(const Kpis& k, const QString& key)
{
    if (key == QLatin1String("mean_monthly_cost_usd"))
        return k.meanMonthlyCostUsd;
    if (key == QLatin1String("total_cost_usd"))
        return k.totalCostUsd;
    if (key == QLatin1String("cost_per_trillion_training_tokens_usd"))
        return k.costPerTrillionTrainingTokensUsd;
    if (key == QLatin1String("cost_per_million_output_tokens_usd"))
        return k.costPerMillionOutputTokensUsd;
    if (key == QLatin1String("cost_per_notebook_user_month_usd"))
        return k.costPerNotebookUserMonthUsd;
    if (key == QLatin1String("utilization"))
        return k.utilization;
    if (key == QLatin1String("savings_usd"))
        return k.savingsUsd;
    return std::nullopt;
}

/// The first line where two texts differ, with its neighbours, for a failure message.
QString firstDifference(const QString& a, const QString& b)
{
    const QStringList la = a.split(QLatin1Char('\n')), lb = b.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::max(la.size(), lb.size()); ++i) {
        const QString x = i < la.size() ? la[i] : QString(), y = i < lb.size() ? lb[i] : QString();
        if (x != y)
            return QStringLiteral("line %1:\n  built: %2\n  file:  %3").arg(i + 1).arg(x, y);
    }
    return {};
}

} // namespace

// A QVERIFY inside a helper returns from the helper only: stop the test too.
#define STEP(call)                                                                                 \
    do {                                                                                           \
        call;                                                                                      \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)

class TestGuiBuildModel : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QString m_path;
    QStringList m_states; ///< the canonical JSON after each action, the empty project first
    QString m_built;      ///< the canonical JSON of the finished model
    QStringList m_kept;   ///< the placeholders that were already the model's figure

    ProjectDocument* doc() const { return m_window->document(); }

    QString canonical() const
    {
        return QString::fromStdString(projectToJsonText(doc()->project()));
    }

    QAction* action(const char* name) const
    {
        return m_window->findChild<QAction*>(QString::fromLatin1(name));
    }

    QWidget* page(const QString& title) const
    {
        for (const ProjectPage& p : m_window->pages())
            if (p.title == title)
                return p.widget;
        return nullptr;
    }

    QTableView* view(const QString& pageTitle, const QString& table) const
    {
        QWidget* w = page(pageTitle);
        return w ? w->findChild<QTableView*>(table) : nullptr;
    }

    static FieldTableModel* modelOf(QTableView* view)
    {
        return view ? qobject_cast<FieldTableModel*>(view->model()) : nullptr;
    }

    static int columnOf(const FieldTableModel* model, const QString& header)
    {
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).header == header)
                return c;
        return -1;
    }

    /// Records the state after an action that must be exactly one undo step.
    void stepDone(const QString& what)
    {
        const QString now = canonical();
        QVERIFY2(now != m_states.back(), qPrintable(what + QStringLiteral(": nothing changed")));
        m_states << now;
        QVERIFY2(doc()->undoStack()->count() == m_states.size() - 1,
                 qPrintable(QStringLiteral("%1: %2 undo steps after %3 actions")
                                .arg(what)
                                .arg(doc()->undoStack()->count())
                                .arg(m_states.size() - 1)));
    }

    /// Clicks a page's button by its object name ("add:Pools of the fleet").
    void click(const QString& pageTitle, const QString& button)
    {
        QWidget* w = page(pageTitle);
        QVERIFY(w);
        auto* b = w->findChild<QPushButton*>(button);
        QVERIFY2(b, qPrintable(button));
        QVERIFY2(b->isEnabled(), qPrintable(button + QStringLiteral(" is disabled")));
        b->click();
        stepDone(button);
    }

    /// Types `shown` (display units: 405 for 405 B, 40 for 40 %) into a cell,
    /// as the cell's editor commits it, unless it already shows that value.
    void type(const QString& pageTitle, const QString& table, int row, const QString& header,
              const QVariant& shown)
    {
        FieldTableModel* model = modelOf(view(pageTitle, table));
        QVERIFY2(model, qPrintable(table));
        const int column = columnOf(model, header);
        QVERIFY2(column >= 0, qPrintable(table + QStringLiteral(": no column ") + header));
        const QModelIndex index = model->index(row, column);
        QVERIFY2(model->flags(index) & Qt::ItemIsEditable, qPrintable(header));
        const QVariant now = model->data(index, Qt::EditRole);
        if (shown.typeId() == QMetaType::QString ? now.toString() == shown.toString()
                                                 : std::abs(now.toDouble() - shown.toDouble()) <=
                                                       1e-12 * std::abs(shown.toDouble())) {
            m_kept << table + QLatin1Char('/') + header; // the placeholder is the figure
            return;
        }
        QVERIFY2(model->setData(index, shown, Qt::EditRole),
                 qPrintable(table + QLatin1Char('/') + header + QStringLiteral(": ") +
                            model->lastRefusal()));
        stepDone(table + QLatin1Char('/') + header);
    }

    /// Picks `value` in a cell's combo box, as a user clicking it does,
    /// unless the cell holds it already.
    void pick(const QString& pageTitle, const QString& table, int row, const QString& header,
              const QString& value)
    {
        QTableView* v = view(pageTitle, table);
        FieldTableModel* model = modelOf(v);
        QVERIFY2(model, qPrintable(table));
        const int column = columnOf(model, header);
        QVERIFY2(column >= 0, qPrintable(table + QStringLiteral(": no column ") + header));
        const QModelIndex index = model->index(row, column);
        if (model->data(index, Qt::EditRole).toString() == value) {
            m_kept << table + QLatin1Char('/') + header;
            return;
        }
        v->setCurrentIndex(index);
        v->edit(index);
        auto* combo = qobject_cast<QComboBox*>(v->indexWidget(index));
        QVERIFY2(combo, qPrintable(header + QStringLiteral(": no combo box")));
        const int at = combo->findData(value);
        QVERIFY2(at >= 0, qPrintable(header + QStringLiteral(" offers no ") + value));
        combo->setCurrentIndex(at);
        emit combo->activated(at);
        QCoreApplication::processEvents();
        QVERIFY2(model->data(index, Qt::EditRole).toString() == value,
                 qPrintable(header + QStringLiteral(": ") + model->lastRefusal()));
        stepDone(table + QLatin1Char('/') + header);
    }

    /// Picks `value` in the combo box of field `header` of a page's form
    /// (a record inspector named `form`), as a user does.
    void pickInForm(const QString& pageTitle, const QString& form, const QString& header,
                    const QString& value)
    {
        QWidget* w = page(pageTitle);
        auto* inspector = w ? w->findChild<RecordInspector*>(form) : nullptr;
        QVERIFY2(inspector, qPrintable(form));
        auto* combo = qobject_cast<QComboBox*>(inspector->editorOf(header));
        QVERIFY2(combo, qPrintable(header + QStringLiteral(": no combo box")));
        if (combo->currentData().toString() == value) {
            m_kept << form + QLatin1Char('/') + header;
            return;
        }
        const int at = combo->findData(value);
        QVERIFY2(at >= 0, qPrintable(header + QStringLiteral(" offers no ") + value));
        combo->setCurrentIndex(at);
        emit combo->activated(at);
        QCoreApplication::processEvents();
        QVERIFY2(qobject_cast<QComboBox*>(inspector->editorOf(header))->currentData().toString() ==
                     value,
                 qPrintable(header + QStringLiteral(": ") + inspector->refusal()));
        stepDone(form + QLatin1Char('/') + header);
    }

    /// Ticks exactly `keys` in a cell's check list and commits it.
    void tick(const QString& pageTitle, const QString& table, int row, const QString& header,
              const QStringList& keys)
    {
        QTableView* v = view(pageTitle, table);
        FieldTableModel* model = modelOf(v);
        QVERIFY(model);
        const int column = columnOf(model, header);
        QVERIFY2(column >= 0, qPrintable(header));
        const QModelIndex index = model->index(row, column);
        if (model->data(index, Qt::EditRole).toStringList() == keys) {
            m_kept << table + QLatin1Char('/') + header;
            return;
        }
        v->setCurrentIndex(index);
        v->edit(index);
        auto* checks = qobject_cast<QListWidget*>(v->indexWidget(index));
        QVERIFY2(checks, qPrintable(header + QStringLiteral(": no check list")));
        for (int i = 0; i < checks->count(); ++i)
            checks->item(i)->setCheckState(
                keys.contains(checks->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                              : Qt::Unchecked);
        emit v->itemDelegate()->commitData(checks);
        emit v->itemDelegate()->closeEditor(checks);
        QCoreApplication::processEvents();
        QVERIFY2(model->data(index, Qt::EditRole).toStringList() == keys,
                 qPrintable(header + QStringLiteral(": ") + model->lastRefusal()));
        stepDone(table + QLatin1Char('/') + header);
    }

    /// "Add workload…" with `kind` chosen in the kind chooser.
    void addWorkload(const QString& kind)
    {
        auto asked = onNextModal<NewWorkloadDialog>([kind](NewWorkloadDialog* dialog) {
            auto* kinds = child<QComboBox>(dialog, "workloadKind");
            QVERIFY(kinds);
            QVERIFY(kinds->findText(kind) >= 0);
            kinds->setCurrentIndex(kinds->findText(kind));
            dialog->accept();
        });
        QWidget* w = page(QStringLiteral("Workloads"));
        QVERIFY(w);
        w->findChild<QPushButton*>(QStringLiteral("addWorkload"))->click();
        QVERIFY(*asked);
        stepDone(QStringLiteral("Add workload: ") + kind);
    }

    /// Triggers `fileAction` and answers its file dialog with `path`. The
    /// answer is repeated until the dialog closes: the dialog lists its
    /// folder in the background and may ignore an accept before it has.
    bool triggerWithFile(QAction* fileAction, const QString& path)
    {
        bool asked = false;
        QTimer answer;
        answer.setInterval(50);
        connect(&answer, &QTimer::timeout, this, [&] {
            if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
                asked = true;
                // Typed into its file name box, as a user does.
                auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
                if (!name)
                    return;
                name->setText(path);
                static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept is protected
            }
        });
        answer.start();
        fileAction->trigger();
        return asked;
    }

    /// The list of a cell's picker, open, as a PNG (a popup is a window of its own).
    void screenshotPicker(const QString& pageTitle, const QString& table, int row,
                          const QString& header, const QString& name)
    {
        QTableView* v = view(pageTitle, table);
        FieldTableModel* model = modelOf(v);
        QVERIFY(model);
        const QModelIndex index = model->index(row, columnOf(model, header));
        v->setCurrentIndex(index);
        v->edit(index);
        auto* combo = qobject_cast<QComboBox*>(v->indexWidget(index));
        QVERIFY(combo);
        combo->showPopup();
        QCoreApplication::processEvents();
        QVERIFY(combo->view()->window()->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/build_model_%1_picker.png").arg(name)));
        combo->hidePopup();
        emit v->itemDelegate()->closeEditor(combo, QAbstractItemDelegate::RevertModelCache);
        QCoreApplication::processEvents();
    }

    void screenshot(const QString& pageTitle)
    {
        m_window->showPage(pageTitle);
        QCoreApplication::processEvents();
        const QString out =
            QStringLiteral(FLEET_BINARY_DIR "/build_model_%1.png").arg(pageTitle.toLower());
        QVERIFY(m_window->grab().toImage().save(out));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("pm-model.fleetplan"));
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value()); // as the app starts (app/main.cpp)
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanupTestCase()
    {
        if (m_window && doc())
            doc()->undoStack()->setClean();
        m_window.reset();
    }

    void fileNewOnTheStartPage()
    {
        QVERIFY(!doc()->isModified()); // no unsaved-changes question
        auto shown = onNextModal<NewProjectDialog>([](NewProjectDialog* dialog) {
            dialog->setStart(NewProjectDialog::Start::Empty);
            dialog->findChild<QLineEdit*>(QStringLiteral("projectName"))
                ->setText(QStringLiteral("512 MI300X plus 1,000 H200"));
            dialog->findChild<QSpinBox*>(QStringLiteral("horizonMonths"))->setValue(12);
            dialog->findChild<QDateEdit*>(QStringLiteral("startMonth"))->setDate(QDate(2027, 1, 1));
            auto* book = dialog->findChild<QComboBox*>(QStringLiteral("priceBook"));
            book->setCurrentIndex(book->findData(QStringLiteral("market-2026")));
            auto* mode = dialog->findChild<QComboBox*>(QStringLiteral("fleetMode"));
            mode->setCurrentIndex(mode->findData(int(FleetMode::Fixed)));
            dialog->accept();
            QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
        });
        action("actionNew")->trigger();
        QVERIFY(*shown);
        const Project& p = doc()->project();
        QCOMPARE(p.name, std::string("512 MI300X plus 1,000 H200"));
        QVERIFY(p.fleet.pools.empty() && p.segments.empty() && p.workloads.empty());
        QCOMPARE(doc()->undoStack()->count(), 0);
        m_states = {canonical()};
    }

    void twoPoolsPickedFromTheCatalog()
    {
        const QString fleet = QStringLiteral("Fleet"), pools = QStringLiteral("Pools of the fleet");
        struct PoolInput
        {
            QString id, gpu;
            int count;
        };
        const std::vector<PoolInput> inputs = {
            {QStringLiteral("mi300x"), QStringLiteral("mi300x-192gb"), 512},
            {QStringLiteral("h200"), QStringLiteral("h200-sxm-141gb"), 1000}};
        for (int row = 0; row < int(inputs.size()); ++row) {
            const PoolInput& in = inputs[std::size_t(row)];
            STEP(click(fleet, QStringLiteral("add:") + pools));
            QCOMPARE(modelOf(view(fleet, pools))->rowCount(), row + 1);
            STEP(type(fleet, pools, row, QStringLiteral("Id"), in.id));
            if (row == 0) {
                m_window->showPage(fleet);
                STEP(screenshotPicker(fleet, pools, row, QStringLiteral("GPU"),
                                      QStringLiteral("gpu")));
            }
            STEP(pick(fleet, pools, row, QStringLiteral("GPU"), in.gpu));
            STEP(type(fleet, pools, row, QStringLiteral("Count"), in.count));
            STEP(pick(fleet, pools, row, QStringLiteral("Plan"), QStringLiteral("on_demand")));
            STEP(type(fleet, pools, row, QStringLiteral("GPUs per node"), 8));
        }
        STEP(pickInForm(fleet, QStringLiteral("projectInspector"), QStringLiteral("Fleet mode"),
                        QStringLiteral("fixed")));
    }

    void twoSegments()
    {
        const QString segments = QStringLiteral("Segments"),
                      table = QStringLiteral("Customer segments");
        STEP(click(segments, QStringLiteral("add:") + table));
        STEP(type(segments, table, 0, QStringLiteral("Id"), QStringLiteral("labs")));
        STEP(type(segments, table, 0, QStringLiteral("Name"), QStringLiteral("Model labs")));
        STEP(pick(segments, table, 0, QStringLiteral("Isolation floor"),
                  QStringLiteral("hardware")));
        STEP(tick(segments, table, 0, QStringLiteral("Allowed regimes"),
                  {QStringLiteral("bare_metal"), QStringLiteral("vm_passthrough")}));
        STEP(type(segments, table, 0, QStringLiteral("Price"), 3.5));

        STEP(click(segments, QStringLiteral("add:") + table));
        STEP(type(segments, table, 1, QStringLiteral("Id"), QStringLiteral("apps")));
        STEP(type(segments, table, 1, QStringLiteral("Name"), QStringLiteral("App builders")));
        STEP(pick(segments, table, 1, QStringLiteral("Isolation floor"), QStringLiteral("none")));
        STEP(tick(segments, table, 1, QStringLiteral("Allowed regimes"),
                  {QStringLiteral("vm_passthrough"), QStringLiteral("partition"),
                   QStringLiteral("time_sliced"), QStringLiteral("fractional")}));
        STEP(type(segments, table, 1, QStringLiteral("Price"), 2.9));
        QCOMPARE(doc()->project().segments.size(), std::size_t(2));
    }

    void aTrainingRunAChatServiceAndNotebooks()
    {
        const QString w = QStringLiteral("Workloads");

        const QString training = QStringLiteral("Training");
        STEP(addWorkload(training));
        STEP(type(w, training, 0, QStringLiteral("Id"), QStringLiteral("pretrain-405b")));
        STEP(type(w, training, 0, QStringLiteral("Name"), QStringLiteral("405B training run")));
        STEP(pick(w, training, 0, QStringLiteral("Segment"), QStringLiteral("labs")));
        STEP(type(w, training, 0, QStringLiteral("Params"), 405.0));       // B
        STEP(type(w, training, 0, QStringLiteral("Tokens per run"), 0.3)); // T
        STEP(type(w, training, 0, QStringLiteral("GPUs per job"), 512));
        STEP(type(w, training, 0, QStringLiteral("MFU"), 40.0)); // %
        STEP(type(w, training, 0, QStringLiteral("Runs"), 0.5)); // per month

        const QString inference = QStringLiteral("Inference");
        STEP(addWorkload(inference));
        STEP(type(w, inference, 0, QStringLiteral("Id"), QStringLiteral("chat")));
        STEP(type(w, inference, 0, QStringLiteral("Name"), QStringLiteral("Chat service")));
        STEP(pick(w, inference, 0, QStringLiteral("Segment"), QStringLiteral("apps")));
        STEP(type(w, inference, 0, QStringLiteral("Params"), 70.0));
        STEP(pick(w, inference, 0, QStringLiteral("Precision"), QStringLiteral("fp8")));
        STEP(type(w, inference, 0, QStringLiteral("Requests"), 200.0));
        STEP(type(w, inference, 0, QStringLiteral("Input tokens"), 1500));
        STEP(type(w, inference, 0, QStringLiteral("Output tokens"), 350));
        STEP(type(w, inference, 0, QStringLiteral("TPOT"), 40.0));
        STEP(type(w, inference, 0, QStringLiteral("TTFT"), 1500.0));

        const QString notebooks = QStringLiteral("Notebooks");
        STEP(addWorkload(notebooks));
        STEP(type(w, notebooks, 0, QStringLiteral("Id"), QStringLiteral("notebooks")));
        STEP(type(w, notebooks, 0, QStringLiteral("Name"), QStringLiteral("Notebooks")));
        STEP(pick(w, notebooks, 0, QStringLiteral("Segment"), QStringLiteral("apps")));
        STEP(type(w, notebooks, 0, QStringLiteral("Users"), 200));
        STEP(type(w, notebooks, 0, QStringLiteral("GPUs per user"), 1.0));
        STEP(type(w, notebooks, 0, QStringLiteral("Active"), 5.0)); // %
        STEP(type(w, notebooks, 0, QStringLiteral("Mean idle gap"), 120.0));
        STEP(type(w, notebooks, 0, QStringLiteral("Idle timeout"), 30.0));
        STEP(type(w, notebooks, 0, QStringLiteral("Memory"), 80.0));
        QCOMPARE(doc()->project().workloads.size(), std::size_t(3));
        m_built = canonical();
        qInfo("the model took %d actions, each one undo step; placeholders kept: %s",
              int(m_states.size() - 1), qPrintable(m_kept.join(QStringLiteral(", "))));
    }

    void theBuiltModelIsTheJsonFile()
    {
        auto file = loadProject(kModelJson.toStdString());
        QVERIFY2(file, file ? "" : file.error().toString().c_str());
        const QString expected = QString::fromStdString(projectToJsonText(file.value()));
        QVERIFY2(m_built == expected, qPrintable(firstDifference(m_built, expected)));
    }

    void savedWithFileSaveAs()
    {
        QVERIFY(triggerWithFile(action("actionSaveAs"), m_path));
        QFile saved(m_path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.read(16).startsWith("SQLite format 3")); // a .fleetplan, not JSON
        QCOMPARE(doc()->path(), m_path);
        QVERIFY(!doc()->isModified());
    }

    void everyActionUndoesOneStepToTheEmptyProject()
    {
        // Edit → Undo and Edit → Redo, as a user clicks them.
        auto* edit = m_window->findChild<QMenu*>(QStringLiteral("menuEdit"));
        QVERIFY(edit && edit->actions().size() >= 2);
        QAction* undoAction = edit->actions().at(0);
        QAction* redoAction = edit->actions().at(1);
        QUndoStack* undo = doc()->undoStack();
        QCOMPARE(undo->count(), m_states.size() - 1);
        QStringList named; // each step says what it undoes
        for (qsizetype i = m_states.size() - 1; i > 0; --i) {
            QVERIFY(undoAction->isEnabled());
            named << undoAction->text();
            undoAction->trigger();
            QVERIFY2(canonical() == m_states[i - 1],
                     qPrintable(QStringLiteral("undo to state %1: ").arg(i - 1) +
                                firstDifference(canonical(), m_states[i - 1])));
        }
        QVERIFY(!undoAction->isEnabled());
        QVERIFY(doc()->project().fleet.pools.empty());
        QVERIFY(doc()->project().segments.empty());
        QVERIFY(doc()->project().workloads.empty());
        qInfo("undone in %d steps: %s … %s", int(named.size()), qPrintable(named.front()),
              qPrintable(named.back()));
        for (const QString& text : named)
            QVERIFY2(text.size() > QStringLiteral("&Undo ").size(), qPrintable(text));
        while (redoAction->isEnabled())
            redoAction->trigger();
        QCOMPARE(canonical(), m_built);
        QVERIFY(!doc()->isModified()); // back where it was saved
    }

    void reopenedWithFileOpenAndEvaluated()
    {
        ProjectDocument* before = doc();
        QVERIFY(triggerWithFile(action("actionOpen"), m_path));
        QVERIFY(doc() != before);
        QCOMPARE(doc()->path(), m_path);
        QCOMPARE(canonical(), m_built);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate() &&
                                     m_window->recompute()->latest(),
                                 gui::test::kPatienceMs);
    }

    void theKpisShownAreTheCliEvaluationOfTheJsonFile()
    {
        const fleet::test::CliRun run =
            fleet::test::runCli({QStringLiteral("evaluate"), kModelJson, QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject kpis = QJsonDocument::fromJson(run.out.toUtf8())
                                     .object()
                                     .value(QStringLiteral("kpis"))
                                     .toObject();
        QVERIFY2(!kpis.isEmpty(), qPrintable(run.out.left(400)));
        const Kpis& shown = m_window->recompute()->latest()->evaluation.kpis;
        KpiPanel* panel = m_window->kpiPanel();
        const QStringList keys = {QStringLiteral("mean_monthly_cost_usd"),
                                  QStringLiteral("cost_per_trillion_training_tokens_usd"),
                                  QStringLiteral("cost_per_million_output_tokens_usd"),
                                  QStringLiteral("cost_per_notebook_user_month_usd"),
                                  QStringLiteral("utilization"),
                                  QStringLiteral("savings_usd")};
        for (const QString& key : keys) {
            const QJsonValue cli = kpis.value(key);
            QVERIFY2(!cli.isUndefined(), qPrintable(key));
            const auto app = kpiValue(shown, key);
            QVERIFY2(app.has_value() == !cli.isNull(), qPrintable(key));
            if (app) // the same engine on the same model: the same figure
                QVERIFY2(std::abs(*app - cli.toDouble()) <= 1e-9 * std::max(1.0, std::abs(*app)),
                         qPrintable(QStringLiteral("%1: app %2, CLI %3")
                                        .arg(key)
                                        .arg(*app, 0, 'g', 17)
                                        .arg(cli.toDouble(), 0, 'g', 17)));
            QString expected = shownAs(key, cli);
            if (key == QLatin1String("savings_usd") && shown.savingsFraction)
                expected += QStringLiteral(" (%1 %)").arg(
                    QLocale().toString(*shown.savingsFraction * 100, 'f', 0));
            QCOMPARE(panel->valueText(key), expected);
            qInfo("%s: shown %s, CLI %.17g", qPrintable(key), qPrintable(panel->valueText(key)),
                  cli.toDouble());
        }
        const auto total = kpiValue(shown, QStringLiteral("total_cost_usd"));
        QVERIFY(total &&
                std::abs(*total - kpis.value(QStringLiteral("total_cost_usd")).toDouble()) <=
                    1e-9 * *total);
    }

    void screenshots()
    {
        for (const QString& title :
             {QStringLiteral("Fleet"), QStringLiteral("Segments"), QStringLiteral("Workloads")})
            STEP(screenshot(title));
        QVERIFY(m_window->kpiPanel()->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/build_model_kpis.png")));
    }
};

FLEET_TEST_MAIN(TestGuiBuildModel)
#include "test_gui_build_model.moc"
