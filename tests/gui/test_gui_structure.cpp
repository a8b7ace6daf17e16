// Building a model from nothing on the Fleet, Segments and Workloads pages,
// as a PM does, offscreen: add a segment, a pool whose GPU is picked from the
// catalog, one workload of each kind through the kind chooser; pin a GPU,
// regime and profile with the combo boxes; tick a segment's allowed regimes;
// rename a segment (its workloads follow); remove a referenced segment by
// moving its workloads; reorder; then undo every action, one step each, back
// to the empty project. Screenshots of the three pages with an open picker.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "model/range_target.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QAbstractItemDelegate>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// The sample without pools, segments, workloads or scenarios (nor the input
/// ranges of its workloads): an empty model. A fixed fleet needs a pool, so
/// the fleet is sized until one exists.
Project emptyModel()
{
    Project project = loadSampleProject().value();
    project.fleet.pools.clear();
    project.fleet.mode = FleetMode::Size;
    // The example book prices the H100 only (issue 15 removed its A10G "A100"); the
    // newest book prices every GPU, so another one can be picked.
    project.activePriceBookId = "market-2026";
    project.segments.clear();
    project.workloads.clear();
    project.scenarios.clear();
    dropStaleRanges(project); // the price's range stays
    return project;
}

/// Answers the next modal dialog with `answer` once it is shown.
void answerNextDialog(std::function<void(QWidget*)> answer)
{
    auto* timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, [timer, answer] {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            timer->stop();
            timer->deleteLater();
            answer(modal);
        }
    });
    timer->start();
}

int columnOf(const FieldTableModel* model, const QString& header)
{
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->column(c).header == header)
            return c;
    return -1;
}

} // namespace

class TestGuiStructure : public QObject
{
    Q_OBJECT

    std::unique_ptr<ProjectDocument> m_doc;
    std::unique_ptr<QWidget> m_fleet, m_segments, m_workloads;
    ProjectPage m_fleetPage, m_segmentsPage, m_workloadsPage;
    QStringList m_states; ///< the canonical JSON after each action, the empty project first

    QString canonical() const
    {
        return QString::fromStdString(projectToJsonText(m_doc->project()));
    }

    /// Records the state after an action that must be one undo step.
    void stepDone()
    {
        m_states << canonical();
        QCOMPARE(m_doc->undoStack()->count(), m_states.size() - 1);
    }

    static QPushButton* button(QWidget* page, const QString& name)
    {
        return page->findChild<QPushButton*>(name);
    }

    static QTableView* view(QWidget* page, const QString& title)
    {
        return page->findChild<QTableView*>(title);
    }

    /// Opens the editor of a cell and returns it.
    static QWidget* openEditor(QTableView* view, int row, int column)
    {
        const QModelIndex index = view->model()->index(row, column);
        view->setCurrentIndex(index);
        view->edit(index);
        return view->indexWidget(index);
    }

    /// Picks `value` in the combo box of a cell, as a user clicking it does.
    static void pick(QTableView* view, int row, int column, const QString& value)
    {
        auto* combo = qobject_cast<QComboBox*>(openEditor(view, row, column));
        QVERIFY(combo);
        const int at = combo->findData(value);
        QVERIFY2(at >= 0, qPrintable(value));
        combo->setCurrentIndex(at);
        emit combo->activated(at);
        QCoreApplication::processEvents();
    }

    /// Adds a workload of `kind` ("Inference") through "Add workload…".
    void addWorkload(const QString& kind)
    {
        bool asked = false;
        answerNextDialog([&](QWidget* modal) {
            auto* dialog = qobject_cast<QDialog*>(modal);
            QVERIFY(dialog);
            QCOMPARE(dialog->objectName(), QStringLiteral("newWorkload"));
            asked = true;
            if (kind == QStringLiteral("Batch"))
                dialog->grab().toImage().save(
                    QStringLiteral(FLEET_BINARY_DIR "/structure_kind_dialog.png"));
            auto* kinds = dialog->findChild<QComboBox*>(QStringLiteral("workloadKind"));
            QVERIFY(kinds);
            kinds->setCurrentIndex(kinds->findText(kind));
            dialog->accept();
        });
        button(m_workloads.get(), QStringLiteral("addWorkload"))->click();
        QVERIFY(asked);
    }

