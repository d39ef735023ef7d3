#!/bin/sh
# Writes a later draw of real multiple-choice answers (see README.md, "real_mc_2" to "real_mc_4"):
# the first draw's builders with --draw N, leaving out every row of every earlier draw, then the same
# BLINK option texts, mechanical reference_defect rules and publisher_parse_suspect flag as the first draw.
# Deterministic: the same mirrors give the same bytes.
#
#   sh build_real_mc_draw.sh N [MIRRORS]   # N = 2 writes real_mc_2.jsonl.gz, 3 real_mc_3, ..., 10 real_mc_10;
#                                          # MIRRORS holds owner+name/repo bare git mirrors; default /work/.mirror
set -eu
N=$1
M=${2:-/work/.mirror}
cd "$(dirname "$0")"
OUT=real_mc_$N.jsonl.gz
# the earlier draws: real_mc.jsonl.gz, real_mc_2.jsonl.gz, ..., real_mc_$((N-1)).jsonl.gz
EXCLUDE="--exclude real_mc.jsonl.gz"
i=2
while [ "$i" -lt "$N" ]; do
  EXCLUDE="$EXCLUDE --exclude real_mc_$i.jsonl.gz"
  i=$((i + 1))
done
# shellcheck disable=SC2086  # EXCLUDE is a list of options
python3 build_real_mc.py --draw "$N" $EXCLUDE --out "$OUT" \
  --mathvista "$M/lupantech+MathVista/repo" --blink "$M/zeyofu+BLINK_Benchmark/repo" \
  --mmmu "$M/MMMU-Benchmark+MMMU/repo" --mathv "$M/mathllm+MATH-V/repo"
python3 blink_options.py --file "$OUT"
# shellcheck disable=SC2086
python3 build_logicvista.py --repo "$M/Yijia-Xiao+LogicVista/repo" --file "$OUT" $EXCLUDE --draw "$N"
# only the audit's per-source table: its row list quotes answers, held-back ones included
python3 audit_reference.py --mark "$OUT" | sed '/^$/q'
# after the audit, as when hand checks are added to a finished file: the same key order either way
python3 reference_defects.py --file "$OUT"
