"""3-High: cooperative tree building on a chessboard, moved by playing cards."""
from .engine import ThreeHigh

__all__ = ["ThreeHigh"]
