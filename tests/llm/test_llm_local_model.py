"""The embedded model for real: SmolLM2-135M behind llama.cpp's OpenAI-compatible server.

SmolLM2-135M is a plumbing model, so these tests check schema-valid output, usage counts,
caching and process lifetime, never what the answers say.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal

import httpx
import pytest
from pydantic import BaseModel

from medrubric.errors import InputError
from medrubric.llm import open_model
from medrubric.llm.local_server import LocalServer, free_port

pytestmark = pytest.mark.slow  # every test here runs the real local model


class Triage(BaseModel):
    urgency: Literal["emergency", "soon", "routine"]
    see_doctor: bool


MESSAGES = [
    {
        "role": "user",
        "content": "Chest pain spreading to the left arm for 20 minutes. How urgent is it? "
        'Answer as JSON: {"urgency": "emergency"|"soon"|"routine", "see_doctor": true|false}',
    }
]


def llama_servers_of(pid: int) -> list[int]:
    """Child processes of `pid` running llama_cpp.server (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"llama_cpp.server" in cmdline:
            found.append(int(entry.name))
    return found


def test_structured_output_through_the_real_server(local_llm_spec: str, tmp_cache: Path) -> None:
    async def go() -> None:
        async with open_model(local_llm_spec, cache_dir=tmp_cache) as model:
            result = await model.chat(
                MESSAGES, prompt_version="triage@1", schema=Triage, params={"max_tokens": 64}
            )
            assert result.ok, result.error
            assert Triage.model_validate(result.parsed)
            assert result.usage.prompt_tokens > 20 and result.usage.completion_tokens > 3
            assert model.spec.smoke_test and model.label.startswith("SmolLM2-135M (smoke-test")
            again = await model.chat(
                MESSAGES, prompt_version="triage@1", schema=Triage, params={"max_tokens": 64}
            )
            assert again.cached and again.parsed == result.parsed
            stats = model.stats
            assert (stats.calls, stats.cached, stats.errors) == (2, 1, 0)
            assert stats.prompt_tokens == result.usage.prompt_tokens

    asyncio.run(go())


def test_free_text_reply(local_llm_spec: str) -> None:
    async def go() -> None:
        async with open_model(local_llm_spec, no_cache=True) as model:
            result = await model.chat(
                [{"role": "user", "content": "Say hello."}],
                prompt_version="hello@1",
                params={"max_tokens": 16},
            )
            assert result.ok and result.text and result.usage.completion_tokens > 0

    asyncio.run(go())


def test_open_model_local_starts_and_stops_its_server(tmp_cache: Path) -> None:
    before = set(llama_servers_of(os.getpid()))  # the session fixture's server may be running
    started: set[int] = set()

    async def go() -> None:
        async with open_model("local:smollm2", cache_dir=tmp_cache) as model:
            started.update(set(llama_servers_of(os.getpid())) - before)
            assert model.spec.public()["smoke_test"] is True
            assert httpx.get(f"{model.base_url}/models", timeout=5).status_code == 200
            raise RuntimeError("a stage crashed")

    with pytest.raises(RuntimeError, match="a stage crashed"):
        asyncio.run(go())
    assert len(started) == 1
    assert set(llama_servers_of(os.getpid())) == before  # stopped although the body raised
    assert not Path(f"/proc/{started.pop()}").exists()  # terminated and reaped


def test_a_server_that_cannot_start_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"this is not a gguf file")
    before = set(llama_servers_of(os.getpid()))
    with pytest.raises(InputError, match="exited with code") as info:
        LocalServer(broken, alias="broken", startup_timeout=60).start()
    assert "broken.gguf" in str(info.value)  # the server's own last lines explain it
    assert set(llama_servers_of(os.getpid())) == before


def test_serve_local_prints_its_url_and_stops_cleanly() -> None:
    port = free_port()
    cli = subprocess.Popen(
        [sys.executable, "-m", "medrubric.cli.main", "serve", "local", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert cli.stdout is not None
        assert cli.stdout.readline().strip() == f"base URL: http://127.0.0.1:{port}/v1"
        spec_line = cli.stdout.readline().strip()
        assert spec_line == f"model spec: openai:smollm2@http://127.0.0.1:{port}/v1"
        assert httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=5).status_code == 200
        server_pids = llama_servers_of(cli.pid)
        cli.send_signal(signal.SIGINT)
        assert cli.wait(timeout=30) == 0
    finally:
        if cli.poll() is None:
            cli.kill()
    assert len(server_pids) == 1 and not Path(f"/proc/{server_pids[0]}").exists()
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=5)


STARTER = """
import time
from medrubric.llm.local_server import LocalServer, resolve_local_model
server = LocalServer(resolve_local_model("smollm2"), alias="smollm2").start()
print(server.process.pid, flush=True)
time.sleep(600)
"""


def test_a_killed_parent_leaves_no_orphan_server() -> None:
    parent = subprocess.Popen([sys.executable, "-c", STARTER], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    server_pid = int(parent.stdout.readline())
    assert Path(f"/proc/{server_pid}").exists()
    parent.kill()  # SIGKILL: no atexit, no context manager, nothing runs in the parent
    parent.wait(timeout=30)
    for _ in range(100):
        if not Path(f"/proc/{server_pid}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{server_pid}").exists()
