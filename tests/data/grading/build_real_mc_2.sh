#!/bin/sh
# Writes real_mc_2.jsonl.gz, the second draw of real multiple-choice answers (see README.md, "real_mc_2"):
# the first draw's builders with --draw 2, leaving out every row of real_mc.jsonl.gz, then the same
# BLINK option texts, mechanical reference_defect rules and publisher_parse_suspect flag as the first draw.
# Deterministic: the same mirrors give the same bytes.
#
#   sh build_real_mc_2.sh [MIRRORS]      # MIRRORS holds owner+name/repo bare git mirrors; default /work/.mirror
set -eu
M=${1:-/work/.mirror}
cd "$(dirname "$0")"
OUT=real_mc_2.jsonl.gz
python3 build_real_mc.py --draw 2 --exclude real_mc.jsonl.gz --out "$OUT" \
  --mathvista "$M/lupantech+MathVista/repo" --blink "$M/zeyofu+BLINK_Benchmark/repo" \
  --mmmu "$M/MMMU-Benchmark+MMMU/repo" --mathv "$M/mathllm+MATH-V/repo"
python3 blink_options.py --file "$OUT"
python3 build_logicvista.py --repo "$M/Yijia-Xiao+LogicVista/repo" --file "$OUT" --exclude real_mc.jsonl.gz \
  --draw 2 --per-model 50
python3 reference_defects.py --file "$OUT"
# only the audit's per-source table: its row list quotes answers, held-back ones included
python3 audit_reference.py --mark "$OUT" | sed '/^$/q'
