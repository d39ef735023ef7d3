"""Export a suite for other harnesses: JSONL, OpenAI batch, Inspect AI, Hugging Face datasets, lmms-eval.

Exported tasks grade with `graders` alone, so they run where assetgen's generators are not installed.
"""

from assetgen.export.formats import FORMATS, export, video_frames

__all__ = ["FORMATS", "export", "video_frames"]
