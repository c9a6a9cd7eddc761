"""Answers made elsewhere, read into `Response`s for `grade --responses`.

Like cases, the shape is told from the first record's keys (an Inspect log by its file):

- medrubric: `case_id` + `response` (or `error`);
- simple-evals / HealthBench completions: `prompt_id` + `completion` (text, a message, or
  messages: the last assistant one), case id = `prompt_id`;
- HealthBench case rows: `prompt_id` + `ideal_completions_data`, answer =
  `ideal_completions_data.ideal_completion` (the physicians' reference answer);
- LiveMedBench's run_model.py output: `case_id` + `model_response` (`finish_reason` "error"
  makes it an error);
- an Inspect log (`.eval`, or `.json` with `eval` and `samples`): case id = the sample's
  `metadata.case_id`, else its id; answer = `output.completion`; a sample error is an error.

Each row is validated with its own field names, so a bad row reads `file:line: field: problem`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from medrubric.data.formats.base import Notes, SourceId, SourceRow
from medrubric.data.formats.detect import read_rows, resolve_source
from medrubric.data.models import ChatMessage, Response
from medrubric.errors import InputError, input_error_from_validation


@dataclass(frozen=True)
class ResponseFormat:
    name: str
    keys: str  # the keys that identify it, as the error message shows them
    matches: Callable[[set[str]], bool]
    row_model: type[BaseModel]
    to_response: Callable[[Any, Notes], Response | None]  # None: the row holds no answer


class CompletionRow(SourceRow):
    prompt_id: SourceId
    completion: str | list[ChatMessage] | ChatMessage
    model: str = "external"


def _completion(row: CompletionRow, notes: Notes) -> Response:
    value = row.completion
    if isinstance(value, list):
        said = [m.content for m in value if m.role == "assistant"]
        if not said:
            raise InputError(f"completion of {row.prompt_id!r} has no assistant message")
        value = said[-1]
    elif isinstance(value, ChatMessage):
        value = value.content
    return Response(case_id=row.prompt_id, model=row.model, response=value)


class IdealCompletion(BaseModel):
    ideal_completion: str


class IdealRow(SourceRow):
    prompt_id: SourceId
    ideal_completions_data: IdealCompletion | None = None


IDEAL_MODEL = "healthbench-ideal-completion"


def _ideal(row: IdealRow, notes: Notes) -> Response | None:
    if row.ideal_completions_data is None:
        notes.add("skipped row(s) without ideal_completions_data (no reference answer)")
        return None
    answer = row.ideal_completions_data.ideal_completion
    return Response(case_id=row.prompt_id, model=IDEAL_MODEL, response=answer)


class LiveMedBenchRow(SourceRow):
    case_id: SourceId
    model_response: str
    finish_reason: str = ""


def _livemedbench(row: LiveMedBenchRow, notes: Notes) -> Response:
    if row.finish_reason == "error":
        return Response(case_id=row.case_id, error=row.model_response or "error")
    return Response(case_id=row.case_id, response=row.model_response)


RESPONSE_FORMATS: tuple[ResponseFormat, ...] = (
    ResponseFormat(
        "healthbench-ideal", "prompt_id + ideal_completions_data",
        lambda k: {"prompt_id", "ideal_completions_data"} <= k and "completion" not in k,
        IdealRow, _ideal,
    ),
    ResponseFormat(
        "simple-evals", "prompt_id + completion",
        lambda k: {"prompt_id", "completion"} <= k, CompletionRow, _completion,
    ),
    ResponseFormat(
        "livemedbench", "case_id + model_response",
        lambda k: {"case_id", "model_response"} <= k, LiveMedBenchRow, _livemedbench,
    ),
    ResponseFormat(
        "medrubric", "case_id + response (or error)",
        lambda k: "case_id" in k and bool({"response", "error"} & k),
        Response, lambda row, notes: row,
    ),
)  # fmt: skip


def _shapes() -> str:
    listed = "; ".join(f"{f.name}: {f.keys}" for f in RESPONSE_FORMATS)
    return f"{listed}; or an Inspect log (.eval, .json)"


def _format_of(keys: set[str], path: Path, line: int) -> ResponseFormat:
    for fmt in RESPONSE_FORMATS:
        if fmt.matches(keys):
            return fmt
    shown = ", ".join(sorted(keys)[:8]) + (", ..." if len(keys) > 8 else "")
    raise InputError(
        f"cannot tell which answers these are from the first record's keys ({shown}); "
        f"accepted: {_shapes()}",
        path,
        line,
    )


def _is_inspect_log(path: Path) -> bool:
    if path.suffix.lower() == ".eval":
        return True
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    with path.open("rb") as fh:
        head = fh.read(65536).decode("utf-8", "ignore").lstrip()
    return head.startswith("{") and '"eval"' in head


def _inspect_responses(path: Path) -> Iterator[Response]:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise InputError(
            "reading an Inspect log needs inspect_ai: pip install 'medrubric[inspect]'", path
        ) from None
    try:
        log = read_eval_log(str(path), exclude_fields={"events", "store", "attachments"})
    except (OSError, ValueError, json.JSONDecodeError) as exc:
        raise InputError(f"not a readable Inspect log ({exc})", path) from None
    for sample in log.samples or []:
        case_id = str(sample.metadata.get("case_id") or sample.id)
        model = f"inspect:{log.eval.model}"
        if sample.error is not None:
            yield Response(case_id=case_id, model=model, error=sample.error.message)
        else:
            yield Response(case_id=case_id, model=model, response=sample.output.completion)


# The answers log of a run folder (`RunDir.responses`).
RESPONSES_LOG = "responses.jsonl"


def load_responses(source: str | Path) -> tuple[list[Response], str, list[str]]:
    """(responses, the shape they were read as, notes) from any supported answers file."""
    if Path(source).is_dir():  # resolve_source would look for a cases file in it
        log = Path(source) / RESPONSES_LOG
        named = f": give its answers file, {log}" if log.is_file() else f" with no {RESPONSES_LOG}"
        raise InputError(f"is a folder{named} (--responses takes an answers file)", source)
    path = resolve_source(source)
    if _is_inspect_log(path):
        return list(_inspect_responses(path)), "inspect", []
    notes, out, fmt = Notes(), [], None
    seen: dict[str, tuple[int, Response]] = {}
    for line, index, obj in read_rows(path):
        fmt = fmt or _format_of(set(obj), path, line)
        prefix: tuple[int | str, ...] = (index,) if index is not None else ()
        try:
            response = fmt.to_response(fmt.row_model.model_validate(obj), notes)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, line, prefix) from None
        except InputError as exc:
            raise InputError(exc.message, path, line) from None
        if response is None:
            continue
        if fmt.name != "medrubric":  # medrubric logs: a later line supersedes an earlier one
            if response.case_id in seen:
                _same_answer(seen[response.case_id], response, path, line, notes)
                continue
            seen[response.case_id] = (line, response)
        out.append(response)
    return out, fmt.name if fmt else "medrubric", notes.render()


def _same_answer(
    first: tuple[int, Response], again: Response, path: Path, line: int, notes: Notes
) -> None:
    """A row repeating a case (HealthBench meta-eval files repeat each completion per
    criterion) is skipped; a different answer to the same case is an error, never a choice."""
    first_line, kept = first
    if (kept.response, kept.error) != (again.response, again.error):
        raise InputError(
            f"a second, different answer for case {again.case_id!r} (first on line "
            f"{first_line}); a run grades one answer per case: split the file (e.g. by "
            "completion_id)",
            path,
            line,
        )
    notes.add("skipped repeated row(s) with the same answer")