    void screenshot(QWidget* page, const QString& name, QWidget* popup = nullptr)
    {
        QCoreApplication::processEvents();
        const QString out = QStringLiteral(FLEET_BINARY_DIR "/structure_%1.png").arg(name);
        QVERIFY(page->grab().toImage().save(out));
        if (popup) // a combo box's list is a window of its own
            QVERIFY(popup->grab().toImage().save(
                QStringLiteral(FLEET_BINARY_DIR "/structure_%1_popup.png").arg(name)));
    }

private slots:
    void initTestCase()
    {
        m_doc = std::make_unique<ProjectDocument>(emptyModel());
        m_fleetPage = fleetPage(m_doc.get(), nullptr);
        m_segmentsPage = segmentsPage(m_doc.get(), nullptr);
        m_workloadsPage = workloadsPage(m_doc.get(), nullptr);
        m_fleet.reset(m_fleetPage.widget);
        m_segments.reset(m_segmentsPage.widget);
        m_workloads.reset(m_workloadsPage.widget);
        for (QWidget* page : {m_fleet.get(), m_segments.get(), m_workloads.get()}) {
            page->resize(1500, 900);
            page->show();
        }
        m_states << canonical();
    }

    void aWorkloadNeedsASegmentFirst()
    {
        // Refused at once, without asking a kind that could not be added.
        FieldTableModel* training = m_workloadsPage.models.front();
        button(m_workloads.get(), QStringLiteral("addWorkload"))->click();
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY2(training->lastRefusal().contains(QStringLiteral("add a segment first")),
                 qPrintable(training->lastRefusal()));
        QCOMPARE(canonical(), m_states.front());
        QCOMPARE(m_doc->undoStack()->count(), 0);
    }

    void aSegmentAndAPoolPickedFromTheCatalog()
    {
        button(m_segments.get(), QStringLiteral("add:Customer segments"))->click();
        QCOMPARE(m_doc->project().segments.size(), std::size_t(1));
        QCOMPARE(m_doc->project().segments[0].id, std::string("segment-1"));
        stepDone();

        button(m_fleet.get(), QStringLiteral("add:Pools of the fleet"))->click();
        QVERIFY2(m_doc->project().fleet.pools.size() == 1,
                 qPrintable(m_fleetPage.models.front()->lastRefusal()));
        QCOMPARE(m_doc->project().fleet.pools[0].id, std::string("pool-1"));
        stepDone();

        // Pick another GPU the active book prices on-demand, from the GPU picker.
        const Project& p = m_doc->project();
        std::string other;
        for (const GpuModel& gpu : p.catalog().gpus)
            if (gpu.id != p.fleet.pools[0].gpuId &&
                p.activePriceBook()->usdPerGpuHour(gpu, Plan::OnDemand) && other.empty())
                other = gpu.id;
        QVERIFY(!other.empty());
        QTableView* pools = view(m_fleet.get(), QStringLiteral("Pools of the fleet"));
        FieldTableModel* model = m_fleetPage.models.front();
        const int gpuColumn = columnOf(model, QStringLiteral("GPU"));
        auto* combo = qobject_cast<QComboBox*>(openEditor(pools, 0, gpuColumn));
        QVERIFY(combo);
        QCOMPARE(combo->count(), int(p.catalog().gpus.size()));
        // Each GPU shows its memory and its on-demand price, or says the book has none.
        for (int i = 0; i < combo->count(); ++i)
            QVERIFY2(combo->itemText(i).contains(QStringLiteral(" GB, ")) &&
                         (combo->itemText(i).contains(QStringLiteral("/GPU-h on-demand")) ||
                          combo->itemText(i).contains(QStringLiteral("no on-demand price in"))),
                     qPrintable(combo->itemText(i)));
        combo->showPopup();
        screenshot(m_fleet.get(), QStringLiteral("fleet"), combo->view()->window());
        combo->hidePopup();
        const int at = combo->findData(QString::fromStdString(other));
        combo->setCurrentIndex(at);
        emit combo->activated(at);
        QCoreApplication::processEvents();
        QCOMPARE(m_doc->project().fleet.pools[0].gpuId, other);
        QVERIFY(model->data(model->index(0, gpuColumn), Qt::DisplayRole)
                    .toString()
                    .contains(QString::fromStdString(p.catalog().gpu(other)->name)));
        stepDone();
        QVERIFY(model->setData(model->index(0, columnOf(model, QStringLiteral("Count"))), 512.0,
                               Qt::EditRole));
        stepDone();
        // Now the fleet may be fixed: picked in the project's form, not typed.
        auto* form = m_fleet->findChild<RecordInspector*>(QStringLiteral("projectInspector"));
        QVERIFY(form);
        auto* mode = qobject_cast<QComboBox*>(form->editorOf(QStringLiteral("Fleet mode")));
        QVERIFY(mode);
        const int fixed = mode->findData(QStringLiteral("fixed"));
        QVERIFY(fixed >= 0);
        mode->setCurrentIndex(fixed);
        emit mode->activated(fixed);
        QCoreApplication::processEvents();
        QCOMPARE(m_doc->project().fleet.mode, FleetMode::Fixed);
        stepDone();
    }

