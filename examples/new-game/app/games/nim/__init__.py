"""Nim, the template game (docs/NEW-GAME.md): copy this folder to start a game of your own."""
from .engine import Nim

__all__ = ["Nim"]
