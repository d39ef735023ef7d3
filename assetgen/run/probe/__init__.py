"""`assetgen probe frames|resolution`: what the server really feeds the model, measured two ways."""

from assetgen.run.probe.ask import ProbeOptions
from assetgen.run.probe.frames import probe_frames
from assetgen.run.probe.records import FramesProbe, Measurement, ResolutionProbe, read_probe
from assetgen.run.probe.resolution import probe_resolution

__all__ = ["FramesProbe", "Measurement", "ProbeOptions", "ResolutionProbe", "probe_frames", "probe_resolution",
           "read_probe"]
