#include "views/packing_panel.h"

#include "pack/project_trace.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtConcurrent/QtConcurrentRun>

#include <boost/json.hpp>

namespace fleet::gui {

namespace {

QWidget* fileRow(QLineEdit* edit, const QString& caption, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto* browse = new QPushButton(QObject::tr("Browse…"), row);
    QObject::connect(browse, &QPushButton::clicked, edit, [edit, caption, parent] {
        const QString path = QFileDialog::getOpenFileName(parent, caption, edit->text(),
                                                          QObject::tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            edit->setText(path);
    });
    layout->addWidget(browse);
    return row;
}

} // namespace

PackingPanel::PackingPanel(RecomputeService* recompute, ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_recompute(recompute), m_document(document)
{
    auto* form = new QFormLayout(this);
    auto* intro = new QLabel(
        tr("<b>Packing</b> — replay a cluster's own pod list (openb CSV, "
           "<code>docs/MODEL.md</code> “Packing and fragmentation”) under packing policies: "
           "how many GPUs fragmentation strands, and what they cost."),
        this);
    intro->setWordWrap(true);
    form->addRow(intro);
    m_nodes = new QLineEdit(this);
    m_nodes->setObjectName(QStringLiteral("nodeList"));
    m_pods = new QLineEdit(this);
    m_pods->setObjectName(QStringLiteral("podList"));
    form->addRow(tr("Node list:"), fileRow(m_nodes, tr("Node list"), this));
    form->addRow(tr("Pod list:"), fileRow(m_pods, tr("Pod list"), this));
    auto* policies = new QWidget(this);
    auto* policyLayout = new QGridLayout(policies);
    policyLayout->setContentsMargins(0, 0, 0, 0);
    for (pack::Policy policy : pack::allPolicies()) {
        auto* box = new QCheckBox(QString::fromUtf8(pack::policyKey(policy).data()), policies);
        box->setChecked(policy == pack::Policy::Random || policy == pack::Policy::BestFit ||
                        policy == pack::Policy::Fgd);
        const int at = int(m_policies.size());
        policyLayout->addWidget(box, at / 3, at % 3);
        m_policies.push_back(box);
    }
    form->addRow(tr("Policies:"), policies);
    m_seeds = new QSpinBox(this);
    m_seeds->setRange(1, 20);
    m_seeds->setValue(3);
    m_seeds->setToolTip(tr("Seeds 42, 43, …: each shuffles the pods and ranks the nodes"));
    form->addRow(tr("Seeds:"), m_seeds);
    m_load = new QDoubleSpinBox(this);
    m_load->setRange(0.1, 3.0);
    m_load->setSingleStep(0.1);
    m_load->setValue(1.3);
    m_load->setSuffix(tr(" × GPU capacity"));
    m_load->setToolTip(tr("The pod list is inflated (or trimmed) to this much GPU demand"));
    form->addRow(tr("Load:"), m_load);
    m_run = new QPushButton(tr("Replay"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    auto* buttons = new QWidget(this);
    auto* buttonLayout = new QHBoxLayout(buttons);
    buttonLayout->setContentsMargins(0, 0, 0, 0);
    buttonLayout->addWidget(m_run);
    buttonLayout->addWidget(m_cancel);
    m_apply = new QPushButton(tr("Use as the project's packing efficiency"), this);
    m_apply->setToolTip(tr("The fractional and time-sliced regimes' usable share of a GPU "
                           "becomes the best policy's allocation at 100 % load, instead of the "
                           "assumed 0.90 (undoable; noted in the project)"));
    m_apply->setEnabled(false);
    buttonLayout->addWidget(m_apply);
    buttonLayout->addStretch(1);
    form->addRow(QString(), buttons);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("packingStatus"));
    form->addRow(m_status);
    connect(m_run, &QPushButton::clicked, this, [this] { start(m_nodes->text(), m_pods->text()); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_stop)
            m_stop->store(true);
    });
    connect(&m_watcher, &QFutureWatcher<PackingReport>::finished, this, &PackingPanel::done);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (const auto refusal = applyToProject())
            m_status->setText(*refusal);
    });
}

std::optional<QString> PackingPanel::applyToProject()
{
    if (!m_report || m_report->policies.empty())
        return tr("Replay a trace first.");
    std::vector<pack::PolicyAllocation> allocations;
    for (const PolicyPacking& p : m_report->policies)
        allocations.push_back({p.policy, 100.0 - p.unallocatedPctAt100});
    const pack::MeasuredEfficiency measured = *pack::measuredEfficiency(allocations);
    const double efficiency = measured.efficiency;
    const std::string note = pack::noteWithMeasuredEfficiency(
        m_document->shownProject().note, efficiency, measured.policy,
        "in FleetPlanner's Packing view", m_report->source.toStdString(), m_report->load,
        m_report->seeds);
    if (auto refusal = m_document->edit(
            tr("Use the measured packing efficiency"),
            {{"/assumptions/shared_packing_efficiency", boost::json::value(efficiency)},
             {"/note", boost::json::value(note)}}))
        return refusal;
    m_status->setText(tr("The project's shared-GPU packing efficiency is now %1 (%2).")
                          .arg(efficiency, 0, 'f', 3)
                          .arg(QString::fromUtf8(pack::policyKey(measured.policy).data())));
    return std::nullopt;
}

PackingPanel::~PackingPanel()
{
    if (m_stop)
        m_stop->store(true);
    m_watcher.waitForFinished();
}

QString PackingPanel::status() const
{
    return m_status->text();
}

bool PackingPanel::start(const QString& nodesPath, const QString& podsPath, QString* error)
{
    if (m_watcher.isRunning())
        return false;
    m_nodes->setText(nodesPath);
    m_pods->setText(podsPath);
    auto nodes = pack::loadNodes(nodesPath.toStdString());
    auto pods = pack::loadPods(podsPath.toStdString());
    for (const auto* problem : {nodes ? nullptr : &nodes.error(), pods ? nullptr : &pods.error()})
        if (problem) {
            const QString message =
                tr("Not replayed: %1").arg(QString::fromStdString(problem->toString()));
            m_status->setText(message);
            if (error)
                *error = message;
            return false;
        }
    std::vector<pack::Policy> chosen;
    for (std::size_t i = 0; i < m_policies.size(); ++i)
        if (m_policies[i]->isChecked())
            chosen.push_back(pack::allPolicies()[i]);
    if (chosen.empty()) {
        m_status->setText(tr("Choose at least one policy."));
        return false;
    }
    if (auto check = pack::checkReplay(nodes.value(), pods.value(), {m_load->value(), 42});
        !check) {
        const QString message =
            tr("Not replayed: %1").arg(QString::fromStdString(check.error().messages()));
        m_status->setText(message);
        if (error)
            *error = message;
        return false;
    }
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const QString source =
        tr("%1 on %2").arg(QFileInfo(podsPath).fileName(), QFileInfo(nodesPath).fileName());
    m_status->setText(
        tr("Replaying %1 pods on %2 nodes under %n policies…", nullptr, int(chosen.size()))
            .arg(pods.value().size())
            .arg(nodes.value().size()));
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_watcher.setFuture(QtConcurrent::run(
        [nodes = std::move(nodes).value(), pods = std::move(pods).value(), chosen,
         seeds = m_seeds->value(), load = m_load->value(), source, stop = m_stop] {
            return replayPolicies(nodes, pods, chosen, seeds, load, source, stop.get());
        }));
    return true;
}

void PackingPanel::done()
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    PackingReport report = m_watcher.result();
    if (m_stop && m_stop->load()) {
        m_status->setText(tr("Replay cancelled."));
        emit finished(false);
        return;
    }
    if (!report.refusal.isEmpty()) {
        m_status->setText(tr("Not replayed: %1").arg(report.refusal));
        emit finished(false);
        return;
    }
    QString text;
    for (const PolicyPacking& p : report.policies)
        text += tr("%1: %2 % of GPUs unallocated at 100 % load (%3 GPUs)<br>")
                    .arg(QString::fromUtf8(pack::policyKey(p.policy).data()))
                    .arg(p.unallocatedPctAt100, 0, 'f', 2)
                    .arg(report.totalGpus * p.unallocatedPctAt100 / 100.0, 0, 'f', 0);
    m_status->setText(text + tr("See the Packing chart."));
    m_report = std::make_shared<const PackingReport>(std::move(report));
    m_apply->setEnabled(!m_report->policies.empty());
    m_recompute->setPacking(m_report);
    emit finished(true);
}

} // namespace fleet::gui
