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


class BuildFailed(AssetgenError):
    """Cases that could not be generated; everything else built so far is kept for the next run."""

    def __init__(self, out: str, failures: list):
        self.failures = failures  # [build.Failed]: case id and a one-line error each
        shown = "; ".join(f"{f.case_id}: {f.error}" for f in failures[:3])
        more = f"; and {len(failures) - 3} more" if len(failures) > 3 else ""
        super().__init__(f"{len(failures)} case(s) failed to build into {out} ({shown}{more}); the cases built "
                         "are kept: rerun the same command to resume")
