#pragma once

// Copies of a golden project file in a temporary folder (tests never touch
// the golden files themselves), and the check that one salvages losslessly.

#include "file_bytes.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_salvage.h"
#include "support/unmeasured_sample.h"

#include <QString>
#include <QTemporaryDir>

#include <string>
#include <utility>

namespace fleet::test {

class GoldenCopies
{
public:
    explicit GoldenCopies(std::string golden) : m_golden(std::move(golden)) {}

    /// `name` in the temporary folder.
    std::string path(const char* name) const
    {
        return m_dir.filePath(QString::fromLatin1(name)).toStdString();
    }
    /// A byte-for-byte copy of the golden file as `name`; its path.
    std::string copy(const char* name) const
    {
        writeBytes(path(name), readBytes(m_golden));
        return path(name);
    }

private:
    QTemporaryDir m_dir;
    std::string m_golden;
};

/// The sample as the golden files hold it: without the measured knee it
/// ships with since 2026-12-07 (support/unmeasured_sample.h).
inline std::string sampleAsGolden()
{
    return test_support::unmeasuredSampleJson();
}

/// The sample as it ships, without its input ranges (format 7) and its
/// measured knee: what a golden file of an earlier format reads as, written
/// back.
inline std::string sampleWithoutRanges()
{
    Project sample = test_support::unmeasuredSample();
    sample.ranges.clear();
    return projectToJsonText(sample);
}

/// "" when salvaging `file` loses nothing and gives `expected` (the sample
/// as an earlier format held it: without its ranges); else what went wrong.
inline std::string salvageProblem(const std::string& file,
                                  const std::string& expected = sampleWithoutRanges())
{
    auto salvaged = salvageProjectFile(file);
    if (!salvaged)
        return salvaged.error().toString();
    std::string lost;
    for (const std::string& loss : salvaged.value().lost)
        lost += loss + "; ";
    if (!lost.empty())
        return "lost: " + lost;
    if (projectToJsonText(salvaged.value().project) != expected)
        return "the salvaged project is not the sample";
    return {};
}

} // namespace fleet::test
