"""Deals everyone can play: the deal of the day, named deals, results by deal."""
