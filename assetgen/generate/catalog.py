"""`assetgen list`: the registered families, their categories and knobs with ranges."""

from __future__ import annotations

import json

from assetgen.generate.registry import all_families


def describe_families(*, as_json: bool = False) -> str:
    families = all_families()
    if as_json:
        rows = [{"family": f.name, "category": f.category, "modality": f.modality, "version": f.version,
                 "summary": f.summary,
                 "knobs": [{"name": k.name, "default": k.default, "range": k.describe_range(), "help": k.help}
                           for k in f.knobs]} for f in families.values()]
        return json.dumps(rows, indent=2)
    # each column as wide as its widest cell over every family (up to a cap: a longer cell only pushes its own
    # row's help along), two spaces apart, so a long range ("one of any, value, largest, smallest, difference")
    # never runs into the help after it
    cells = [(k.name, f"default {k.default!s}", k.describe_range()) for f in families.values() for k in f.knobs]
    widths = [min(max((len(row[i]) for row in cells), default=0), cap) for i, cap in enumerate((16, 16, 48))]
    lines = []
    for f in families.values():
        lines.append(f"{f.name}  [{f.category}, {f.modality}, v{f.version}]  {f.summary}")
        for k in f.knobs:
            row = (k.name, f"default {k.default!s}", k.describe_range())
            lines.append("    " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
                         + "  " + k.help)
    return "\n".join(lines)
