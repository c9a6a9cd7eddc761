"""Knowledge injection (LiveMedBench §5.4): answer closed-book, or open-book with the top-k
evidence snippets of a retrieval index placed before the question.

The open-book prompt wraps the closed-book one: the case's last user turn becomes the
question under the evidence (versioned template `generate_openbook.<language>`). Every
answer records its mode and the ids of the snippets it was shown in `Response.params`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Case, Evidence, Response
from medrubric.errors import InputError
from medrubric.evaluate.generate import generation_messages
from medrubric.prompts import render
from medrubric.retrieve.base import Retriever

KnowledgeMode = Literal["closed-book", "open-book"]
KNOWLEDGE_MODES: tuple[str, ...] = ("closed-book", "open-book")
OPENBOOK_PROMPT = "generate_openbook"
DEFAULT_INDEX = "bundled corpus, bm25"


class Knowledge(BaseModel):
    """How candidates are prompted: without evidence, or with top-k retrieved snippets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: KnowledgeMode = "closed-book"
    evidence_index: Path | None = None  # a saved index folder; None: the bundled corpus (BM25)
    evidence_k: int = Field(default=5, ge=1)

    def index_label(self) -> str:
        return str(self.evidence_index) if self.evidence_index else DEFAULT_INDEX


def openbook_messages(case: Case, evidence: Sequence[Evidence]) -> tuple[list[dict[str, str]], str]:
    """The closed-book conversation with the evidence placed before its last user turn."""
    messages, _ = generation_messages(case)
    question = messages[-1]["content"]
    text, prompt_id = render(
        f"{OPENBOOK_PROMPT}.{case.language}",
        evidence=[e.model_dump() for e in evidence],
        question=question,
    )
    return [*messages[:-1], {"role": "user", "content": text}], prompt_id


class KnowledgeSource:
    """Builds each case's candidate conversation for one knowledge mode."""

    def __init__(self, knowledge: Knowledge, retriever: Retriever | None = None):
        if knowledge.mode == "open-book" and retriever is None:
            raise InputError("open-book generation needs a retrieval index")
        self.knowledge = knowledge
        self.retriever = retriever

    def conversation(self, case: Case) -> tuple[list[dict[str, str]], str, dict[str, Any]]:
        """(messages, prompt id, what to record in Response.params)."""
        if self.retriever is None:
            messages, prompt_id = generation_messages(case)
            return messages, prompt_id, {"knowledge": "closed-book"}
        question = generation_messages(case)[0][-1]["content"]
        evidence = self.retriever.search(question, k=self.knowledge.evidence_k)
        messages, prompt_id = openbook_messages(case, evidence)
        record = {
            "knowledge": "open-book",
            "evidence_k": self.knowledge.evidence_k,
            "evidence_ids": [e.id for e in evidence],
        }
        return messages, prompt_id, record


def open_knowledge(knowledge: Knowledge) -> KnowledgeSource:
    """The source for `knowledge`, loading its index when it is open-book."""
    if knowledge.mode == "closed-book":
        return KnowledgeSource(knowledge)
    index = knowledge.evidence_index
    from medrubric.retrieve.index import cached_index, load_index  # BM25 stack: open-book only

    retriever = load_index(index) if index is not None else cached_index("default", "bm25")
    return KnowledgeSource(knowledge, retriever)


def response_mode(response: Response) -> str:
    """The knowledge mode an answer was generated in (older answers: closed-book)."""
    return str(response.params.get("knowledge", "closed-book"))


def check_run_knowledge(responses: Sequence[Response], knowledge: Knowledge) -> None:
    """A run directory holds one knowledge mode: resuming in another would mix them."""
    other = sorted({response_mode(r) for r in responses} - {knowledge.mode})
    if other:
        raise InputError(
            f"--knowledge {knowledge.mode}: this run directory already holds {other[0]} answers; "
            "use a new --out for each knowledge mode"
        )


def knowledge_provenance(knowledge: Knowledge, responses: Sequence[Response]) -> dict[str, Any]:
    """The mode, index and k of a run, and the evidence ids each answer was shown."""
    record: dict[str, Any] = {"mode": knowledge.mode}
    if knowledge.mode == "open-book":
        record["evidence_index"] = knowledge.index_label()
        record["evidence_k"] = knowledge.evidence_k
        record["evidence_ids"] = {r.case_id: r.params.get("evidence_ids", []) for r in responses}
    return record


def parse_knowledge(mode: str, evidence_index: Path | None, evidence_k: int) -> Knowledge:
    """The `--knowledge`, `--evidence-index` and `--evidence-k` options as a `Knowledge`."""
    if mode not in KNOWLEDGE_MODES:
        raise InputError(f"--knowledge must be one of {', '.join(KNOWLEDGE_MODES)}, got {mode!r}")
    if evidence_k < 1:
        raise InputError(f"--evidence-k must be at least 1, got {evidence_k}")
    if evidence_index is not None and mode == "closed-book":
        raise InputError("--evidence-index is only used with --knowledge open-book")
    return Knowledge.model_validate(
        {"mode": mode, "evidence_index": evidence_index, "evidence_k": evidence_k}
    )
