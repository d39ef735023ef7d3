"""A probe's record as people read it: probe.md and the terminal summary (`app.probe` runs the probe)."""

from __future__ import annotations

from pathlib import Path

from assetgen.report.markdown import md_escape
from assetgen.run.probe import FramesProbe, ResolutionProbe
from assetgen.run.untrusted import printable


def _evidence(record: FramesProbe | ResolutionProbe) -> list[str]:
    """The evidence lines not already said above them (a probe.json written before the media_io_kwargs
    finding left the evidence also held it)."""
    said = {record.kwargs.summary} if isinstance(record, FramesProbe) else set()
    return [line for line in record.evidence if line not in said]


def terminal_lines(record: FramesProbe | ResolutionProbe, folder: Path) -> list[str]:
    out = [f"{record.kind} probe of {record.model} at {record.endpoint}", "", record.headline]
    if isinstance(record, FramesProbe):
        out += [""] + [f.summary for f in record.modes] + [record.kwargs.summary]
    out += ["", f"To change it: {record.recommendation}", "", "Evidence:"] + [f"  {line}" for line in _evidence(record)]
    out += ["", f"probe folder: {folder}  (probe.json, probe.md, media/)"]
    return [printable(line, keep_newlines=False) for line in out]


def probe_markdown(record: FramesProbe | ResolutionProbe, folder: Path) -> str:
    # headline, recommendation and evidence are assetgen's own words and numbers (with `code`); what a
    # server or model said (errors, answers, model id) is escaped
    builtin = " (built-in reference endpoint)" if record.builtin_endpoint else ""
    lines = [f"# {record.kind.capitalize()} probe: {md_escape(record.model)}", "",
             f"Endpoint {md_escape(record.endpoint)}{builtin}, assetgen {record.assetgen_version}, "
             f"{record.started} to {record.finished}.", "",
             f"**Finding:** {record.headline}", "", f"**To change it:** {record.recommendation}", ""]
    if isinstance(record, FramesProbe):
        lines += ["| mode | accepted | answers: N | tokens: N | what decides it |", "|---|---|---|---|---|"]
        lines += [f"| {f.mode} | {'yes' if f.accepted else 'no: ' + md_escape(f.error or '')} | {f.answers.shown()} "
                  f"| {f.tokens.shown()} | {f.pattern} |" for f in record.modes]
        lines += ["", record.kwargs.summary, ""]
    lines += ["## Evidence", ""] + [f"- {line}" for line in _evidence(record)] + [""]
    lines += ["## Requests", "", "| method | mode | frames | fps | size | images | kwargs | prompt tokens | "
              "media tokens | frames by tokens | answer | status |", "|---" * 12 + "|"]
    for m in record.measurements:
        size = f"{m.width}x{m.height}" if m.width else ""
        kwargs = md_escape(str(m.media_io_kwargs["video"])) if m.media_io_kwargs else ""
        answer = md_escape((m.answer or "")[:60])
        status = "ok" if m.status == "ok" else md_escape(f"HTTP {m.http_status}: {m.error}" if m.http_status
                                                         else m.error or "error")
        cells = [m.method, m.mode, _cell(m.frames), _cell(m.fps), size, _cell(m.images), kwargs,
                 _cell(m.prompt_tokens), _cell(m.media_tokens), _cell(m.frames_by_tokens), answer, status]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"Media sent are in `{folder.name}/media/`; every number above is in `probe.json`.", ""]
    return "\n".join(lines)


def _cell(value) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
