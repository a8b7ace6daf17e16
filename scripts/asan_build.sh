#!/usr/bin/env bash
# The sanitizer build (build-asan/): clang-14 with ASan and UBSan on
# FleetPlanner's own code (cmake/FleetSanitizers.cmake), libFuzzer coverage on
# top so that the fuzz targets share its objects. Sourced by
# scripts/ci_sanitizers.sh, scripts/ci_fuzz.sh and ./fuzz.sh.

source "$(dirname "${BASH_SOURCE[0]}")/deps.sh"

FLEET_ASAN_DIR=${FLEET_ASAN_DIR:-"$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-asan"}

# The tests the sanitizer run covers: core, store and CLI. The GUI tests
# (test_gui_smoke, test_gui_editing, test_chart_export) join with
# FLEET_ASAN_GUI_TESTS=1; the .deb test never does (it packages the release).
FLEET_ASAN_TESTS=(
  test_catalog test_catalog_errors test_pricing test_training test_inference test_evaluate
  test_service_queueing
  test_project_validation test_project_store test_json_schema test_optimizer test_optimizer_models test_mps_glpk
  test_pack_trace test_pack_replay test_simulator test_simulate_scope test_measured_ceiling test_planned_runs test_cluster_mix test_cli test_cli_charts test_cli_simulate
  test_store_inputs test_store_saves test_store_damage test_cli_store
  test_row_paths test_project_edit test_new_project test_project_format_v2 test_store_migration_v1
  test_project_refs test_workload_fields test_record_fields test_cli_new test_cli_fields
  test_job_log test_tenant_metering test_cli_replay test_commitments test_apply_plan test_gangs
  fuzz_replay_project_json fuzz_replay_project_sqlite fuzz_replay_catalog fuzz_replay_trace
  fuzz_replay_job_log fuzz_replay_sweep fuzz_replay_typed_input fuzz_replay_references
  test_column_generation test_field_input
  fuzz_known_project_json fuzz_known_project_sqlite fuzz_known_catalog fuzz_known_trace
  fuzz_known_job_log
  test_calibration test_serving_model
  test_weighted_fair
  test_cli_deck_impress
  test_template_doc
  test_disaggregated test_cli_serving
  test_service_peaks
  test_evaluation_cache
  test_store_migration_v2 test_tenants
  test_store_migration_v3 test_cli_service_model
  test_committed_peaks
  test_child_process
  test_regime_registry test_store_migration_v7 test_network_pooled test_tpu_slices
  test_partition_scheme test_cli_mixed_accelerators test_input_ranges
  test_expert_parallel test_held_out_rules test_invariants_moe
  test_gpu_counts test_cli_training
)
# The property test runs its first shard of FLEET_PROPERTY_PROJECTS (set by
# ci_sanitizers.sh to 200: 50 projects) under the sanitizers.
FLEET_ASAN_GUI_TESTS_LIST=(test_gui_smoke test_gui_editing test_chart_export test_gui_recovery
                           test_solver_worker test_property_projects test_gui_structure
                           test_gui_new_project test_gui_price_books test_gui_scenarios
                           test_chart_fit test_deck_export test_gui_calibration
                           test_gui_presentation test_gui_metering test_gui_demo
                           test_gui_new_workload test_gui_chart_tabs
                           test_gui_edit_refresh test_gui_tenants)

# The targets those tests run: the layers' test executables
# (tests/CMakeLists.txt), the fuzz inputs' replays, fleetplanner-cli (the CLI
# tests run it) and save_loop (test_project_store kills it mid-save).
fleet_asan_targets() {
  local t
  echo fleet_tests_core
  echo fleet_tests_cli
  for t in "${FLEET_ASAN_TESTS[@]}"; do
    case "$t" in
      fuzz_replay_*) echo "replay_${t#fuzz_replay_}" ;;
    esac
  done
  echo fleetplanner-cli
  echo save_loop
  if [ "${FLEET_ASAN_GUI_TESTS:-0}" = 1 ]; then
    echo fleet_tests_gui
  fi
}

# fleet_asan_configure: configures build-asan/ once (clang-14, ASan + UBSan,
# fuzzers on; ccache and mold when installed: cmake/FleetBuildSpeed.cmake).
fleet_asan_configure() {
  fleet_ensure_packages "${FLEET_DEBIAN_PACKAGES[@]}" "${FLEET_CHECK_PACKAGES[@]}" || return 1
  [ -f "$FLEET_ASAN_DIR/build.ninja" ] && return 0
  local top
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  # -O1 and line tables only: the usual sanitizer trade between speed and
  # build time; NDEBUG as in the release build the tests are written for.
  # Warnings are errors as in ./test.sh: clang-14 reported none on 2026-11-30.
  echo "+ cmake -S $top -B $FLEET_ASAN_DIR (clang++-14, FLEET_SANITIZE=address,undefined, FLEET_BUILD_FUZZERS=ON)"
  cmake -S "$top" -B "$FLEET_ASAN_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-14 \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
    -DFLEET_SANITIZE=address,undefined -DFLEET_BUILD_FUZZERS=ON \
    -DFLEET_WARNINGS_AS_ERRORS=ON >/dev/null
}

# fleet_asan_build TARGET...: builds those targets in build-asan/.
fleet_asan_build() {
  echo "+ cmake --build $FLEET_ASAN_DIR --parallel 2 --target $*"
  cmake --build "$FLEET_ASAN_DIR" --parallel 2 --target "$@"
}
