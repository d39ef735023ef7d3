"""What the realistic-answer writers (write_realistic.py, write_realistic_2.py) share: the labels a row may
carry, the shape of `sent`, and a corpus that checks every row as it is written."""
from __future__ import annotations

from collections import defaultdict

VERDICTS = {"correct", "partial", "incorrect", "no_answer"}
CAUSES = {"truncation", "reasoning_exhausted", "safety_redaction", "frame_sampling", "refusal",
          "degenerate_repetition", "format", "wrong"}


def sent(video_mode=None, frames_shown=None, max_tokens=None, thinking=None) -> dict:
    """Shaped like graders.records.Sent: max_tokens, video_mode, frames_shown, thinking."""
    return {"max_tokens": max_tokens, "video_mode": video_mode, "frames_shown": frames_shown, "thinking": thinking}


def video_url(**kw) -> dict:
    """A clip sent as video_url: the frame count is not known unless given."""
    return sent(video_mode="video_url", **kw)


def frames(n: int, **kw) -> dict:
    """A clip sent as n sampled frames (all clips have 30)."""
    return sent(video_mode="frames", frames_shown=n, **kw)


def think(reasoning: str, answer: str) -> str:
    """Qwen3 without a reasoning parser: the thinking is inside content."""
    return f"<think>\n{reasoning}\n</think>\n\n{answer}"


def repeat(unit: str, times: int, prefix: str = "") -> str:
    return prefix + unit * times


class Corpus:
    """Rows per golden case, in the order written; `case` names the case the next rows answer."""

    def __init__(self, styles: set[str]):
        self.styles = styles
        self.rows: dict[str, list[dict]] = defaultdict(list)
        self.current = ""

    def case(self, cid: str) -> None:
        self.current = cid

    def add(self, style, content, verdict, cause=None, why="", reasoning=None, finish="stop", s=None) -> None:
        assert style in self.styles, style
        assert verdict in VERDICTS, verdict
        assert (cause is None) == (verdict == "correct"), (verdict, cause)
        assert cause is None or cause in CAUSES, cause
        assert why, "every label needs a why"
        self.rows[self.current].append({
            "style": style,
            "response": {"content": content, "reasoning": reasoning, "finish_reason": finish, "sent": s},
            "human": {"verdict": verdict, "cause": cause, "why": why},
        })
