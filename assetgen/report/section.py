"""A report section: a titled table computed once from a run, which the terminal, summary.txt, report.md and the
viewer all print the same way. Its own module, below every builder of sections and `dimensions`, which gathers
them: builders import it, `dimensions` imports the builders, and nothing imports back."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Section:
    anchor: str  # the viewer's id for it: letters, digits and dashes
    title: str
    header: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)  # lines under the table: how to read it, what is missing
