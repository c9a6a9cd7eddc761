"""Releases: frozen snapshots of a case pool for a publication-date window, and their diffs."""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
