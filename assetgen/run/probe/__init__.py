"""`assetgen probe frames|resolution`: what the server really feeds the model, measured two ways.

`frames.probe_frames` and `resolution.probe_resolution` run the probes (they start the reference endpoint
when no endpoint is given, so they are imported where used); `records` holds probe.json's types."""

from assetgen.run.probe.ask import ProbeOptions
from assetgen.run.probe.records import FramesProbe, Measurement, ResolutionProbe, read_probe

__all__ = ["FramesProbe", "Measurement", "ProbeOptions", "ResolutionProbe", "read_probe"]
