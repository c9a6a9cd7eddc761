"""Raw clinical Q&A threads: dumps, site extractors, a polite crawler, its HTTP cache and
resumable crawl state (the first stage; `screen` filters the threads, `redact` redacts them).

The public functions are importable from here; submodules load on first use, so importing
one piece does not pull in the crawler.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
