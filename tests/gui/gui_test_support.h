#pragma once

// What the GUI tests share.

#include "editors/field_table_model.h"

#include <QApplication>
#include <QFile>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <memory>

namespace fleet::gui::test {

/// How long a GUI test waits for work off the GUI thread (recompute, exact
/// solve, simulations, packing replay). A guard against hangs, not a speed
/// check: under ASan or on a loaded machine the same work takes many times
/// longer, and the test must still pass. CTest's per-test timeout stays the
/// outer limit.
constexpr int kPatienceMs = 480'000;

/// Answers the next modal widget of type T (a dialog a button opens and
/// runs with exec()) with `act`, as soon as it is shown; the flag tells
/// whether it was.
template <typename T> std::shared_ptr<bool> onNextModal(std::function<void(T*)> act)
{
    auto done = std::make_shared<bool>(false);
    auto* timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, done, act] {
        auto* widget = qobject_cast<T*>(QApplication::activeModalWidget());
        if (!widget)
            return;
        timer->stop();
        timer->deleteLater();
        *done = true;
        act(widget);
    });
    timer->start();
    return done;
}

/// The child of `parent` named `name` (its object name), or null.
template <typename T> T* child(QObject* parent, const char* name)
{
    return parent->findChild<T*>(QString::fromLatin1(name));
}

/// The column of `model` headed `header`, or -1.
inline int columnOf(const FieldTableModel* model, const QString& header)
{
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->column(c).header == header)
            return c;
    return -1;
}

/// Two offscreen screens side by side, a 1366×768 laptop (the primary) and a
/// 1920×1080 monitor (the offscreen platform's own is 800×600): a test's
/// setup for FLEET_TEST_MAIN_WITH_SETUP, run before the application exists.
/// With FLEET_TEST_SCREENS=hidpi, one 3840×2160 screen at two device pixels
/// a point instead (the platform's geometry is in points: 1920×1080 at a
/// ratio of 2): screens of two scales in one process move the others'
/// geometry, so HiDPI runs as a test of its own (test_gui_presentation_hidpi
/// in tests/CMakeLists.txt).
inline int laptopAndMonitorScreens()
{
    static QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 2;
    if (qgetenv("FLEET_TEST_SCREENS") == "hidpi")
        file.write(R"({"screens": [
        {"name": "hidpi", "x": 0, "y": 0, "width": 1920, "height": 1080,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 2}]})");
    else
        file.write(R"({"screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
        {"name": "monitor", "x": 1366, "y": 0, "width": 1920, "height": 1080,
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(config));
    return -1;
}

} // namespace fleet::gui::test
