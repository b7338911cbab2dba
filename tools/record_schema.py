"""Write the game record's JSON Schema (app/tables/record/format.py is its single source) to
static/schema/game-record-1.json, served at /schema/game-record/1.json; `--check` fails when the file is
not what the models give (tests/tables/test_record.py runs the same check).

    .venv/bin/python -m tools.record_schema          # write it
    .venv/bin/python -m tools.record_schema --check  # is it up to date?
"""
from __future__ import annotations

import sys
from pathlib import Path

from app.tables.record.format import VERSION, schema_text

PATH = Path(__file__).resolve().parent.parent / "static" / "schema" / f"game-record-{VERSION}.json"


def main(argv: list[str]) -> int:
    want = schema_text()
    if "--check" in argv:
        if not PATH.is_file() or PATH.read_text(encoding="utf-8") != want:
            print(f"{PATH} is not up to date: run .venv/bin/python -m tools.record_schema", file=sys.stderr)
            return 1
        return 0
    PATH.write_text(want, encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
