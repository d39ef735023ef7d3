"""`assetgen probe frames|resolution`: what the server really feeds the model, measured two ways."""

from assetgen.run.probe.ask import ProbeOptions
from assetgen.run.probe.frames import probe_frames
from assetgen.run.probe.records import FramesProbe, Measurement, ResolutionProbe, read_probe

__all__ = ["FramesProbe", "Measurement", "ProbeOptions", "ResolutionProbe", "probe_frames", "read_probe"]
