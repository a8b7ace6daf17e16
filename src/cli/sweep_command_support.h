#pragma once

// What the sweep subcommands share (sweep_command.cpp: plan, run local,
// task, collect; sweep_cluster_command.cpp: run on Slurm and Kubernetes).

#include "sweep/sweep_spec.h"
#include "sweep/sweep_task.h"

#include <QCommandLineParser>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>

namespace fleet::cli::sweepcli {

/// A sweep file and the project it varies, loaded and checked.
struct Loaded
{
    sweep::SweepSpec spec;
    sweep::SweepBase base;
};

QString q(const std::string& text);
/// "the sweep cannot be used" and the issues, on stderr.
void printIssues(const QString& sub, const Error& error);
/// A whole number option within [min, max]; `fallback` when not given.
std::optional<std::int64_t> wholeOption(const QCommandLineParser& parser, const QString& sub,
                                        const QString& name, std::int64_t min, std::int64_t max,
                                        std::int64_t fallback);
/// A duration in s, min or h.
QString seconds(double value);
/// The tasks' outcome under OUT, for `run` and after a cluster's run.
QString finishedLine(const sweep::SweepSpec& spec, const std::string& out, int* exitCode);

/// `sweep run --backend slurm` and `--backend k8s` (sweep_cluster_command.cpp).
int runSlurm(const Loaded& loaded, const QCommandLineParser& parser);
int runKubernetes(const Loaded& loaded, const QCommandLineParser& parser);

} // namespace fleet::cli::sweepcli
