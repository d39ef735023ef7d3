"""Errors a user can cause and fix; the CLI prints them as one line."""


class AssetgenError(Exception):
    """Base class of errors shown to the user as one line, without a traceback."""


class ConfigError(AssetgenError, ValueError):
    """A bad option, knob value or family name."""


class GoldenIntegrityError(AssetgenError):
    """A golden folder whose files do not match its manifest."""

    def __init__(self, root: str, problems: list[str]):
        self.problems = problems
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        super().__init__(f"golden set {root} fails its manifest check: {shown}")
