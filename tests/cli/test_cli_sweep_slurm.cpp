// The Slurm back-end against a real Slurm, not a mock (issue 34, item 4):
// munged, slurmctld and slurmd started on localhost from a temporary
// slurm.conf (one node, two CPUs, state in a temporary folder), the 20-task
// sample sweep submitted as a job array (`sweep run --backend slurm --wait`),
// collected, and compared with the local back-end's collection: the same
// rows and the same bytes. The daemons this test started are stopped. Where
// they cannot start (not root, Slurm or MUNGE not installed, no daemon
// answering) the test says why and is skipped; .ci/run installs slurm-wlm
// and munge (scripts/deps.sh, FLEET_SLURM_PACKAGES).

#include "cli_run.h"
#include "support/fleet_test.h"
#include "sweep_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <memory>
#include <unistd.h>

using fleet::test::fileBytes;
using fleet::test::runCli;
using fleet::test::writeFileBytes;
using fleet::test::sweep::sample20;
using fleet::test::sweep::sweepRows;

namespace cli_sweep_slurm_test {

/// A daemon run in the foreground as a child of the test, stopped with it.
struct Daemon
{
    QString name;
    std::unique_ptr<QProcess> process;
};

QString tail(const QString& path)
{
    const QByteArray text = fileBytes(path);
    return QString::fromUtf8(text.right(1200));
}

} // namespace cli_sweep_slurm_test

using namespace cli_sweep_slurm_test;

class TestCliSweepSlurm : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir{QDir::tempPath() + "/fleet-slurm-XXXXXX"};
    std::vector<Daemon> m_daemons;
    QProcessEnvironment m_environment = QProcessEnvironment::systemEnvironment();
    QString m_skip; ///< why Slurm could not be started here ("" when it runs)

    /// Runs a Slurm client (sinfo, squeue) with the test's slurm.conf.
    QString client(const QString& program, const QStringList& args)
    {
        QProcess process;
        process.setProcessEnvironment(m_environment);
        process.start(program, args);
        if (!process.waitForFinished(10000))
            return {};
        return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    }

    bool start(const QString& name, const QString& program, const QStringList& args)
    {
        Daemon daemon{name, std::make_unique<QProcess>()};
        daemon.process->setProcessEnvironment(m_environment);
        daemon.process->setProcessChannelMode(QProcess::MergedChannels);
        daemon.process->setStandardOutputFile(m_dir.filePath(name + ".console"));
        daemon.process->start(program, args);
        if (!daemon.process->waitForStarted(5000)) {
            m_skip = name + " could not be started: " + daemon.process->errorString();
            return false;
        }
        m_daemons.push_back(std::move(daemon));
        return true;
    }

    /// Starts MUNGE and Slurm; on failure m_skip says why.
    void startSlurm()
    {
        for (const char* tool : {"munged", "slurmctld", "slurmd", "sbatch", "sinfo"})
            if (QStandardPaths::findExecutable(tool, {"/usr/sbin", "/usr/bin", "/sbin", "/bin"})
                    .isEmpty()) {
                m_skip = QStringLiteral("%1 is not installed (Debian: apt-get install slurm-wlm "
                                        "munge; scripts/deps.sh lists them)")
                             .arg(tool);
                return;
            }
        if (geteuid() != 0) {
            m_skip = QStringLiteral("slurmd runs jobs as their user and must start as root; "
                                    "this test is not running as root");
            return;
        }
        if (!m_dir.isValid()) {
            m_skip = QStringLiteral("no temporary folder");
            return;
        }
        const QString dir = m_dir.path();
        for (const char* sub : {"ctld", "spool", "munge"})
            QDir(dir).mkpath(sub);
        QFile::setPermissions(dir + "/munge",
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        // A key of random bytes, readable by its owner only (munged checks).
        QFile random(QStringLiteral("/dev/urandom"));
        random.open(QIODevice::ReadOnly);
        const QString key = dir + "/munge/munge.key";
        writeFileBytes(key, random.read(1024));
        QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner);
        const QString socket = dir + "/munge/munge.socket";
        const QString munged =
            QStandardPaths::findExecutable("munged", {"/usr/sbin", "/usr/bin", "/sbin"});
        if (!start("munged", munged,
                   {"--foreground", "--force", "--key-file=" + key, "--socket=" + socket,
                    "--pid-file=" + dir + "/munge/munged.pid", "--log-file=" + dir + "/munged.log",
                    "--seed-file=" + dir + "/munge/munged.seed", "--num-threads=2"}))
            return;
        QElapsedTimer clock;
        clock.start();
        while (!QFile::exists(socket) && clock.elapsed() < 10000)
            QThread::msleep(100);
        if (!QFile::exists(socket)) {
            m_skip = "munged did not open its socket: " + tail(dir + "/munged.log") +
                     tail(dir + "/munged.console");
            return;
        }
        // Ports of their own, so that a Slurm already on the machine is left alone.
        const int port = 16800 + int(getpid() % 500) * 2;
        const QString host = QSysInfo::machineHostName().section('.', 0, 0);
        const QString conf = dir + "/slurm.conf";
        const QString text =
            QStringLiteral(
                "ClusterName=fleettest\n"
                "SlurmctldHost=%1(127.0.0.1)\n"
                "SlurmctldPort=%2\nSlurmdPort=%3\n"
                "SlurmUser=root\nSlurmdUser=root\n"
                "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=%4\n"
                "StateSaveLocation=%5/ctld\nSlurmdSpoolDir=%5/spool\n"
                "SlurmctldPidFile=%5/slurmctld.pid\nSlurmdPidFile=%5/slurmd.pid\n"
                "SlurmctldLogFile=%5/slurmctld.log\nSlurmdLogFile=%5/slurmd.log\n"
                "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
                "SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n"
                "SchedulerType=sched/backfill\nMpiDefault=none\nSwitchType=switch/none\n"
                "JobAcctGatherType=jobacct_gather/none\n"
                "AccountingStorageType=accounting_storage/none\nJobCompType=jobcomp/none\n"
                "ReturnToService=2\nSlurmctldTimeout=30\nSlurmdTimeout=30\n"
                "MinJobAge=300\nInactiveLimit=0\nKillWait=5\n"
                "NodeName=%1 NodeAddr=127.0.0.1 CPUs=2 RealMemory=500 State=UNKNOWN\n"
                "PartitionName=fleet Nodes=%1 Default=YES MaxTime=INFINITE State=UP\n")
                .arg(host)
                .arg(port)
                .arg(port + 1)
                .arg(socket, dir);
        writeFileBytes(conf, text.toUtf8());
        m_environment.insert("SLURM_CONF", conf);
        const QString slurmctld =
            QStandardPaths::findExecutable("slurmctld", {"/usr/sbin", "/usr/bin"});
        const QString slurmd = QStandardPaths::findExecutable("slurmd", {"/usr/sbin", "/usr/bin"});
        if (!start("slurmctld", slurmctld, {"-D", "-i", "-f", conf}) ||
            !start("slurmd", slurmd, {"-D", "-f", conf, "-N", host}))
            return;
        clock.restart();
        QString state;
        while (clock.elapsed() < 30000) {
            state = client("sinfo", {"-h", "-o", "%T"});
            if (state.startsWith("idle"))
                return;
            for (const Daemon& daemon : m_daemons)
                if (daemon.process->state() == QProcess::NotRunning) {
                    m_skip = daemon.name + " stopped: " + tail(dir + "/" + daemon.name + ".log") +
                             tail(dir + "/" + daemon.name + ".console");
                    return;
                }
            QThread::msleep(250);
        }
        m_skip = "the Slurm node did not come up idle within 30 s (state '" + state +
                 "'): " + tail(dir + "/slurmctld.log") + tail(dir + "/slurmd.log");
    }

    void stopSlurm()
    {
        // The daemons this test started, newest first, by their own handles.
        for (auto it = m_daemons.rbegin(); it != m_daemons.rend(); ++it) {
            it->process->terminate();
            if (!it->process->waitForFinished(10000)) {
                it->process->kill();
                it->process->waitForFinished(5000);
            }
        }
        m_daemons.clear();
    }

