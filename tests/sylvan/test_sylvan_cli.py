"""`python -m rules selfplay sylvan --final-views FILE`: random games of 2, 3 and 4 players to the end, one
JSON line per game with the final public view and the fame of each round."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_selfplay_writes_the_final_view_and_fame_per_round(tmp_path):
    out = tmp_path / "final.jsonl"
    result = subprocess.run([sys.executable, "-m", "rules", "selfplay", "sylvan", "--games", "3", "--seed", "5",
                             "--final-views", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 3 and [len(line["players"]) for line in lines] == [2, 3, 4]
    for line, scores in zip(lines, summary["scores"], strict=True):
        assert line["step"] == "over" and [r["round"] for r in line["rounds"]] == [1, 2]
        assert all(line["hand"] is None for line in lines)  # the public view: nobody's hand
        for seat in scores:
            parts = [s for r in line["rounds"] for s in r["seats"] if s["seat"] == seat["seat"]]
            assert sum(p["trees"] + p["regions"] + p["flags"] + p["bridges"] for p in parts) == seat["total"]
