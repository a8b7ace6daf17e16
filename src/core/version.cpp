#include "version.h"

#include <Eigen/Core>
#include <boost/version.hpp>
#include <sqlite3.h>

namespace fleet {

std::string versionString()
{
    return FLEET_VERSION;
}

std::string libraryVersions()
{
    const std::string eigen = std::to_string(EIGEN_WORLD_VERSION) + "." +
                              std::to_string(EIGEN_MAJOR_VERSION) + "." +
                              std::to_string(EIGEN_MINOR_VERSION);
    const std::string boost = std::to_string(BOOST_VERSION / 100000) + "." +
                              std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                              std::to_string(BOOST_VERSION % 100);
    return "SQLite " + std::string(sqlite3_libversion()) + "\n" +
           "COIN-OR CBC " FLEET_CBC_VERSION "\n" + "Boost.JSON " + boost + "\n" + "Eigen " + eigen;
}

} // namespace fleet
