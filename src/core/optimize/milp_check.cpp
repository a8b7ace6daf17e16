#include "optimize/milp_check.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <string_view>

namespace fleet {

namespace {

/// A check stops listing after this many problems: one broken builder rule
/// tends to break every month's copy of a column, and the first few say it.
constexpr std::size_t kMaxIssues = 20;

/// Integral within this distance counts as integral (CBC's default integer tolerance).
constexpr double kIntegerTolerance = 1e-9;

std::string numberText(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (value >= kMilpInfinity)
        return "+infinity";
    if (value <= -kMilpInfinity)
        return "-infinity";
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

class Checker
{
public:
    void report(const std::string& path, const std::string& name, std::string message)
    {
        ++m_count;
        if (m_issues.size() < kMaxIssues)
            m_issues.push_back(Issue{kMilpCheckSource, path, name, std::move(message)});
    }

    /// The bound rules shared by columns and rows; `what` is "column `x|…`".
    void bounds(const std::string& path, const std::string& name, const std::string& what,
                double lower, double upper)
    {
        if (std::isnan(lower) || std::isnan(upper)) {
            report(path, name, what + ": a bound is NaN (bounds must be numbers)");
            return;
        }
        if (lower >= kMilpInfinity)
            report(path, name, what + ": lower bound is +infinity (must be below +infinity)");
        if (upper <= -kMilpInfinity)
            report(path, name, what + ": upper bound is -infinity (must be above -infinity)");
        for (double bound : {lower, upper})
            if (std::abs(bound) < kMilpInfinity && std::abs(bound) > kMilpLargestFinite)
                report(path, name,
                       what + ": bound " + numberText(bound) +
                           " is too large (a finite bound must be " + "at most " +
                           numberText(kMilpLargestFinite) + " in magnitude)");
        if (lower > upper)
            report(path, name,
                   what + ": lower bound " + numberText(lower) + " exceeds upper bound " +
                       numberText(upper) + " (lower must be ≤ upper)");
    }

    void coefficient(const std::string& path, const std::string& name, const std::string& what,
                     double value)
    {
        if (!std::isfinite(value))
            report(path, name, what + " is " + numberText(value) + " (must be a finite number)");
        else if (std::abs(value) > kMilpLargestFinite)
            report(path, name,
                   what + " " + numberText(value) + " is too large (must be at most " +
                       numberText(kMilpLargestFinite) + " in magnitude)");
    }

    std::vector<Issue> issues()
    {
        if (m_count > m_issues.size())
            m_issues.push_back(Issue{kMilpCheckSource,
                                     {},
                                     {},
                                     "and " + std::to_string(m_count - m_issues.size()) +
                                         " more problems of the same kind"});
        return std::move(m_issues);
    }

private:
    std::vector<Issue> m_issues;
    std::size_t m_count = 0;
};

} // namespace

std::vector<Issue> checkMilp(const Milp& milp, const std::vector<double>& start)
{
    Checker check;
    const std::size_t columnCount = milp.columns.size();
    // Names identify columns in a start plan (CbcModel::setMIPStart) and in
    // the MPS file: two of one name start branch and bound from a wrong plan,
    // and have crashed CBC 2.10.8 in CbcNode::chooseDynamicBranch.
    std::map<std::string_view, std::size_t> names;
    for (std::size_t i = 0; i < columnCount; ++i) {
        const MilpColumn& column = milp.columns[i];
        const std::string path = "/columns/" + std::to_string(i);
        const std::string what = "column `" + column.name + "`";
        if (const auto [at, added] = names.emplace(column.name, i); !added)
            check.report(path, column.name,
                         what + ": the name of column " + std::to_string(at->second) +
                             " too (each column's name must be unique)");
        check.bounds(path, column.name, what, column.lower, column.upper);
        check.coefficient(path + "/objective", column.name, what + ": objective coefficient",
                          column.objective);
        if (column.integer && column.lower <= column.upper &&
            std::ceil(column.lower - kIntegerTolerance) >
                std::floor(column.upper + kIntegerTolerance))
            check.report(path, column.name,
                         what + ": integer column's range [" + numberText(column.lower) + ", " +
                             numberText(column.upper) +
                             "] holds no integer (an integer column needs one)");
    }
    for (std::size_t r = 0; r < milp.rows.size(); ++r) {
        const MilpRow& row = milp.rows[r];
        const std::string path = "/rows/" + std::to_string(r);
        const std::string what = "row `" + row.name + "`";
        check.bounds(path, row.name, what, row.lower, row.upper);
        std::set<int> seen;
        for (std::size_t t = 0; t < row.terms.size(); ++t) {
            const auto& [column, value] = row.terms[t];
            const std::string termPath = path + "/terms/" + std::to_string(t);
            if (column < 0 || std::size_t(column) >= columnCount) {
                check.report(termPath, row.name,
                             what + ": names column " + std::to_string(column) + " of " +
                                 std::to_string(columnCount) + " (must name an existing column)");
                continue;
            }
            const std::string& columnName = milp.columns[std::size_t(column)].name;
            if (!seen.insert(column).second)
                check.report(termPath, row.name,
                             what + ": names column `" + columnName +
                                 "` twice (each column at most once per row)");
            check.coefficient(termPath, row.name, what + ": coefficient of `" + columnName + "`",
                              value);
        }
    }
    if (!start.empty()) {
        if (start.size() != columnCount)
            check.report("/start", {},
                         "the start solution has " + std::to_string(start.size()) + " values for " +
                             std::to_string(columnCount) + " columns (must have one per column)");
        else
            for (std::size_t i = 0; i < columnCount; ++i)
                if (!std::isfinite(start[i]))
                    check.report("/start/" + std::to_string(i), milp.columns[i].name,
                                 "start value of column `" + milp.columns[i].name + "` is " +
                                     numberText(start[i]) + " (must be a finite number)");
    }
    return check.issues();
}

} // namespace fleet
