#include <QtTest>
class TestGuiStructure : public QObject { Q_OBJECT };
QTEST_MAIN(TestGuiStructure)
#include "test_gui_structure.moc"
