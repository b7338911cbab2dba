"""Reviewing a finished game together: a review room, its members, what-if lines and the what-ifs kept."""
