"""What every model-calling stage runs on: the model options, run folders with resumable
logs, the bounded-concurrency runner with its progress display, prompt helpers and figures."""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
