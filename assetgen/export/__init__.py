"""Export a suite for other harnesses: JSONL, OpenAI batch, Inspect AI, Hugging Face datasets, lmms-eval.

Exported task folders grade with `graders` alone (vendored into them), so they run where assetgen's
generators are not installed.
"""

from assetgen.export.common import sampled_clips, video_frames
from assetgen.export.formats import FORMATS, export

__all__ = ["FORMATS", "export", "sampled_clips", "video_frames"]
