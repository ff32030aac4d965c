#!/usr/bin/env python3
"""Times Kiwi (the `kiwisolver` pip package, Kiwi's C++ core) on the systems `parley bench solver`
describes in a JSON file, so that Parley's Cassowary solver can be compared on the same systems in
the same run.

    python3 scripts/bench-kiwi.py SYSTEMS.json

`parley bench solver` writes SYSTEMS.json (each system: a variable count, constraints as
`{"terms": [[variable, coefficient], ...], "constant": c, "relation": "==" | "<=" | ">=",
"strength": s}` meaning `sum(terms) + c relation 0`, and optionally the constraint whose constant
the re-solve changes), runs this script and reads the JSON it prints:

    {"kiwisolver": "1.5.1", "python": "3.11.7",
     "systems": {"cell": {"build_us": 26.2, "build_overhead_us": 1.4, "values": [...]},
                 "form": {"build_us": ..., "build_overhead_us": ..., "values": [...],
                          "resolve_us": ..., "resolve_overhead_us": ..., "values_after_change": [...],
                          "edit_resolve_us": ..., "edit_resolve_overhead_us": ...,
                          "edit_values_after_change": [...]}}}

The values let the caller check that both solvers found the same solutions.

What the timings include, and what they do not:
- Variables and constraints are built as Python objects *before* timing, so Python's expression
  building is not measured. `build_us` covers `Solver()`, one `addConstraint` per constraint and
  `updateVariables()`: Kiwi's C++ work plus one Python-to-C call per constraint.
- `build_overhead_us` estimates those Python calls: the same loop calling `hasConstraint` (a lookup in
  Kiwi's constraint table behind the same kind of call) on every constraint. It over-estimates the pure call cost
  (it includes the lookup), so subtracting it makes Kiwi look faster, never slower.
- `resolve_us` is Kiwi's way to change one constant of a constraint already in the solver: remove it
  and add a pre-built copy with the new constant, then `updateVariables()` (Kiwi constraints are
  immutable and Kiwi has no edit-constant operation). `resolve_overhead_us` estimates its three calls.
- `edit_resolve_us` is the other Kiwi idiom, on a variant of the system where that constant is an
  edit variable (strong) instead: `suggestValue` then `updateVariables()`; `edit_resolve_overhead_us`
  estimates its two calls.
- Every figure is the median over the repetitions after a warm-up (repetitions stop early once
  `budget_seconds` have passed, after at least 5). `parley bench solver` runs this script once per
  round, between its own rounds, and keeps each side's best median.
"""

import json
import platform
import statistics
import subprocess
import sys
import time


def import_kiwi():
    try:
        import kiwisolver
        return kiwisolver
    except ImportError:
        pass
    attempts = [
        [sys.executable, "-m", "pip", "install", "--quiet", "kiwisolver"],
        [sys.executable, "-m", "pip", "install", "--quiet", "--user", "kiwisolver"],
    ]
    for command in attempts:
        if subprocess.run(command, stdout=sys.stderr, stderr=sys.stderr).returncode == 0:
            break
    try:
        import site
        import importlib
        importlib.invalidate_caches()
        if site.getusersitepackages() not in sys.path:
            sys.path.append(site.getusersitepackages())
        import kiwisolver
        return kiwisolver
    except ImportError:
        sys.stderr.write(
            "bench-kiwi.py: the kiwisolver package is missing and `python3 -m pip install kiwisolver` "
            "did not install it. Install it (in a virtual environment if your Python is externally "
            "managed) and run the benchmark again.\n")
        sys.exit(2)


kiwi = import_kiwi()

OPERATORS = {"==": "==", "<=": "<=", ">=": ">="}


def make_expression(variables, terms, constant):
    expression = kiwi.Expression([kiwi.Term(variables[index], coefficient) for index, coefficient in terms],
                                 constant)
    return expression


def make_constraint(variables, item, constant=None):
    expression = make_expression(variables, item["terms"], item["constant"] if constant is None else constant)
    return kiwi.Constraint(expression, OPERATORS[item["relation"]], item["strength"])


def median_us(samples):
    return statistics.median(samples) * 1e6


def enough(samples, repetitions, began, budget):
    return len(samples) >= repetitions or (len(samples) >= 5 and time.perf_counter() - began > budget)


