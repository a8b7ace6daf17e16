#!/usr/bin/env python3
"""Reads a FleetPlanner workbook back with openpyxl and checks it against
`fleetplanner-cli evaluate --json` of the same project: its sheets, that
numbers are numbers with formats, and the KPI, workload and scenario values.
Also redoes each owned plan's cost per GPU-hour from the figures listed under
it, as docs/MODEL.md states the formula.
With --solve, also the optimizer's sheet against `fleetplanner-cli solve
--json`: its status, and the GPUs held each month by regime.
Usage: check_workbook.py WORKBOOK.xlsx EVALUATE.json [--owned] [--solve SOLVE.json]
(--owned: the active price book has owned prices, so the sheet must show them)
Exit 0: all good; 1: a check failed (printed); 77: openpyxl is missing."""
import json
import math
import sys

try:
    import openpyxl
except ImportError:
    print("openpyxl is not installed (Debian: python3-openpyxl)")
    sys.exit(77)

SHEETS = ["KPIs", "Workloads by month", "Pools", "Scenarios", "Price book", "Cost curve",
          "Regime mix", "Optimizer plan"]
CHARTS = {"Scenarios": 1, "Cost curve": 1, "Regime mix": 1}


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def check_optimizer(book, plan):
    """The optimizer's sheet: the status in A1 (the reasons in A2), then from row 4 one row per
    month, a column per regime and one of GPUs paid but not held: the plan's GPU counts
    (`solve --json`'s gpu_counts, engine/gpu_counts.h), summed over GPU models and plans."""
    if "Optimizer plan" not in book.sheetnames:
        return ["Optimizer plan: no sheet"]
    sheet = book["Optimizer plan"]
    problems = []
    status = str(sheet.cell(1, 1).value)
    if plan["status"] not in status:
        problems.append(f"Optimizer plan: status {status!r}, solve says {plan['status']}")
    for reason in plan.get("reasons", []):
        if reason not in str(sheet.cell(2, 1).value):
            problems.append(f"Optimizer plan: the reason {reason!r} is not in A2")
    # A chart of the GPUs held, when the plan holds any (an infeasible one does not).
    charts = len(sheet._charts)
    if charts != (1 if plan["pools"] else 0):
        problems.append(f"Optimizer plan: {charts} charts for {len(plan['pools'])} pools")
    counts = plan.get("gpu_counts", {"held": [], "paid": [], "held_by_regime": {}})
    series = [values for values in counts["held_by_regime"].values()]
    not_held = [max(0.0, p - h) for p, h in zip(counts["paid"], counts["held"])]
    if sum(not_held) > 1e-9:
        series.append(not_held)
    rows = list(sheet.iter_rows(min_row=4, values_only=True))
    if plan["pools"] and len(rows) < len(counts["held"]):
        problems.append(f"Optimizer plan: {len(rows)} months, the plan has {len(counts['held'])}")
    if plan["pools"] and sheet.max_column - 1 != len(series):
        problems.append(f"Optimizer plan: {sheet.max_column - 1} columns, "
                        f"the plan's counts have {len(series)}")
    for month, row in enumerate(rows, start=1):
        got = sorted(v for v in row[1:] if isinstance(v, (int, float)) and v != 0)
        expected = sorted(values[month - 1] for values in series
                          if month - 1 < len(values) and values[month - 1] != 0)
        if len(got) != len(expected) or not all(
                math.isclose(g, e, rel_tol=1e-9, abs_tol=1e-6) for g, e in zip(got, expected)):
            problems.append(f"Optimizer plan month {month}: {got}, solve counts {expected}")
    return problems


def check_ranges(sheet, ranges):
    """The Ranges sheet's P10 / P50 / P90 of each KPI (rows 3 on, columns C-E)
    are evaluate --json's: the same draws (same default seed and count)."""
    problems = []
    if len(sheet._charts) != 1:
        problems.append(f"Ranges: {len(sheet._charts)} charts, expected 1 (the monthly fan)")
    for offset, (key, kpi) in enumerate(ranges["kpis"].items()):
        row = 3 + offset
        for column, name in ((3, "p10"), (4, "p50"), (5, "p90")):
            got = sheet.cell(row, column).value
            expected = kpi[name]
            if expected is None:
                if got is not None:
                    problems.append(f"Ranges {key} {name}: {got}, expected empty")
            elif not isinstance(got, (int, float)) or not close(got, expected):
                problems.append(f"Ranges {key} {name}: {got!r}, evaluate says {expected}")
    return problems


