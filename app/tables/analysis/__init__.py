"""The bots' after-the-fact work: a finished table's move scores, a deal's yardstick."""
