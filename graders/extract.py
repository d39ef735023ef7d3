"""Finding the answer in a model's text: reasoning stripped, explicit final answers preferred."""

from __future__ import annotations

import re
from typing import NamedTuple

from graders.jsonscan import MAX_SCAN, first_object
from graders.normalize import has_any

_THINK_OPEN = re.compile(r"<think(?:ing)?>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think(?:ing)?>", re.IGNORECASE)


class Split(NamedTuple):  # a NamedTuple: built for every grade, at half a frozen dataclass's cost
    answer: str  # visible answer text, reasoning removed
    reasoning: str  # all reasoning found (field or <think> blocks)
    unclosed_think: bool  # a <think> that never closed: the answer never began


_new_split = tuple.__new__


def split_reasoning(content: str | None, reasoning: str | None = None) -> Split:
    """Separate reasoning from the answer: vLLM's reasoning field and <think> blocks in content."""
    content = content or ""
    # the common case: no tags to look for, as the tags need both (built as a plain tuple: a third the cost)
    if "think" not in content or "<" not in content:
        return _new_split(Split, (content.strip(), reasoning.strip() if reasoning else "", False))
    parts = [reasoning] if reasoning else []
    answer, unclosed = [], False
    position = 0
    # A reasoning parser may strip the opening tag and leave '... </think> answer' in content.
    first_close, first_open = _THINK_CLOSE.search(content), _THINK_OPEN.search(content)
    if first_close and (not first_open or first_close.start() < first_open.start()):
        parts.append(content[:first_close.start()])
        position = first_close.end()
    while True:
        opening = _THINK_OPEN.search(content, position)
        if not opening:
            answer.append(content[position:])
            break
        answer.append(content[position:opening.start()])
        closing = _THINK_CLOSE.search(content, opening.end())
        if not closing:
            parts.append(content[opening.end():])
            unclosed = True
            break
        parts.append(content[opening.end():closing.start()])
        position = closing.end()
    return Split("".join(answer).strip(), "\n".join(p.strip() for p in parts if p and p.strip()), unclosed)


_EXPLICIT = re.compile(
    r"(?:(?:final\s+answer|answer|result|solution|solutions)[ \t]*(?:is|:|=|-)|"
    # '答案：', '答え：', '答えは', '正解は', '정답:', 'Respuesta:', 'Réponse :', 'Antwort:', 'Resposta:', 'Ответ:'
    r"答案\s*[是为為:：]|答え\s*(?:は|[:：])|正解\s*(?:は|[:：])|정답\s*[:：]|"
    r"(?:respuesta|r[ée]ponse|antwort|resposta|ответ)\s*[:：])[ \t:：]*(.+)", re.IGNORECASE)
# the ASCII words every _EXPLICIT match holds one of (lowercased)
_EXPLICIT_NEEDS = ("answer", "result", "solution", "respuesta", "reponse", "antwort", "resposta")
_BOXED = re.compile(r"\\boxed\{((?:[^{}]|\{[^{}]*\})*)\}")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__", re.DOTALL)


def candidates(answer: str) -> list[str]:
    """Places the final answer may be, most explicit first; the whole text comes last."""
    found: list[str] = []
    # each pattern only where the text holds what its every match holds (most answers hold none of it); outside
    # ASCII the case-blind marker could match other letters ('ſolution'), and is always looked for
    boxed = _BOXED.findall(answer) if "\\boxed{" in answer else ()
    if boxed:
        found.append(boxed[-1].strip().strip("`"))  # a code span inside a box or bold is the value: '**`x`**'
    if not answer.isascii() or has_any(answer.lower(), _EXPLICIT_NEEDS):
        explicit = [m.group(1) for m in _EXPLICIT.finditer(answer)]
        if explicit:
            found.append(explicit[-1].strip().strip("*_").strip())  # '**Answer:** x': the bold ends after the marker
    bold = [a or b for a, b in _BOLD.findall(answer)] if "**" in answer or "__" in answer else ()
    if bold:
        found.append(bold[-1].strip().strip("`"))
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    if lines:
        found.append(lines[-1])
    found.append(answer)
    seen, unique = set(), []
    for c in found:
        c = c.strip()
        if c and c not in seen:
            seen.add(c)
            unique.append(c)
    return unique


_FENCE = re.compile(r"```[\w+-]*\n(.*?)(?:```|$)", re.DOTALL)
# a line that introduces the transcription ('Here is the text:'), not the text's own first line
# ('def blend(n):', 'class Card:', 'else:')
_PREAMBLE = re.compile(r"[^()=\[\]{}<>#;]{0,78}:\s*")
_CODE_START = re.compile(r"\s*(?:def|class|if|elif|else|for|while|with|try|except|finally|async|match|case)\b")
_SIGN_OFF = re.compile(r"\s*(?:[A-Z][^=:{}()\[\]]*[.!?]|(?:note|this|let me|i hope|feel free|if you)\b.*)\s*$",
                       re.IGNORECASE)


def _is_preamble(line: str) -> bool:
    return bool(_PREAMBLE.fullmatch(line)) and not _CODE_START.match(line)


def fenced_or_body(answer: str) -> str:
    """The block to compare a transcription with: a fenced block if any, else the answer minus preamble."""
    fences = _FENCE.findall(answer)
    if fences:
        return max(fences, key=len).strip("\n")
    lines = answer.strip("\n").splitlines()
    if len(lines) > 1 and _is_preamble(lines[0]):
        lines = lines[1:]
    return "\n".join(lines).strip("\n")


def bodies(answer: str) -> list[str]:
    """Readings of a transcription, to compare each with the truth: every fenced block, or the answer
    with and without a preamble line and a closing remark after a blank line."""
    fences = [f.strip("\n") for f in _FENCE.findall(answer)]
    if fences:
        return sorted(fences, key=len, reverse=True)[:3]
    text = answer.strip("\n")
    found = [text]
    lines = text.splitlines()
    if len(lines) > 1 and _is_preamble(lines[0]):
        found.append("\n".join(lines[1:]).strip("\n"))
    for body in list(found):
        head, blank, tail = body.rpartition("\n\n")
        if blank and head.strip() and _SIGN_OFF.match(tail) and "\n" not in tail.strip():
            found.append(head.strip("\n"))
    return found


def json_object(answer: str) -> dict | None:
    """The first JSON object in the answer (inside a code fence or bare), or None."""
    for text in [*_FENCE.findall(answer[:MAX_SCAN]), answer]:
        found = first_object(text)
        if found is not None:
            return found
    return None
