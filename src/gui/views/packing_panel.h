#pragma once

// The Packing page: choose a node list and a pod list (openb CSV), the
// policies and seeds; the replay runs off the GUI thread and its curves and
// stranded GPUs (in dollars at the active price book) show in the Packing chart.

#include "compute/recompute_service.h"
#include "document/project_document.h"

#include <QFutureWatcher>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace fleet::gui {

class PackingPanel : public QWidget
{
    Q_OBJECT

public:
    PackingPanel(RecomputeService* recompute, ProjectDocument* document, QWidget* parent = nullptr);
    ~PackingPanel() override;

    /// Reads the files and starts the replay; false (with the reason shown
    /// and returned) when a file is refused.
    bool start(const QString& nodes, const QString& pods, QString* error = nullptr);
    bool running() const { return m_watcher.isRunning(); }
    /// Sets the project's shared-GPU packing efficiency to the best policy's
    /// measured allocation at 100 % load (an undoable edit, noted in the
    /// project). The reason when it cannot.
    std::optional<QString> applyToProject();
    QString status() const;

signals:
    void finished(bool ok);

private:
    void done();

    RecomputeService* m_recompute;
    ProjectDocument* m_document;
    QPushButton* m_apply;
    std::shared_ptr<const PackingReport> m_report;
    QLineEdit* m_nodes;
    QLineEdit* m_pods;
    std::vector<QCheckBox*> m_policies;
    QSpinBox* m_seeds;
    QDoubleSpinBox* m_load;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QLabel* m_status;
    QFutureWatcher<PackingReport> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_stop;
};

} // namespace fleet::gui
