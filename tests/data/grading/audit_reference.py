#!/usr/bin/env python3
"""Informational audit of real_mc.jsonl (does not change any label).
Flags rows where the raw answer names exactly one option letter unambiguously
(a bare letter such as "B" / "(B)", or exactly one distinct "(X)" with X an
option) and that letter differs from the publisher's reference.

    python3 audit_reference.py real_mc.jsonl            # prints the audit
    python3 audit_reference.py --mark real_mc_2.jsonl.gz  # also stores publisher_parse_suspect on every row
"""
import gzip, json, re, sys
from collections import Counter
BARE = re.compile(r"\s*\(?([A-Za-z])\)?[.:]?\s*")


def stated_letter(r):
    """The one option letter the answer states unambiguously, else None."""
    m = BARE.fullmatch(r["answer"])
    cand = {m.group(1).upper()} if m else {x for x in re.findall(r"\(([A-Z])\)", r["answer"]) if x in r["options"]}
    return cand.pop() if len(cand) == 1 else None


mark = sys.argv[1] == "--mark"
path = sys.argv[-1]
opener = gzip.open if path.endswith(".gz") else open
with opener(path, "rt", encoding="utf-8") as handle:
    rows = [json.loads(l) for l in handle if l.strip()]
tot, unamb, diff, flagged = Counter(), Counter(), Counter(), []
for r in rows:
    s = r["source"].split(" (")[0]
    tot[s] += 1
    x = stated_letter(r)
    if x is not None:
        unamb[s] += 1
    if mark:
        r["publisher_parse_suspect"] = x is not None and x != r["reference"]
    if x is not None and x != r["reference"]:
        diff[s] += 1
        flagged.append((s, r["model"], r["question_id"], x, r["reference"], r["answer"][:160].replace("\n", " ")))
if mark:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    with gzip.GzipFile(path, "wb", mtime=0) as handle:  # mtime 0: the same rows give the same bytes
        handle.write(text.encode("utf-8"))
print("source\trows\tunambiguous_letter\tdiffers_from_reference")
for s in sorted(tot):
    print(f"{s}\t{tot[s]}\t{unamb[s]}\t{diff[s]}")
print("\nsource\tmodel\tquestion_id\tletter_in_answer\treference\tanswer_start")
for f in flagged:
    print("\t".join(str(v) for v in f))
