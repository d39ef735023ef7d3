"""Endpoint URLs and credentials: normalised, and never written anywhere with a secret in them (text a
server sends is scrubbed by `untrusted.Scrubber`)."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit, urlunsplit

from assetgen.errors import ConfigError

_SECRET_QUERY = re.compile(r"(?i)(key|token|secret|password|sig|auth)[^=&]*=[^&]*")


def base_url(url: str) -> str:
    """'http://host:8000' or '.../v1/' -> 'http://host:8000/v1'."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 -- urlsplit checks the port only when asked
    except ValueError as exc:
        raise ConfigError(f"--endpoint {url!r} is not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"--endpoint {url!r} is not an http(s) URL, e.g. http://127.0.0.1:8000/v1")
    path = parts.path.rstrip("/")
    if not path.endswith("/v1"):
        path += "/v1"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def public_url(url: str) -> str:
    """The URL as it may be written down: no user:password@, no secret-looking query values."""
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    query = _SECRET_QUERY.sub(lambda m: m.group(1) + "=***", parts.query)
    return urlunsplit((parts.scheme, host, parts.path, query, ""))


def url_secrets(url: str) -> list[str]:
    """What `public_url` removes from a URL: the password and secret-looking query values."""
    parts = urlsplit(url)
    values = [m.group(0).split("=", 1)[1] for m in _SECRET_QUERY.finditer(parts.query)]
    return [v for v in [parts.password, *values] if v]


KEY_VARIABLES = ("ASSETGEN_API_KEY", "OPENAI_API_KEY")
JUDGE_KEY_VARIABLE = "ASSETGEN_JUDGE_API_KEY"  # the optional judge's key (run/judge.py): scrubbed like the others


def api_key(explicit: str | None) -> str | None:
    return explicit or next((os.environ[name] for name in KEY_VARIABLES if os.environ.get(name)), None)


def known_secrets(*explicit: str | None) -> list[str]:
    """Every key this process knows of (the ones given, and those in the environment), for a scrubber of
    what is written: grades and reports are written long after the run's client, and by other commands."""
    return [s for s in (*explicit, *(os.environ.get(name) for name in (*KEY_VARIABLES, JUDGE_KEY_VARIABLE))) if s]
