"""The 3-High bot ("three-high"): a teammate that plays from its view (search.py)."""
from .search import ThreeHighBot

__all__ = ["ThreeHighBot"]
