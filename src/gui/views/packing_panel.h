#pragma once

// The Packing page: choose a node list and a pod list (openb CSV), the
// policies and seeds; the replay runs off the GUI thread and its curves and
// stranded GPUs (in dollars at the active price book) show in the Packing chart.

#include "compute/recompute_service.h"

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
    explicit PackingPanel(RecomputeService* recompute, QWidget* parent = nullptr);
    ~PackingPanel() override;

    /// Reads the files and starts the replay; false (with the reason shown
    /// and returned) when a file is refused.
    bool start(const QString& nodes, const QString& pods, QString* error = nullptr);
    bool running() const { return m_watcher.isRunning(); }
    QString status() const;

signals:
    void finished(bool ok);

private:
    void done();

    RecomputeService* m_recompute;
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
