"""The application layer, above the stages: what each command does, calling the stages in order.

`evaluate` (build a suite, start the built-in endpoint, ask, then `report`), `report` (grade a run with
`grading`, then render its pages with `report.write`), `grading` (every latest answer against its case:
grades.jsonl and the `RunReport` the pages are made from), `variants` (the suite of eval --variants K), `sweep`
(a suite per knob level, evaluated and fitted), `verify` (the reference endpoint over a suite), `regrade`
(another harness's answers; --diff), `compare` (runs side by side, as Markdown and HTML), `probe` (what a server
feeds the model), `build` (build, --check, --as-hf-parquet), `export`, `serve`, `catalog` (list, show).
`options` turns option values into what the stages take, `terminal` is what the commands print.
`assetgen.cli` parses options and calls only this package; no stage imports it.
"""
