#!/usr/bin/env python3
"""Write a customer-sized project: the bundled sample's eight workloads,
repeated to N, each copy's demand scaled down and spread over the three
segments. Used by the scale benchmarks and the invariants' large cases.

    scripts/scaled_project.py 1000 -o big.fleetplan.json [--mode size|fixed]
        [--seed 7] [--cli build/src/cli/fleetplanner-cli]

Deterministic for a seed. Each copy keeps its kind's shape (model size,
precision, targets) and scales its demand (tokens per run, requests per
second, users, GPU-hours) by a factor drawn from [0.5, 2] ÷ (N ÷ 8), so the
project's total demand stays near the sample's whatever N; gangs keep a GPU
count that a scaled run can still use (at least 64, so a 70B model's training state fits; at most the original).
Pins to a regime are dropped: a copy in another segment may not allow it.
Scenarios are dropped, and so are the input ranges that name a workload (or,
in size mode, a pool): the copies have new ids, so those paths name no row.
In fixed mode the sample's fleet is kept (2,400 H100s); in size mode the
pools are removed and the engine sizes the fleet.
"""
import argparse
import json
import os
import random
import subprocess
import sys

SEGMENTS = ["early-stage", "mid-stage", "enterprise"]
DEMAND = {
    "training": "tokens_per_run",
    "batch": "gpu_hours_per_month",
    "inference": "requests_per_second",
    "notebooks": "users",
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", type=int)
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--mode", choices=["size", "fixed"], default="size")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cli", default="build/src/cli/fleetplanner-cli")
    args = parser.parse_args()
    if args.workloads < 1:
        sys.exit("workloads: must be at least 1")

    tmp = args.output + ".sample.json"
    subprocess.run([args.cli, "new", "--sample", "-o", tmp], check=True,
                   capture_output=True)
    with open(tmp, encoding="utf-8") as f:
        sample = json.load(f)
    os.remove(tmp)

    rng = random.Random(args.seed)
    share = max(1.0, args.workloads / len(sample["workloads"]))
    out = []
    for i in range(args.workloads):
        w = json.loads(json.dumps(sample["workloads"][i % len(sample["workloads"])]))
        w["id"] = f"{w['id']}-{i:05d}"
        w["name"] = f"{w['name']} #{i}"
        w.pop("note", None)
        w.pop("choice", None)
        w["segment"] = SEGMENTS[rng.randrange(3)] if args.workloads > 8 else w["segment"]
        key = DEMAND[w["kind"]]
        factor = rng.uniform(0.5, 2.0) / share
        value = w[key] * factor
        if w["kind"] == "notebooks":
            value = max(1, round(value))
        elif w["kind"] == "training":
            w["gpus_per_job"] = max(64, min(w["gpus_per_job"],
                                            8 * round(w["gpus_per_job"] * factor / 8)))
        w[key] = value
        out.append(w)
    sample["workloads"] = out
    sample["name"] = f"Scaled sample: {args.workloads} workloads ({args.mode})"
    sample["scenarios"] = []
    if args.mode == "size":
        sample["fleet"] = {"mode": "size", "pools": []}
    # An input range names its row by id (/workloads/chat-70b/...): ranges of
    # renamed or removed rows go, the others (a price book's) stay.
    gone = ["/workloads/"] + (["/fleet/pools/"] if args.mode == "size" else [])
    sample["ranges"] = [r for r in sample.get("ranges", [])
                        if not any(r["path"].startswith(g) for g in gone)]
    if not sample["ranges"]:
        sample.pop("ranges", None)
    # The sample's measured knee is of the sample's inputs, not these: a
    # customer's project of this size carries no stale one. Its sentence in
    # the note ends "not assumed." (simulate/measured_ceiling.cpp).
    sample["scheduler"].pop("measured_utilization_ceiling", None)
    note = sample.get("note", "")
    at = note.find(" Utilization ceiling of ")
    if at >= 0 and note.find("not assumed.", at) >= 0:
        end = note.find("not assumed.", at) + len("not assumed.")
        sample["note"] = note[:at] + note[end:]
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(sample, f, indent=1)
    print(f"Wrote {args.output}: {args.workloads} workloads, {args.mode} mode")


if __name__ == "__main__":
    main()