    void oneWorkloadOfEachKind()
    {
        const QStringList kinds = {QStringLiteral("Training"), QStringLiteral("Inference"),
                                   QStringLiteral("Notebooks"), QStringLiteral("Batch")};
        for (const QString& kind : kinds) {
            addWorkload(kind);
            stepDone();
        }
        const Project& p = m_doc->project();
        QCOMPARE(p.workloads.size(), std::size_t(4));
        const std::vector<std::string> ids = {"training-1", "inference-1", "notebooks-1",
                                              "batch-1"};
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(p.workloads[i].id, ids[i]);
            QCOMPARE(p.workloads[i].segmentId, std::string("segment-1"));
            QCOMPARE(int(p.workloads[i].kind()), int(i));
        }
        const auto& inference = std::get<InferenceSpec>(p.workloads[1].spec);
        QCOMPARE(inference.params, 70e9);
        QCOMPARE(inference.requestsPerSecond, 10.0);
        QCOMPARE(std::get<BatchSpec>(p.workloads[3].spec).referenceGpuId, p.fleet.pools[0].gpuId);
        // Each shows in its kind's table.
        for (int kind = 0; kind < 4; ++kind)
            QCOMPARE(m_workloadsPage.models.at(std::size_t(kind))->rowCount(), 1);
        // The project as built evaluates (a valid, complete model).
        QVERIFY(parseProject(projectToJsonText(p), "built").ok());
    }

    void pinsArePickedWithTheOptimizerAsFirstChoice()
    {
        FieldTableModel* model = m_workloadsPage.models.at(1); // inference
        QTableView* table = view(m_workloads.get(), QStringLiteral("Inference"));
        const int gpu = columnOf(model, QStringLiteral("Pinned GPU"));
        const int regime = columnOf(model, QStringLiteral("Pinned regime"));
        const int profile = columnOf(model, QStringLiteral("Pinned profile"));
        const int plan = columnOf(model, QStringLiteral("Pinned plan"));
        QVERIFY(gpu >= 0 && regime >= 0 && profile >= 0 && plan >= 0);
        QCOMPARE(model->data(model->index(0, gpu), Qt::DisplayRole).toString(),
                 QStringLiteral("(let the optimizer choose)"));
        // A GPU with MIG profiles, so that a profile can be pinned too.
        std::string mig;
        for (const GpuModel& g : m_doc->project().catalog().gpus)
            if (g.mig && mig.empty())
                mig = g.id;
        QVERIFY(!mig.empty());
        pick(table, 0, gpu, QString::fromStdString(mig));
        stepDone();
        pick(table, 0, regime, QStringLiteral("partition"));
        stepDone();
        auto* profiles = qobject_cast<QComboBox*>(openEditor(table, 0, profile));
        QVERIFY(profiles);
        QCOMPARE(profiles->itemData(0).toString(), QString()); // let the optimizer choose
        QVERIFY(profiles->count() > 1);
        profiles->showPopup();
        screenshot(m_workloads.get(), QStringLiteral("workloads"), profiles->view()->window());
        profiles->hidePopup();
        const QString chosen = profiles->itemData(1).toString();
        profiles->setCurrentIndex(1);
        emit profiles->activated(1);
        QCoreApplication::processEvents();
        stepDone();
        const WorkloadChoice& choice = m_doc->project().workloads[1].choice;
        QCOMPARE(choice.gpuId.value_or(""), mig);
        QVERIFY(choice.regime == RegimeKind::Partition);
        QCOMPARE(QString::fromStdString(choice.profile.value_or("")), chosen);
        QVERIFY(!choice.plan);
        // Back to the optimizer: the pin is left out of the file.
        pick(table, 0, regime, QString());
        stepDone();
        QVERIFY(!m_doc->project().workloads[1].choice.regime);
        QVERIFY(!canonical().contains(QStringLiteral("\"regime\"")));
        // The segment is picked from the segments too.
        QCOMPARE(
            model
                ->data(model->index(0, columnOf(model, QStringLiteral("Segment"))), Qt::DisplayRole)
                .toString(),
            QStringLiteral("New segment 1 (segment-1)"));
    }

    void allowedRegimesAreACheckList()
    {
        FieldTableModel* model = m_segmentsPage.models.front();
        QTableView* table = view(m_segments.get(), QStringLiteral("Customer segments"));
        const int column = columnOf(model, QStringLiteral("Allowed regimes"));
        auto* checks = qobject_cast<QListWidget*>(openEditor(table, 0, column));
        QVERIFY(checks);
        QCOMPARE(std::size_t(checks->count()), regimeCount()); // every registered regime
        for (int i = 0; i < checks->count(); ++i) {
            QCOMPARE(checks->item(i)->checkState(), Qt::Checked); // a new segment allows all
            const QString key = checks->item(i)->data(Qt::UserRole).toString();
            if (key != QStringLiteral("bare_metal") && key != QStringLiteral("partition"))
                checks->item(i)->setCheckState(Qt::Unchecked);
        }
        screenshot(m_segments.get(), QStringLiteral("segments"));
        emit table->itemDelegate()->commitData(checks);
        emit table->itemDelegate()->closeEditor(checks);
        QCoreApplication::processEvents();
        const std::vector<RegimeKind> allowed = {RegimeKind::BareMetal, RegimeKind::Partition};
        QVERIFY(m_doc->project().segments[0].allowedRegimes == allowed);
        QCOMPARE(model->data(model->index(0, column), Qt::DisplayRole).toString(),
                 QStringLiteral("Bare metal, Partition (MIG / AMD)"));
        stepDone();
        // None ticked is refused with the rule, and nothing changes.
        QVERIFY(!model->setData(model->index(0, column), QStringList(), Qt::EditRole));
        QVERIFY2(model->lastRefusal().contains(QStringLiteral("at least one regime")),
                 qPrintable(model->lastRefusal()));
        QCOMPARE(canonical(), m_states.back());
    }

    void renamingASegmentMovesItsWorkloads()
    {
        FieldTableModel* model = m_segmentsPage.models.front();
        const QModelIndex id = model->index(0, columnOf(model, QStringLiteral("Id")));
        QVERIFY(model->setData(id, QStringLiteral("retail"), Qt::EditRole));
        stepDone();
        for (const Workload& w : m_doc->project().workloads)
            QCOMPARE(w.segmentId, std::string("retail"));
        QVERIFY(!model->setData(id, QString(), Qt::EditRole));
        QVERIFY2(model->lastRefusal().contains(QStringLiteral("may not be empty")),
                 qPrintable(model->lastRefusal()));
        QVERIFY(!model->setData(id, QStringLiteral("Retail!"), Qt::EditRole));
        QVERIFY(model->lastRefusal().contains(QStringLiteral("a–z")));
        QCOMPARE(canonical(), m_states.back());
        // A second segment; a taken id is refused naming the rule.
        button(m_segments.get(), QStringLiteral("add:Customer segments"))->click();
        stepDone();
        QCOMPARE(m_doc->project().segments[1].id, std::string("segment-1"));
        QVERIFY(
            !model->setData(model->index(1, id.column()), QStringLiteral("retail"), Qt::EditRole));
        QVERIFY2(model->lastRefusal().contains(QStringLiteral("ids must be unique")),
                 qPrintable(model->lastRefusal()));
        QCOMPARE(canonical(), m_states.back());
    }

    void removingAReferencedSegmentReassignsItsWorkloads()
    {
        QTableView* table = view(m_segments.get(), QStringLiteral("Customer segments"));
        table->setCurrentIndex(table->model()->index(0, 0)); // retail, with four workloads
        // Cancelled: nothing changes.
        answerNextDialog([](QWidget* modal) {
            QCOMPARE(modal->objectName(), QStringLiteral("removeReferencedRow"));
            qobject_cast<QDialog*>(modal)->reject();
        });
        button(m_segments.get(), QStringLiteral("remove:Customer segments"))->click();
        QCOMPARE(canonical(), m_states.back());
        QStringList listed;
        answerNextDialog([&](QWidget* modal) {
            auto* references = modal->findChild<QListWidget*>(QStringLiteral("references"));
            for (int i = 0; references && i < references->count(); ++i)
                listed << references->item(i)->text();
            modal->grab().toImage().save(
                QStringLiteral(FLEET_BINARY_DIR "/structure_remove_dialog.png"));
            auto* target = modal->findChild<QComboBox*>(QStringLiteral("reassignTo"));
            target->setCurrentIndex(target->findData(QStringLiteral("segment-1")));
            modal->findChild<QRadioButton*>(QStringLiteral("reassign"))->setChecked(true);
            qobject_cast<QDialog*>(modal)->accept();
        });
        button(m_segments.get(), QStringLiteral("remove:Customer segments"))->click();
        QVERIFY(listed.contains(QStringLiteral("workload \"inference-1\" (its segment)")));
        QCOMPARE(listed.size(), 4);
        stepDone();
        QCOMPARE(m_doc->project().segments.size(), std::size_t(1));
        for (const Workload& w : m_doc->project().workloads)
            QCOMPARE(w.segmentId, std::string("segment-1"));
    }

    void rowsAreDuplicatedAndReordered()
    {
        // A second inference workload, copied, then moved above the first.
        QTableView* table = view(m_workloads.get(), QStringLiteral("Inference"));
        table->setCurrentIndex(table->model()->index(0, 0));
        button(m_workloads.get(), QStringLiteral("duplicate:Inference"))->click();
        stepDone();
        QCOMPARE(m_doc->project().workloads[2].id, std::string("inference-1-copy"));
        QCOMPARE(table->currentIndex().row(), 1);
        button(m_workloads.get(), QStringLiteral("moveUp:Inference"))->click();
        stepDone();
        QCOMPARE(m_doc->project().workloads[1].id, std::string("inference-1-copy"));
        QCOMPARE(m_doc->project().workloads[2].id, std::string("inference-1"));
        QCOMPARE(table->currentIndex().row(), 0);
        // Up at the top changes nothing and adds no step.
        button(m_workloads.get(), QStringLiteral("moveUp:Inference"))->click();
        QCOMPARE(canonical(), m_states.back());
        // Pools: a second one, moved up.
        QTableView* pools = view(m_fleet.get(), QStringLiteral("Pools of the fleet"));
        pools->setCurrentIndex(pools->model()->index(0, 0));
        button(m_fleet.get(), QStringLiteral("add:Pools of the fleet"))->click();
        stepDone();
        QCOMPARE(m_doc->project().fleet.pools[1].id, std::string("pool-2"));
        QCOMPARE(pools->currentIndex().row(), 1);
        button(m_fleet.get(), QStringLiteral("moveUp:Pools of the fleet"))->click();
        stepDone();
        QCOMPARE(m_doc->project().fleet.pools[0].id, std::string("pool-2"));
        // Removing a pool nothing refers to asks nothing.
        button(m_fleet.get(), QStringLiteral("remove:Pools of the fleet"))->click();
        stepDone();
        QCOMPARE(m_doc->project().fleet.pools.size(), std::size_t(1));
        QCOMPARE(m_doc->project().fleet.pools[0].id, std::string("pool-1"));
        // A pool may not take another pool's id: refused naming the rule.
        FieldTableModel* model = m_fleetPage.models.front();
        QVERIFY(m_doc->project().fleet.pools.size() == 1);
        button(m_fleet.get(), QStringLiteral("duplicate:Pools of the fleet"))->click();
        stepDone();
        QCOMPARE(m_doc->project().fleet.pools[1].id, std::string("pool-1-copy"));
        QVERIFY(!model->setData(model->index(1, columnOf(model, QStringLiteral("Id"))),
                                QStringLiteral("pool-1"), Qt::EditRole));
        QVERIFY2(model->lastRefusal().contains(QStringLiteral("ids must be unique among pools")),
                 qPrintable(model->lastRefusal()));
        QCOMPARE(canonical(), m_states.back());
    }

    void everyActionUndoesOneByOneToTheEmptyProject()
    {
        QUndoStack* undo = m_doc->undoStack();
        QCOMPARE(undo->count(), m_states.size() - 1);
        for (qsizetype i = m_states.size() - 1; i > 0; --i) {
            undo->undo();
            QCOMPARE(canonical(), m_states[i - 1]);
        }
        QVERIFY(!undo->canUndo());
        QCOMPARE(m_doc->project().workloads.size(), std::size_t(0));
        QCOMPARE(m_doc->project().segments.size(), std::size_t(0));
        QCOMPARE(m_doc->project().fleet.pools.size(), std::size_t(0));
        // And redo rebuilds it.
        while (undo->canRedo())
            undo->redo();
        QCOMPARE(canonical(), m_states.back());
    }

    // The sample (format 2): its scenarios name pools and workloads by id.

    void onTheSample()
    {
        m_fleet.reset(); // the pages go before their document
        m_workloads.reset();
        m_segments.reset();
        m_doc = std::make_unique<ProjectDocument>(loadSampleProject().value());
        m_fleetPage = fleetPage(m_doc.get(), nullptr);
        m_workloadsPage = workloadsPage(m_doc.get(), nullptr);
        m_segmentsPage = segmentsPage(m_doc.get(), nullptr);
        m_fleet.reset(m_fleetPage.widget);
        m_workloads.reset(m_workloadsPage.widget);
        m_segments.reset(m_segmentsPage.widget);
        m_states = {canonical()};
    }

    void everyKindOfWorkloadDuplicates()
    {
        // Copies land right after their original, in front of dev-notebooks,
        // which scenarios name by id: they keep changing the same row.
        const QStringList tables = {QStringLiteral("Training"), QStringLiteral("Batch"),
                                    QStringLiteral("Inference"), QStringLiteral("Notebooks")};
        for (const QString& title : tables) {
            QTableView* table = view(m_workloads.get(), title);
            table->setCurrentIndex(table->model()->index(0, 0));
            const std::size_t before = m_doc->project().workloads.size();
            button(m_workloads.get(), QStringLiteral("duplicate:") + title)->click();
            QVERIFY2(m_doc->project().workloads.size() == before + 1,
                     qPrintable(title + QStringLiteral(": ") +
                                qobject_cast<FieldTableModel*>(table->model())->lastRefusal()));
            stepDone();
        }
        QCOMPARE(m_doc->project().workloads[1].id, std::string("pretrain-70b-copy"));
        auto scenario = applyScenario(m_doc->project(), "notebooks-time-sliced");
        QVERIFY(scenario);
        for (const Workload& w : scenario.value().workloads)
            if (w.id == "dev-notebooks")
                QCOMPARE(std::get<NotebookSpec>(w.spec).users, 840);
    }

    void renamingAPoolCarriesItsScenarioOverrides()
    {
        FieldTableModel* pools = m_fleetPage.models.front();
        QVERIFY2(pools->setData(pools->index(1, columnOf(pools, QStringLiteral("Id"))),
                                QStringLiteral("burst"), Qt::EditRole),
                 qPrintable(pools->lastRefusal()));
        stepDone();
        QVERIFY(canonical().contains(QStringLiteral("/fleet/pools/burst/count")));
        QVERIFY(!canonical().contains(QStringLiteral("h100-on-demand")));
        auto scenario = applyScenario(m_doc->project(), "reserve-60");
        QVERIFY(scenario);
        QCOMPARE(scenario.value().fleet.pools[1].count, 960);
    }

    void removingAPoolNamedByAScenarioRemovesItsOverrides()
    {
        QTableView* pools = view(m_fleet.get(), QStringLiteral("Pools of the fleet"));
        pools->setCurrentIndex(pools->model()->index(1, 0));
        QStringList listed;
        bool reassignShown = true;
        answerNextDialog([&](QWidget* modal) {
            QCOMPARE(modal->objectName(), QStringLiteral("removeReferencedRow"));
            auto* references = modal->findChild<QListWidget*>(QStringLiteral("references"));
            for (int i = 0; i < references->count(); ++i)
                listed << references->item(i)->text();
            reassignShown =
                modal->findChild<QRadioButton*>(QStringLiteral("reassign"))->isVisible();
            QVERIFY(
                modal->findChild<QRadioButton*>(QStringLiteral("removeDependents"))->isChecked());
            qobject_cast<QDialog*>(modal)->accept();
        });
        button(m_fleet.get(), QStringLiteral("remove:Pools of the fleet"))->click();
        QCOMPARE(listed, QStringList{QStringLiteral(
                             "scenario \"reserve-60\" override /fleet/pools/burst/count")});
        QVERIFY(!reassignShown); // only a segment's workloads can move
        stepDone();
        QCOMPARE(m_doc->project().fleet.pools.size(), std::size_t(1));
        const Scenario* reserve = m_doc->project().scenario("reserve-60");
        QVERIFY(reserve);
        QCOMPARE(reserve->overrides.size(), std::size_t(1));
        QCOMPARE(reserve->overrides[0].path, std::string("/fleet/pools/h100-reserved/count"));
    }

    void removingASegmentWithItsWorkloadsAndTheirOverrides()
    {
        QTableView* segments = view(m_segments.get(), QStringLiteral("Customer segments"));
        segments->setCurrentIndex(segments->model()->index(0, 0)); // early-stage: dev-notebooks
        QCOMPARE(m_doc->project().segments[0].id, std::string("early-stage"));
        answerNextDialog([](QWidget* modal) {
            modal->findChild<QRadioButton*>(QStringLiteral("removeDependents"))->setChecked(true);
            qobject_cast<QDialog*>(modal)->accept();
        });
        button(m_segments.get(), QStringLiteral("remove:Customer segments"))->click();
        stepDone();
        for (const Workload& w : m_doc->project().workloads)
            QVERIFY(w.segmentId != "early-stage");
        QVERIFY(!canonical().contains(QStringLiteral("dev-notebooks\"")));
        // The scenarios that only changed dev-notebooks are left without overrides.
        QVERIFY(m_doc->project().scenario("no-idle-timeout")->overrides.empty());
    }

    void undoRestoresTheSample()
    {
        QUndoStack* undo = m_doc->undoStack();
        for (qsizetype i = m_states.size() - 1; i > 0; --i) {
            undo->undo();
            QCOMPARE(canonical(), m_states[i - 1]);
        }
        QCOMPARE(canonical(),
                 QString::fromStdString(projectToJsonText(loadSampleProject().value())));
    }
};

FLEET_TEST_MAIN(TestGuiStructure)
#include "test_gui_structure.moc"
