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
    lines = []
    for f in families.values():
        lines.append(f"{f.name}  [{f.category}, {f.modality}, v{f.version}]  {f.summary}")
        lines += [f"    {k.name:<14} default {k.default!s:<8} {k.describe_range():<32} {k.help}" for k in f.knobs]
    return "\n".join(lines)
