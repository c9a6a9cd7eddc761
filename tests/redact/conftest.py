"""What the redaction tests share: the texts of the labelled sets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from medrubric.redact.pii_eval import load_snippets

PII = Path(__file__).parents[1] / "data" / "pii"


@pytest.fixture(scope="session")
def labelled_texts() -> Callable[[str], list[str]]:
    """The texts of every labelled set whose file name starts with a prefix ("" for all),
    in file order: what the sweeps that check a faster path against its definition read."""

    def texts(prefix: str = "") -> list[str]:
        return [s.text for p in sorted(PII.glob(f"{prefix}*.jsonl")) for s in load_snippets(p)]

    return texts
