"""`assetgen show`: one case of a suite as readable lines (prompt, truth, grader, files, frames)."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

from assetgen.dataset.golden import default_golden, load_golden
from assetgen.errors import AssetgenError


def did_you_mean(case_id: str, known: list[str]) -> str:
    """'; did you mean X, Y' for the ids that contain `case_id` or are spelled closest to it ('' if none)."""
    near = [c for c in known if case_id and case_id in c][:5]
    near += [c for c in difflib.get_close_matches(case_id, known, n=3, cutoff=0.6) if c not in near]
    return f"; did you mean {', '.join(near[:5])}?" if near else ""


def list_cases(root: Path | None = None, *, as_json: bool = False) -> str:
    """One line per case of the suite at `root` (default: the golden set): id, family, category, modality."""
    cases = load_golden(root or default_golden(), verify_files=False)
    if as_json:
        return json.dumps([{"id": c.id, "family": c.family, "category": c.category, "modality": c.modality}
                           for c in cases], indent=2)
    width = max((len(c.id) for c in cases), default=0)
    return "\n".join(f"{c.id:<{width}}  {c.family:<22} {c.category:<12} {c.modality}" for c in cases)


def describe_case(case_id: str, root: Path | None = None, *, scene: bool = False) -> str:
    root = root or default_golden()
    cases = {c.id: c for c in load_golden(root)}
    if case_id not in cases:
        raise AssetgenError(f"no case {case_id!r} in {root}{did_you_mean(case_id, list(cases))}")
    case = cases[case_id]
    lines = [f"{case.id}  [{case.family} v{case.family_version}, {case.category}, {case.modality}]",
             f"prompt: {case.prompt}",
             f"truth:  {json.dumps(case.truth.model_dump(exclude_defaults=True))}",
             f"grader: {case.grader.name} {json.dumps(case.grader.args) if case.grader.args else ''}",
             f"knobs:  {json.dumps(case.knobs)}"]
    lines += [f"file:   {root / ref.path}  ({ref.media_type}, {ref.size} bytes, {ref.role})" for ref in case.files]
    if case.sampling:
        s = case.sampling
        runs = ", ".join(f"{a.frames_low}-{a.frames_high} frames -> {json.dumps(a.value)}" for a in s.apparent[:6])
        lines.append(f"frames: needs >= {s.min_frames} of {s.frames} uniformly sampled frames"
                     + (f"; fewer look like: {runs}" if runs else ""))
    if case.timeline:
        clips = case.timeline.get("clips", [case.timeline])
        events = [e for clip in clips for e in clip["events"]]
        lines.append(f"timeline: {len(clips)} clip(s), {len(clips[0]['frames'])} frames, {len(events)} events "
                     f"({', '.join(sorted({e['type'] for e in events})) or 'none'})")
    if scene:
        lines.append(f"scene:  {json.dumps(case.scene, indent=2)}")
    return "\n".join(lines)
