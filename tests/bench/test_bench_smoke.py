"""The benchmarks stay runnable: tiny runs, their JSON shape checked, never their timings."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: float = 240, env: dict | None = None) -> list[dict]:
    out = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                         env=dict(os.environ, **(env or {})))
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def test_bench_ws_plays_real_sockets_and_measures_the_relay_beside_them():
    [line] = run("bench.ws", "--tables", "2", "--seats", "3", "--seconds", "1.5", "--spare", "1")
    for key in ("moves_per_s", "p50_ms", "p95_ms", "p99_ms", "errors", "server_cpu_ms_per_move", "rss_mb",
                "baseline_moves_per_s", "ratio"):
        assert key in line, line
    assert line["moves"] > 0 and line["errors"] == 0, line


def test_bench_ws_replaces_finished_tables_with_new_ones_on_the_clock_by_default():
    # no spares: every finished game is followed by a new table (create, joins, start, sockets) on the clock
    [line] = run("bench.ws", "--tables", "2", "--seats", "3", "--seconds", "3", "--no-baseline")
    assert line["replaced"] >= 1 and line["moves"] > 0 and line["errors"] == 0, line


def test_bench_tables_measures_each_step_of_a_tables_life():
    [line] = run("bench.tables", "--tables", "3", "--warm", "1", "--seats", "3")
    assert line["tables"] == 3 and line["seats"] == 3, line
    steps = [line[f"{step}_ms"] for step in ("create", "joins", "start", "sockets")]
    assert all(x >= 0 for x in steps) and abs(sum(steps) - line["ms_per_table"]) < 0.1, line
    assert line["wall_ms_per_table"] > 0, line


def test_bench_ws_offers_a_paced_load_and_reports_it():
    # --rate: moves arrive at random at a set rate, not as fast as the server answers
    [line] = run("bench.ws", "--tables", "2", "--seats", "3", "--seconds", "2", "--spare", "2", "--rate", "20",
                 "--no-baseline")
    assert line["offered_moves_per_s"] == 20 and line["errors"] == 0, line
    assert 0 < line["moves_per_s"] < 40, line  # paced: a free-running pair of tables makes hundreds a second


def test_bench_ws_refuses_a_negative_rate_with_a_sentence():
    out = subprocess.run([sys.executable, "-m", "bench.ws", "--rate", "-3"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "--rate must be 0" in out.stderr, out.stderr


def test_bench_ws_idle_spectators_report_memory_and_close():
    # spectators of the busy tables: each is sent every move and must still close promptly at the end
    [line] = run("bench.ws", "--tables", "2", "--seats", "3", "--seconds", "1", "--idle", "60", "--no-baseline",
                 timeout=120)
    assert line["idle_sockets"] == 60 and line["idle_rss_mb"] > 0 and line["errors"] == 0, line


def test_bench_ws_with_bots_in_worker_processes():
    # a small bot budget: the 3-High bot spends all of its budget (1 s by default), longer than this run
    [line] = run("bench.ws", "--tables", "2", "--seats", "3", "--bots", "2", "--seconds", "1.5", "--no-baseline",
                 env={"ICEHOUSE_BOT_SECONDS": "0.1"})
    assert line["moves"] > 0 and line["errors"] == 0, line


def test_bench_engine_covers_every_game():
    from app.games import GAMES

    lines = run("bench.engine", "--seconds", "0.3")
    assert sorted(line["game"] for line in lines) == sorted(GAMES)
    assert all(line["playouts_per_s"] > 0 for line in lines)


def test_bench_bots_reports_the_bot_beside_its_baseline():
    [line] = run("bench.bots", "--game", "three-high", "--games", "1", "--players", "2")
    assert "win_rate" in line and "baseline" in line


def test_bench_admin_list_seeds_and_times_every_kind_of_page():
    lines = run("bench.admin_list", "--tables", "300", "--runs", "1")
    assert lines[0]["case"] == "seed" and lines[0]["tables"] == 300
    pages = lines[1:]
    assert len(pages) >= 10 and all(line["p50_ms"] > 0 for line in pages)
    assert pages[0]["total"] == 300


def test_bench_bots_deals_and_policies_report_the_issue_figures():
    for policy in ("greedy", "random"):
        [line] = run("bench.bots", "--game", "three-high", "--players", "2", "--deals", "2", "--policy", policy)
        for key in ("win_rate", "avg_trees", "s_per_decision", "deals", "policy"):
            assert key in line, line
        assert line["deals"] == 2 and line["policy"] == policy


def test_bench_calibration_prints_its_reliability_tables(tmp_path):
    dump = tmp_path / "games.json"
    [line] = run("bench.calibration", "--games", "2", "--seconds", "0.01", "--dump", str(dump))
    assert line["games"] == 2 and line["decisions"] > 0 and set(line["CALIBRATION"]) == {"solo", "team"}, line
    assert set(line["figures"]) == {"all", "solo", "team"} and dump.exists(), line
    [again] = run("bench.calibration", "--load", str(dump))
    assert again["CALIBRATION"] == line["CALIBRATION"], again


def test_bench_bots_dumps_deals_from_a_start_seed_and_pairs_two_dumps(tmp_path):
    quick, greedy = tmp_path / "quick.json", tmp_path / "greedy.json"
    [line] = run("bench.bots", "--game", "three-high", "--deals", "2", "--start", "500", "--seconds", "0.02",
                 "--no-baseline", "--no-clock-guard", "--dump", str(quick))
    assert line["seeds"] == [500, 501] and "baseline" not in line, line
    low, high = line["win_ci95"]
    assert 0 <= low <= line["win_rate"] <= high <= 1 and line["cpu_per_decision"] > 0, line
    run("bench.bots", "--game", "three-high", "--deals", "2", "--start", "500", "--policy", "greedy",
        "--no-baseline", "--dump", str(greedy))
    [paired] = run("bench.bots", "--pair", str(greedy), str(quick))
    assert paired["deals"] == 2 and paired["only_first"] + paired["only_second"] <= 2, paired
    assert paired["difference"] == (paired["second_won"] - paired["first_won"]) / 2, paired


def test_bench_tune_three_high_searches_the_weights_and_checks_them_on_other_deals():
    lines = run("bench.tune_three_high", "--start", "900", "--deals", "12", "--check-start", "950",
                "--check-deals", "12", "--sweeps", "1")
    start, final = lines[0], lines[-1]
    assert set(start["start"]) == {"ready", "spare", "far", "rare", "none_left", "move_three_at"}, start
    assert sum("try" in line for line in lines) == 24, lines   # six weights, four factors each
    assert final["won"] >= start["won"] and set(final["check_won"]) == {"from", "found"}, final
    assert 0 <= final["check_won"]["found"] <= 12, final


def test_bench_tune_three_high_refuses_check_deals_that_overlap_the_training_ones():
    proc = subprocess.run([sys.executable, "-m", "bench.tune_three_high", "--start", "0", "--deals", "10",
                           "--check-start", "5"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode != 0 and "disjoint" in proc.stderr
