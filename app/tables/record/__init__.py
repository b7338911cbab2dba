"""The open, versioned game record (docs/GAME-RECORD.md): one JSON format for a whole game of any game here.

format.py   the record as pydantic models, the single source of its JSON Schema (static/schema/)
build.py    a record of an ended table (for anyone who may see its replay; the admin's with the seed)
opening.py  a record checked and replayed by the engine, stored as an imported table the replay shows

The record stands above the admin's pages (pyproject.toml's rooms): the admin's export and import speak it,
and its opening reuses the import's checks (app/tables/admin/transfer.py).
"""
