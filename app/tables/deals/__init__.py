"""Deals everyone can play (issue 34): the deal of the day, named deals, results by deal."""
