"""The bots' after-the-fact work (issues 33 and 34): a finished table's move scores, a deal's yardstick."""
