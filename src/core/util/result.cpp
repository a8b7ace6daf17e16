#include "util/result.h"

namespace fleet {

std::string Issue::toString() const
{
    // "file: path (entry id): message", leaving out the parts that are empty.
    std::string where = path;
    if (!entry.empty())
        where += (where.empty() ? "" : " ") + ("(entry " + entry + ")");
    std::string text = file;
    if (!where.empty())
        text += (text.empty() ? "" : ": ") + where;
    return text.empty() ? message : text + ": " + message;
}

std::string Error::toString() const
{
    std::string text;
    for (const Issue& issue : issues) {
        if (!text.empty())
            text += '\n';
        text += issue.toString();
    }
    return text;
}

std::string Error::messages() const
{
    std::string text;
    for (const Issue& issue : issues)
        text += (text.empty() ? "" : "; ") + issue.message;
    return text;
}

} // namespace fleet
