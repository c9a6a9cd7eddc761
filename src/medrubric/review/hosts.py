"""The `Host` header allow-list that closes DNS rebinding: a page of the app reached through
an attacker's name resolving to this machine carries that name in `Host` and is refused."""

from __future__ import annotations

from collections.abc import Callable, Iterable

LOOPBACK_NAMES: tuple[str, ...] = ("127.0.0.1", "localhost", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")


def host_name(header: str) -> str:
    """`example.org:8765` -> `example.org`; `[::1]:8765` -> `::1`; lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def default_hosts(bound: str) -> tuple[str, ...]:
    """The names a server bound to `bound` answers to by default: that address, and every
    loopback name when it is a loopback address."""
    if bound in LOOPBACK_NAMES or bound.startswith("127."):
        return tuple(dict.fromkeys((bound, *LOOPBACK_NAMES)))
    return (bound,)


def host_checker(allowed: Iterable[str]) -> Callable[[str], bool]:
    names = {host_name(h) for h in allowed}
    return lambda header: host_name(header) in names
