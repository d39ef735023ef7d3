"""The application layer, above the stages: one module per command that drives the pipeline.

Each calls the stages in order and writes what the command leaves behind; none renders or grades by itself.
`evaluate` (build a suite, start the built-in endpoint, ask, grade, write the reports), `sweep` (a suite per
knob level, evaluated and fitted), `verify` (the reference endpoint over a suite), `regrade` (another
harness's answers), `compare` (runs side by side, written as Markdown and HTML), `probe` (what a server feeds
the model). `assetgen.cli` parses options and calls these; no stage imports this package.
"""
