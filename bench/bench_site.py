"""First paint of the leaderboard site from disk: 1,000 cases x 20 models (the generated
fixture of tests/site/generated.py: 800-character answers, 8 criteria a case), opened as
file://…/index.html in headless Chromium. Per load: the time from navigation start to the
leaderboard table being in the document (`performance.mark("medrubric:leaderboard")` in
site.js), to the start of the frame that paints it (a mark in the next animation frame), and
the browser's first contentful paint.
Each load is a fresh browser context (no cache). Results go to bench/RESULTS.md under
"## Site first paint".

    python bench/bench_site.py [--cases 1000] [--models 20] [--loads 7]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "site"))
from _results import write_section  # noqa: E402
from generated import generated_runs  # noqa: E402

from medrubric.files import write_bytes_atomic  # noqa: E402
from medrubric.site.build import site_files  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
MEASURE = """() => {
  const at = (name) => performance.getEntriesByName(name)[0].startTime;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return { table: at("medrubric:leaderboard"), frame: at("medrubric:leaderboard-frame"),
           fcp: fcp ? fcp.startTime : null,
           rows: document.querySelectorAll("#leaderboard tbody tr").length };
}"""


def build(root: Path, n_cases: int, n_models: int) -> tuple[float, int]:
    start = time.perf_counter()
    files = site_files(generated_runs(n_cases, n_models, n_resamples=10_000), {})
    for name, data in files.items():
        write_bytes_atomic(root / name, data)
    return time.perf_counter() - start, sum(map(len, files.values()))


def measure(root: Path, loads: int) -> list[dict[str, float]]:
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(loads):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            page.goto((root / "index.html").as_uri())
            page.wait_for_function(
                "performance.getEntriesByName('medrubric:leaderboard-frame').length"
            )
            out.append(page.evaluate(MEASURE))
            context.close()
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--models", type=int, default=20)
    parser.add_argument("--loads", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        seconds, size = build(root, args.cases, args.models)
        index = (root / "data" / "index.js").stat().st_size
        print(f"built {args.cases} x {args.models} in {seconds:.1f} s, {size / 1e6:.1f} MB; "
              f"data/index.js {index / 1e6:.2f} MB")  # fmt: skip
        load_before = os.getloadavg()[0]
        runs = measure(root, args.loads)
        load_after = os.getloadavg()[0]
    assert all(r["rows"] == args.models for r in runs)
    for r in runs:
        print(f"table {r['table']:.0f} ms, next frame {r['frame']:.0f} ms, FCP {r['fcp']:.0f} ms")
    med = {k: statistics.median(r[k] for r in runs) for k in ("table", "frame", "fcp")}
    worst = {k: max(r[k] for r in runs) for k in ("table", "frame", "fcp")}
    print(
        f"median: table {med['table']:.0f} ms, frame {med['frame']:.0f} ms, FCP {med['fcp']:.0f} ms"
    )
    write_section(
        "## Site first paint",
        f"""## Site first paint

`python bench/bench_site.py --cases {args.cases} --models {args.models} --loads {args.loads}`
({platform.machine()}, {os.cpu_count()} CPUs, load average {load_before:.1f} before and
{load_after:.1f} after the loads; headless Chromium, each load a fresh context). The site of
{args.cases} cases x {args.models} models is {size / 1e6:.1f} MB; the first view loads
`data/index.js` and the three assets only.

| from navigation start to | median (ms) | slowest of {args.loads} (ms) |
|---|---|---|
| the table in the document (`medrubric:leaderboard`) | {med["table"]:.0f} | {worst["table"]:.0f} |
| the frame painting it (`…-frame`) | {med["frame"]:.0f} | {worst["frame"]:.0f} |
| first contentful paint | {med["fcp"]:.0f} | {worst["fcp"]:.0f} |

The size budget is checked by `tests/site/test_site_build.py`; timing is measured here only,
never asserted in tests.
""",
    )


if __name__ == "__main__":
    main()
