"""The second seed article's raw vs speculative table, for `assetgen compare` of two runs."""

from __future__ import annotations

import statistics

from assetgen.report import tables
from assetgen.report.performance import paced_decode_tps
from assetgen.report.run_report import RunReport
from assetgen.report.speculative import curve, degenerate_answers


def _decode_speed(report: RunReport) -> float | None:
    rates = [rate for r in report.records if r.status == "ok" and (rate := paced_decode_tps(r))]
    return statistics.median(rates) if rates else None


def _correct(report: RunReport) -> tuple[int, int]:
    answered = [g for _, g in report.grades if g.verdict != "error"]
    return sum(g.verdict == "correct" for g in answered), len(answered)


def _share(n: int, of: int) -> str:
    return f"{n}/{of} ({n / of:.0%})" if of else "n/a"


def speculative_table(a: RunReport, b: RunReport) -> list[str]:
    """The second seed article's raw vs speculative table: the speed-up in decode tok/s next to accuracy and
    the share of degenerate answers, with a warning when the faster run is the worse one."""
    if not any(r.spec and r.spec.active for r in (a, b)):
        return []
    label = lambda r: "with" if r.spec and r.spec.active else "without"  # noqa: E731
    lines = ["", "## Speculative decoding", ""]
    lines += [f"**{name}: {tables.headline(r)}**" for name, r in (("A", a), ("B", b)) if tables.headline(r)]
    notes = []
    if a.info.model != b.info.model:
        notes.append(f"the runs asked different models ({a.info.model} and {b.info.model}): the speed-up is not "
                     "speculative decoding's alone")
    if {r.key for r in a.records} != {r.key for r in b.records}:
        notes.append("the runs asked different cases: accuracy and degenerate share compare different sets")
    lines += [f"Note: {n}." for n in notes]
    speed_a, speed_b = _decode_speed(a), _decode_speed(b)
    (ca, na), (cb, nb) = _correct(a), _correct(b)
    (da, ta), (db, tb) = degenerate_answers(a.grades), degenerate_answers(b.grades)
    ratio = speed_b / speed_a if speed_a and speed_b else None
    fmt = lambda v: f"{v:.1f} tok/s" if v else "n/a"  # noqa: E731
    spec = lambda r, f: f(r.spec) if r.spec and r.spec.active else "—"  # noqa: E731
    lines += ["", f"| | A ({label(a)}) | B ({label(b)}) | B vs A |", "|---|---|---|---|",
              f"| Decode speed (median) | {fmt(speed_a)} | {fmt(speed_b)} | "
              f"{f'{ratio:.2f}x' if ratio else 'n/a'} |",
              f"| Accuracy | {_share(ca, na)} | {_share(cb, nb)} | "
              f"{(cb / nb - ca / na) * 100:+.0f} pts |" if na and nb else "| Accuracy | n/a | n/a | |",
              f"| Degenerate answers | {_share(da, ta)} | {_share(db, tb)} | "
              f"{(db / tb - da / ta) * 100:+.0f} pts |" if ta and tb else "| Degenerate answers | n/a | n/a | |",
              f"| Draft acceptance | {spec(a, lambda s: f'{s.acceptance:.1%}')} | "
              f"{spec(b, lambda s: f'{s.acceptance:.1%}')} | |",
              f"| Mean accepted length | {spec(a, lambda s: f'{s.mean_accepted_length:.2f}')} | "
              f"{spec(b, lambda s: f'{s.mean_accepted_length:.2f}')} | |",
              f"| Acceptance by position | {spec(a, curve)} | {spec(b, curve)} | |"]
    on, off = (a, b) if a.spec and a.spec.active else (b, a)
    if on.verdict and on.verdict.flagged and not (off.spec and off.spec.active) and \
            degenerate_answers(off.grades)[0] >= on.verdict.degenerate > 0:
        lines += ["", f"The run without speculative decoding has as many degenerate answers "
                  f"({degenerate_answers(off.grades)[0]}): the loops are the model's, not the drafter's."]
    if ratio and ratio != 1 and na and nb and ta and tb:
        fast, slow = ("B", "A") if ratio > 1 else ("A", "B")
        (cf, nf, df, tf), (cs, ns, ds, ts) = ((cb, nb, db, tb), (ca, na, da, ta)) if ratio > 1 else \
            ((ca, na, da, ta), (cb, nb, db, tb))
        worse = []
        if cf / nf < cs / ns:
            worse.append(f"accuracy {cs / ns:.0%} → {cf / nf:.0%}")
        if df / tf > ds / ts:
            worse.append(f"degenerate answers {ds / ts:.0%} → {df / tf:.0%}")
        if worse:
            lines += ["", f"**!! {fast} is {max(ratio, 1 / ratio):.2f}x faster than {slow} but worse: "
                      f"{', '.join(worse)}. Fast but broken: its tok/s is no result.**"]
    return lines
