"""Live tables: the owner of each table, the move pipeline, fan-out, catch-up, bots' turns."""