private slots:
    void cleanupTestCase() { stopSlurm(); }

    void jobArrayCollectsAsTheLocalRunDoes()
    {
        QElapsedTimer clock;
        clock.start();
        startSlurm();
        if (!m_skip.isEmpty()) {
            stopSlurm();
            QSKIP(qPrintable("Slurm cannot run here: " + m_skip));
        }
        const QString shared = m_dir.filePath("shared");
        const auto submitted = runCli({"sweep", "run", sample20(), "--backend", "slurm", "--out",
                                       shared, "--chunk", "5", "--wait", "--timeout", "120"},
                                      {}, m_environment);
        const QString logs =
            tail(m_dir.filePath("slurmctld.log")) + tail(m_dir.filePath("slurmd.log"));
        QVERIFY2(submitted.exitCode == 0,
                 qPrintable(submitted.out + submitted.err + "\nlogs:\n" + logs));
        QVERIFY2(submitted.out.contains("All 20 tasks finished."), qPrintable(submitted.out));
        // Four array elements ran, each its own `sweep task` process with its log.
        QCOMPARE(QDir(shared + "/slurm").entryList({"*.out"}).size(), 4);
        const QString fromSlurm = m_dir.filePath("slurm.sqlite");
        const auto collected =
            runCli({"sweep", "collect", sample20(), "--out", shared, "--results", fromSlurm});
        QVERIFY2(collected.exitCode == 0, qPrintable(collected.out + collected.err));
        stopSlurm();
        const QString local = m_dir.filePath("local");
        QCOMPARE(
            runCli({"sweep", "run", sample20(), "--backend", "local", "--out", local}).exitCode, 0);
        const QString fromLocal = m_dir.filePath("local.sqlite");
        QCOMPARE(runCli({"sweep", "collect", sample20(), "--out", local, "--results", fromLocal})
                     .exitCode,
                 0);
        const QStringList rows = sweepRows(fromSlurm, "evaluate");
        QCOMPARE(rows.size(), 20);
        QCOMPARE(rows, sweepRows(fromLocal, "evaluate"));
        QCOMPARE(fileBytes(fromSlurm), fileBytes(fromLocal));
        qInfo("Slurm round trip (daemons up, 20 tasks in 4 elements, collected): %.1f s",
              double(clock.elapsed()) / 1000);
    }
};

FLEET_TEST_MAIN(TestCliSweepSlurm)
#include "test_cli_sweep_slurm.moc"
