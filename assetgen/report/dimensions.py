"""The text dimensions of issue #15 as report sections (`section.Section`): each a titled table computed once
from a run, which the terminal, summary.txt, report.md and the viewer all print the same way. A dimension adds
its builder to BUILDERS (its module imports `Section` from `report.section`, never this module, so no import
runs back); a builder returns no section when the run asked none of its cases."""

from __future__ import annotations

import re
from collections.abc import Callable

from assetgen.report.footprint import footprint_section
from assetgen.report.run_report import RunReport
from assetgen.report.scale import sections as scale_sections
from assetgen.report.section import Section
from assetgen.report.speed_tables import speed_sections

__all__ = ["BUILDERS", "Section", "sections"]


def _speed(report: RunReport) -> list[Section]:
    return speed_sections(report)


def _scale(report: RunReport) -> list[Section]:
    """Concurrency and context (dimensions 3-4), computed once in grade_run."""
    return [Section(re.sub(r"[^a-z0-9]+", "-", s.title.lower()).strip("-"), s.title, s.header, s.rows, s.notes)
            for s in scale_sections(report.scale)]


def _footprint(report: RunReport) -> list[Section]:
    """What the server held while it answered (issue #34), beside the speed figures."""
    return footprint_section(report)


BUILDERS: list[Callable[[RunReport], list[Section]]] = [_speed, _scale, _footprint]


def sections(report: RunReport) -> list[Section]:
    """Every dimension section of a run, in the order of the seed article."""
    return [section for build in BUILDERS for section in build(report)]
