"""What every grader-style prompt shares: the conversation as text and the fence around an
untrusted answer."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping

from medrubric.data.models import ChatMessage


def fence_tag(answer: str) -> str:
    """A delimiter name the answer cannot contain in advance: it depends on the answer itself."""
    return "ANSWER-" + hashlib.sha256(answer.encode("utf-8")).hexdigest()[:12].upper()


def conversation_text(messages: Iterable[ChatMessage | Mapping[str, str]]) -> str:
    """The conversation as the grader prompts show it: `role: content` blocks."""
    pairs = (
        (m["role"], m["content"]) if isinstance(m, Mapping) else (m.role, m.content)
        for m in messages
    )
    return "\n\n".join(f"{role}: {content}" for role, content in pairs)
