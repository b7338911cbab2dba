"""Dash: race along the Classic board by drawing cards; opponents set the dares."""
from .engine import Dash

__all__ = ["Dash"]
