#include "compute/scenario_name.h"

namespace fleet::gui {

QString scenarioName(const Project& project, const std::string& selector)
{
    if (selector.empty())
        return {};
    for (const Scenario& s : project.scenarios)
        if (s.id == selector || s.name == selector)
            return QString::fromStdString(s.name.empty() ? s.id : s.name);
    return QString::fromStdString(selector);
}

} // namespace fleet::gui
