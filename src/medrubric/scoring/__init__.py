"""Scores from grades: LiveMedBench case scores (with a HealthBench parity mode) and the
ClinConsensus coverage metrics, each with bootstrap confidence intervals."""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