def time_build(constraints, repetitions, warmup, budget):
    Solver = kiwi.Solver
    samples = []
    clock = time.perf_counter
    began = clock()
    index = 0
    while not enough(samples, repetitions, began, budget):
        start = clock()
        solver = Solver()
        add = solver.addConstraint
        for constraint in constraints:
            add(constraint)
        solver.updateVariables()
        elapsed = clock() - start
        if index >= warmup:
            samples.append(elapsed)
        index += 1
    return median_us(samples), solver


def time_toggle(step, repetitions, budget):
    """Median of `step(i)` for i = 1, 2, ... (after 10 warm-up steps)."""
    clock = time.perf_counter
    samples = []
    began = clock()
    index = 0
    while not enough(samples, repetitions, began, budget):
        start = clock()
        step(index)
        elapsed = clock() - start
        if index >= 10:
            samples.append(elapsed)
        index += 1
    return median_us(samples), index


def time_call_overhead(solver, constraints, repetitions):
    """Per-call cost of a cheap Kiwi call (hasConstraint) in the same kind of loop."""
    has = solver.hasConstraint
    clock = time.perf_counter
    samples = []
    for _ in range(repetitions):
        start = clock()
        for constraint in constraints:
            has(constraint)
        samples.append((clock() - start) / len(constraints))
    return statistics.median(samples) * 1e6


def measure(system, budget):
    count = system["variables"]
    variables = [kiwi.Variable("v%d" % index) for index in range(count)]
    constraints = [make_constraint(variables, item) for item in system["constraints"]]
    repetitions = system["build_repetitions"]

    build, solver = time_build(constraints, repetitions, max(2, repetitions // 10), budget)
    per_call = time_call_overhead(solver, constraints, max(3, min(repetitions, 200) // 10))
    result = {
        "build_us": build,
        # Solver(), one addConstraint per constraint, updateVariables().
        "build_overhead_us": per_call * (len(constraints) + 2),
        "values": [variable.value() for variable in variables],
    }

    change = system.get("change")
    if not change:
        return result
    index = change["constraint"]
    item = system["constraints"][index]
    first, second = change["constants"]

    # Remove and re-add: the only way to change the constant of a Kiwi constraint.
    versions = [make_constraint(variables, item, first), make_constraint(variables, item, second)]
    solver = kiwi.Solver()
    for position, constraint in enumerate(constraints):
        solver.addConstraint(versions[0] if position == index else constraint)
    solver.updateVariables()

    def swap(step):
        solver.removeConstraint(versions[step % 2])
        solver.addConstraint(versions[1 - step % 2])
        solver.updateVariables()

    result["resolve_us"], steps = time_toggle(swap, change["repetitions"], budget)
    if steps % 2 == 0:  # end on the second constant
        swap(0)
    result["resolve_overhead_us"] = per_call * 3
    result["values_after_change"] = [variable.value() for variable in variables]

    # The edit-variable idiom: `terms + e == 0` with e an edit variable suggested the constant.
    edit = kiwi.Variable("edit")
    solver = kiwi.Solver()
    for position, constraint in enumerate(constraints):
        if position == index:
            terms = [kiwi.Term(variables[i], c) for i, c in item["terms"]] + [kiwi.Term(edit, 1.0)]
            solver.addConstraint(kiwi.Constraint(kiwi.Expression(terms, 0.0), OPERATORS[item["relation"]],
                                                 item["strength"]))
        else:
            solver.addConstraint(constraint)
    solver.addEditVariable(edit, change["edit_strength"])
    solver.suggestValue(edit, first)
    solver.updateVariables()
    constants = [first, second]

    def suggest(step):
        solver.suggestValue(edit, constants[1 - step % 2])
        solver.updateVariables()

    result["edit_resolve_us"], _ = time_toggle(suggest, change["repetitions"], budget)
    result["edit_resolve_overhead_us"] = per_call * 2
    solver.suggestValue(edit, second)
    solver.updateVariables()
    result["edit_values_after_change"] = [variable.value() for variable in variables]
    return result


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: bench-kiwi.py SYSTEMS.json\n")
        sys.exit(64)
    with open(sys.argv[1]) as file:
        document = json.load(file)
    budget = document.get("budget_seconds", 3.0)
    systems = {system["name"]: measure(system, budget) for system in document["systems"]}
    json.dump({"kiwisolver": kiwi.__version__, "python": platform.python_version(), "systems": systems},
              sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