def main():
    book = openpyxl.load_workbook(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        evaluation = json.load(f)
    problems = []
    # A project with input ranges has a sheet of their percentiles (issue 31, item 6).
    ranges = evaluation.get("ranges")
    sheets = SHEETS + (["Ranges"] if ranges else [])
    if book.sheetnames != sheets:
        problems.append(f"sheets {book.sheetnames}, expected {sheets}")
    if ranges and "Ranges" in book.sheetnames:
        problems += check_ranges(book["Ranges"], ranges)
    for name, count in CHARTS.items():
        if name in book.sheetnames and len(book[name]._charts) != count:
            problems.append(f"{name}: {len(book[name]._charts)} charts, expected {count}")

    # KPIs: key in column A, value in C, as numbers with a number format.
    kpis = evaluation["kpis"]
    seen = 0
    for row in book["KPIs"].iter_rows(min_row=2):
        key, value = row[0].value, row[2]
        if key not in kpis or isinstance(kpis[key], list):
            continue
        seen += 1
        if kpis[key] is None:
            if value.value is not None:
                problems.append(f"KPIs {key}: {value.value}, expected empty")
            continue
        if not isinstance(value.value, (int, float)):
            problems.append(f"KPIs {key}: {value.value!r} is not a number")
        elif not close(value.value, kpis[key]):
            problems.append(f"KPIs {key}: {value.value}, evaluate says {kpis[key]}")
        if value.number_format == "General":
            problems.append(f"KPIs {key}: no number format")
    if seen < 10:
        problems.append(f"KPIs: only {seen} of evaluate's KPIs found")
    # The total and its parts, each a row of its own (docs/MODEL.md, "Idle
    # commitment" and "Network-pooled GPUs").
    keys = {row[0].value for row in book["KPIs"].iter_rows(min_row=2)}
    for part in ("total_cost_usd", "attributed_cost_usd", "unallocated_fleet_cost_usd",
                 "network_cost_usd"):
        if part not in keys:
            problems.append(f"KPIs: no row {part}")

    # Workloads by month: each workload's monthly costs, in order.
    costs = {}
    peaks = {}
    for row in book["Workloads by month"].iter_rows(min_row=2, values_only=True):
        costs.setdefault(row[0], []).append(row[8])
        peaks.setdefault(row[0], []).append(row[9] if len(row) > 9 else None)
    for workload in evaluation["workloads"]:
        chosen = workload.get("chosen") or {}
        # GPUs held at once (a gang with its spares, a service at its peak), month by month.
        months = chosen.get("months")
        if months is not None:
            expected_peaks = [month["peak_gpus"] for month in months]
            got_peaks = peaks.get(workload["id"])
            if got_peaks is None or len(got_peaks) != len(expected_peaks) or not all(
                    isinstance(g, (int, float)) and close(g, e)
                    for g, e in zip(got_peaks, expected_peaks)):
                problems.append(f"Workloads by month {workload['id']} peaks: {got_peaks}, "
                                f"expected {expected_peaks}")
        expected = chosen.get("monthly_cost_usd")
        got = costs.get(workload["id"])
        if expected is None:
            continue
        if got is None or len(got) != len(expected) or not all(
                isinstance(g, (int, float)) and close(g, e) for g, e in zip(got, expected)):
            problems.append(f"Workloads by month {workload['id']}: {got}, expected {expected}")

    # Scenarios: the baseline column is the project's KPIs; with a scenario
    # applied, one of the scenarios' columns is.
    sheet = book["Scenarios"]
    if sheet.cell(1, 3).value != "Baseline":
        problems.append(f"Scenarios: first column {sheet.cell(1, 3).value!r}, expected Baseline")
    numeric = {k: v for k, v in kpis.items() if isinstance(v, (int, float))}
    columns = [3] if evaluation.get("scenario") is None else range(4, sheet.max_column + 1)
    matching = []
    for column in columns:
        values = {sheet.cell(r, 1).value: sheet.cell(r, column).value
                  for r in range(2, sheet.max_row + 1)}
        if all(isinstance(values.get(k), (int, float)) and close(values[k], v)
               for k, v in numeric.items() if k in values):
            matching.append(sheet.cell(1, column).value)
    if not matching:
        problems.append(f"Scenarios: no column has evaluate's KPIs "
                        f"(scenario {evaluation.get('scenario')})")

    # Price book: every price a number, every row with its source and date.
    rows = list(book["Price book"].iter_rows(min_row=2, values_only=True))
    prices = [r for r in rows if isinstance(r[2], (int, float))]
    if not prices:
        problems.append("Price book: no prices")
    for r in prices:
        if not r[3] or not r[5]:
            problems.append(f"Price book: {r[0]} {r[1]} without its source or date")

    # Owned plans: the hourly figure is capex / (years x 8760 h) + hosting /
    # 730 h + TDP kW x PUE x USD/kWh of the figures listed under it.
    parts = {"Owned: capex (USD per GPU)": "capex", "Owned: amortization (years)": "years",
             "Owned: hosting (USD per GPU-month)": "hosting", "Owned: PUE": "pue",
             "Owned: energy (USD per kWh)": "kwh", "Owned: GPU TDP (W)": "tdp"}
    owned = [i for i, r in enumerate(rows) if r[1] == "Owned"]
    for i in owned:
        gpu, hourly = rows[i][0], rows[i][2]
        figures = {}
        for r in rows[i + 1:i + 1 + len(parts)]:
            if r[0] == gpu and r[1] in parts and isinstance(r[2], (int, float)):
                figures[parts[r[1]]] = r[2]
        if len(figures) != len(parts):
            problems.append(f"Price book: owned {gpu} lists {sorted(figures)}, "
                            f"expected {sorted(parts.values())}")
            continue
        expected = (figures["capex"] / (figures["years"] * 8760) + figures["hosting"] / 730
                    + figures["tdp"] / 1000 * figures["pue"] * figures["kwh"])
        if not isinstance(hourly, (int, float)) or not close(hourly, expected):
            problems.append(f"Price book: owned {gpu} {hourly!r} USD per GPU-hour, "
                            f"its figures give {expected}")
    if "--owned" in sys.argv[3:] and not owned:
        problems.append("Price book: no owned plan, though the price book has one")

    if "--solve" in sys.argv[3:]:
        with open(sys.argv[sys.argv.index("--solve") + 1], encoding="utf-8") as f:
            problems += check_optimizer(book, json.load(f))

    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
