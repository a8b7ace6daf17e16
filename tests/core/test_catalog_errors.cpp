// A broken catalog file is refused with the file, the field and the rule;
// a valid user file adds entries and overrides built-in ones whole.

#include "store/catalog_loader.h"
#include "support/fleet_test.h"

#include <QtTest>

using namespace fleet;

namespace {
std::string fixture(const char* name)
{
    return std::string(FLEET_TEST_DATA_DIR) + "/catalog/" + name;
}
} // namespace

class TestCatalogErrors : public QObject
{
    Q_OBJECT

private slots:
    void brokenFileIsRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("path");    // the JSON pointer the message must name
        QTest::addColumn<QString>("message"); // a part of the rule it must state

        QTest::newRow("not JSON") << "not_json.json"
                                  << ""
                                  << "not valid JSON at line 4, column";
        QTest::newRow("negative")
            << "negative_memory.json"
            << "/gpus/0/memory_gb/value"
            << "(entry test-gpu): must be a finite number > 0 and ≤ 4096 (GB); got -80";
        QTest::newRow("missing") << "missing_field.json"
                                 << "/gpus/0/tdp_w"
                                 << "is required but missing";
        QTest::newRow("unknown key")
            << "unknown_key.json"
            << "/gpus/0/memory_GB"
            << "unknown key; allowed keys here: id, name, vendor, memory_gb";
        QTest::newRow("string for number") << "string_number.json"
                                           << "/gpus/0/memory_gb/value"
                                           << "not a string";
        QTest::newRow("placement") << "bad_placement.json"
                                   << "/gpus/0/mig/profiles/0/placements/1"
                                   << "cannot start at slice 5";
        QTest::newRow("instance limit") << "max_instances_too_high.json"
                                        << "/gpus/0/mig/profiles/0/max_instances"
                                        << "states 4 instances, but only 3 can be placed";
        QTest::newRow("unknown source")
            << "unknown_source.json"
            << "/gpus/0/tdp_w/source"
            << "cites source \"nowhere\", which no catalog file defines";
        QTest::newRow("unknown GPU")
            << "unknown_gpu_price.json"
            << "/price_books/0/gpus/0/gpu"
            << "prices GPU \"h999-sxm\", which is not in the catalog; known GPUs: a100-sxm-40gb";
        QTest::newRow("monthly price") << "monthly_price.json"
                                       << "/price_books/0/gpus/0/on_demand/usd_per_gpu_hour"
                                       << "a monthly price would be about 730× larger";
        QTest::newRow("infinite") << "infinite_number.json"
                                  << "/price_books/0/gpus/0/on_demand/usd_per_gpu_hour"
                                  << "must be a finite number";
        QTest::newRow("bad date")
            << "bad_date.json"
            << "/gpus/0/bf16_dense_tflops/as_of"
            << "must be a date YYYY, YYYY-MM or YYYY-MM-DD; got \"Sept 2024\"";
        QTest::newRow("duplicate") << "duplicate_id.json"
                                   << "/gpus/1/id"
                                   << "duplicate id \"test-gpu\"";
        QTest::newRow("newer format")
            << "newer_format.json"
            << "/format_version"
            << "this file is format version 2; this FleetPlanner reads version 1 only";
        QTest::newRow("MIG on AMD") << "mig_on_amd.json"
                                    << "/gpus/0/mig"
                                    << "MIG partitions exist only on NVIDIA GPUs";
        QTest::newRow("AMD pair")
            << "amd_bad_pair.json"
            << "/gpus/0/amd_partitions/valid_pairs/0"
            << "SPX has 1 partitions, which cannot be spread evenly over NPS4's 4 memory domains";
        QTest::newRow("too deep") << "too_deep.json"
                                  << ""
                                  << "nesting deeper than 32 levels";
        QTest::newRow("FP8 below BF16") << "fp8_below_bf16.json"
                                        << "/gpus/0/fp8_dense_tflops"
                                        << "must be ≥ bf16_dense_tflops";
        QTest::newRow("NVLink domain fraction") << "nvlink_domain_fraction.json"
                                                << "/gpus/0/nvlink_domain_gpus/value"
                                                << "must be a whole number";
        QTest::newRow("NVLink domain without a link")
            << "nvlink_domain_without_link.json"
            << "/gpus/0/nvlink_domain_gpus"
            << "must be 1 when the GPU states no scale_up_link_gb_per_s";
        // TPUs (issue 30 item 3): slices only on TPUs, a TPU never partitioned.
        QTest::newRow("TPU topology") << "tpu_bad_topology.json"
                                      << "/gpus/0/tpu_slices/topologies/1"
                                      << "must be a slice shape of 1 to 3 dimensions";
        QTest::newRow("TPU without slices") << "tpu_without_slices.json"
                                            << "/gpus/0/tpu_slices"
                                            << "is required for a TPU";
        QTest::newRow("TPU topologies out of order") << "tpu_unordered.json"
                                                     << "/gpus/0/tpu_slices/topologies/1"
                                                     << "list topologies from fewest chips to most";
        QTest::newRow("accelerator family") << "tpu_bad_family.json"
                                            << "/gpus/0/family"
                                            << "must be \"gpu\" or \"tpu\"; got \"asic\"";
        QTest::newRow("multislice efficiency") << "tpu_efficiency.json"
                                               << "/gpus/0/tpu_slices/multislice_efficiency/value"
                                               << "> 0 and ≤ 1";
        QTest::newRow("slice beyond the pod") << "tpu_slice_beyond_pod.json"
                                              << "/gpus/0/tpu_slices/topologies/5"
                                              << "more than pod_chips (32)";
        QTest::newRow("TPU with AMD partitions") << "tpu_with_amd.json"
                                                 << "/gpus/0/amd_partitions"
                                                 << "a TPU has no AMD partitions";
        QTest::newRow("slices on a GPU") << "slices_on_gpu.json"
                                         << "/gpus/0/tpu_slices"
                                         << "TPU slices exist only on TPUs";
        QTest::newRow("no such file") << "does_not_exist.json"
                                      << ""
                                      << "no such file";
    }

    void brokenFileIsRefused()
    {
        QFETCH(QString, file);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const std::string fullPath = fixture(file.toUtf8().constData());
        auto loaded = loadCatalog({fullPath});
        QVERIFY2(!loaded.ok(), "a broken file must not load");
        const std::string text = loaded.error().toString();
        // Every issue names the user's file, never just "invalid input".
        for (const Issue& issue : loaded.error().issues)
            QCOMPARE(QString::fromStdString(issue.file), QString::fromStdString(fullPath));
        const QString expected = path.isEmpty() ? message : path + QLatin1Char(' ') + message;
        QVERIFY2(QString::fromStdString(text).contains(path.isEmpty() ? message : path) &&
                     QString::fromStdString(text).contains(message),
                 qPrintable(QStringLiteral("expected \"%1\" in:\n%2")
                                .arg(expected, QString::fromStdString(text))));
    }

    void everyProblemOfAFileIsReported()
    {
        auto loaded = loadCatalog({fixture("bad_placement.json"), fixture("negative_memory.json")});
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.error().issues.size(), std::size_t(2));
    }

    void aMissingOwnedFigureIsReportedOnce()
    {
        // An owned entry without its PUE and electricity price: two problems,
        // each said once (the key check and the figure reader both saw them).
        auto loaded = loadCatalog({fixture("owned_missing_figures.json")});
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.error().issues.size(), std::size_t(2));
        for (const Issue& issue : loaded.error().issues)
            QVERIFY2(issue.message == "is required but missing", issue.message.c_str());
    }

    void validMinimalFileAddsAGpu()
    {
        auto loaded = loadCatalog({fixture("valid_minimal.json")});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QVERIFY(loaded.value().gpu("test-gpu"));
        QCOMPARE(loaded.value().gpus.size(), loadBuiltinCatalog().value().gpus.size() + 1);
        // A file written before nvlink_domain_gpus: a board's 8 behind a scale-up link.
        QCOMPARE(loaded.value().gpu("test-gpu")->nvlinkDomainGpus, 8);
    }

    void validTpuFileAddsATpu()
    {
        auto loaded = loadCatalog({fixture("valid_tpu.json")});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const GpuModel* tpu = loaded.value().gpu("test-tpu");
        QVERIFY(tpu && tpu->isTpu() && tpu->tpuSlices);
        QCOMPARE(tpu->tpuSlices->topologies.size(), std::size_t(5));
        QCOMPARE(tpu->tpuSlices->topologies[2].chips, 8);
        QCOMPARE(tpu->tpuSlices->multisliceEfficiency.value, 0.9);
        QCOMPARE(tpu->tdpW.value, 0.0); // Google states none; a TPU may omit it
    }

    void userFileOverridesWholeEntriesById()
    {
        const std::string file = fixture("override.json");
        auto loaded = loadCatalog({file});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const Catalog& catalog = loaded.value();
        const GpuModel* h100 = catalog.gpu("h100-sxm-80gb");
        QVERIFY(h100);
        QCOMPARE(h100->name, std::string("H100 SXM (customer-measured)"));
        QCOMPARE(h100->memoryBandwidthGbPerS.value, 3000.0);
        QCOMPARE(h100->originFile, file);
        QVERIFY(!h100->mig.has_value()); // replaced whole: the override states no MIG block
        QVERIFY(catalog.gpu("acme-x1"));
        QVERIFY(catalog.priceBook("example-2024")); // built-in books remain
        const PriceBook* book = catalog.priceBook("customer-2026");
        QVERIFY(book);
        // Owned: 30000 / (5 · 8760) + 146 / 730 + 0.7 kW · 1.25 · 0.08 = 0.684932 + 0.2 + 0.07
        const double owned = book->usdPerGpuHour(*catalog.gpu("acme-x1"), Plan::Owned).value();
        QVERIFY(std::abs(owned - 0.9549315068) < 1e-9);
    }
};

FLEET_TEST_MAIN(TestCatalogErrors)
#include "test_catalog_errors.moc"
