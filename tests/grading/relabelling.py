"""Relabel a canonical choice case and an answer to it in another label style (POLICY.md 4.6), for the invariance
tests: options '(A) …' become '(a) …', '1. …', 'i. …', 'Option A: …' …, and the answer's letters are written the
same way where it writes them unmistakably as labels. Answers that name a letter any other way, or hold tokens the
new style could read as labels (digits for numbered options), are left out: they have no one relabelling."""

from __future__ import annotations

import re

LETTERS = "ABCDEFGHIJKL"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
STYLES = {  # name: (kind, label format)
    "(a)": ("lower", "({})"), "a)": ("lower", "{})"), "a.": ("lower", "{}."), "1.": ("digit", "{}."),
    "(1)": ("digit", "({})"), "i.": ("roman", "{}."), "(i)": ("roman", "({})"), "Option A:": ("upper", "Option {}:"),
    "A:": ("upper", "{}:"),
}
_CAPITAL = re.compile(r"(?<![A-Za-z0-9_'’∠△-])([A-L])(?![A-Za-z0-9_'’-])")
_ARTICLE = re.compile(r"(?:A|I)\s+[a-z]")
_BRACKETED = re.compile(r"(?<![\w)\]）])[(（]([A-L])[)）]")
_OPTION = re.compile(r"\b((?:[Oo]ption|[Cc]hoice)\s+\(?)([A-L])(?=\)?(?![\w'’-]))")
_LINE = re.compile(r"^([ \t*]*)([A-L])([.)])(?=[ \t]|$)", re.MULTILINE)
_MARKER = re.compile(r"(\b[Aa]nswer(?: is|:)[ \t*]*)([A-L])(?=[\s.,;:!)*]|$)")
_WHOLE = re.compile(r"^(\W*)([A-L])(\W*)$")
_OTHER_LABELS = re.compile(r"(?:^|\s)[A-L][.):]\s|\b(?:option|choice)\s+[A-L]\b", re.IGNORECASE)
_LOWER_TOKEN = re.compile(r"(?<![\w'’-])(?:[b-l]|a(?=\W*$|[.):]))(?![\w'’-])", re.MULTILINE)
_ROMAN_TOKEN = re.compile(r"(?<![\w'’-])(?:i{1,3}|iv|v|vi{1,3}|ix|x|xi{1,2})(?![\w'’-])", re.IGNORECASE)


def key(kind: str, index: int) -> str:
    return {"lower": "abcdefghijkl", "digit": [str(n) for n in range(1, 13)], "roman": ROMAN,
            "upper": LETTERS}[kind][index]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def relabel_case(case: dict, style: str) -> dict | None:
    """The case with every bracketed option label of its prompt written in `style`; None where the prompt labels
    its options in any other way too."""
    kind, frame = STYLES[style]
    prompt = case["prompt"]
    letters = LETTERS[: len(case["truth"]["choices"])]
    if _OTHER_LABELS.search(_BRACKETED.sub(" ", prompt)) or any(
            re.fullmatch(r"\W*[A-La-l]\W*", c) or _BRACKETED.search(c) for c in case["truth"]["choices"]):
        return None  # labelled some other way too, or options that are labels or hold one ('(c)', 'A', 'P/(A)')
    if kind == "upper" and any(re.search(r"\b(?:option|choice)\b", c, re.IGNORECASE) for c in case["truth"]["choices"]):
        return None  # 'Option A: Option B in the image': which 'Option' is the label is the prompt's own riddle
    new = _BRACKETED.sub(lambda m: frame.format(key(kind, LETTERS.index(m.group(1))))
                         if m.group(1) in letters else m.group(0), prompt)
    return {**case, "prompt": new} if new != prompt else None  # no list of options to relabel


def relabel_answer(answer: str, choices: list[str], style: str) -> str | None:
    """The answer with its letters written in `style`, or None where it has no one relabelling."""
    kind, _ = STYLES[style]
    letters = LETTERS[: len(choices)]
    if kind == "digit" and re.search(r"\d", answer):
        return None
    if kind == "roman" and _ROMAN_TOKEN.search(answer):
        return None
    if kind == "lower" and _LOWER_TOKEN.search(answer):
        return None
    if kind == "upper":
        return answer
    if kind == "digit" and any(_norm(c) == key(kind, i) for c in choices for i in range(len(choices))):
        return None  # a bare number that is also an option's text is that text (4.6): no one relabelling

    def k(letter: str) -> str:
        return key(kind, LETTERS.index(letter))

    def own_text_follows(at: int, letter: str) -> bool:
        rest = _norm(answer[at:at + 200]).lstrip(" *_:.)-")
        return not rest or rest.startswith(_norm(choices[LETTERS.index(letter)])[:20])

    spans: list[tuple[int, int, str]] = []
    for m in _BRACKETED.finditer(answer):
        spans.append((m.start(1), m.end(1), k(m.group(1)) if m.group(1) in letters else m.group(1)))
    for m in _OPTION.finditer(answer):
        if m.group(2) not in letters:
            return None
        spans.append((m.start(), m.end(), f"{m.group(1)}{k(m.group(2))}"))
    for m in _LINE.finditer(answer):
        if m.group(2) not in letters or (kind != "lower" and not own_text_follows(m.end(), m.group(2))):
            return None
        spans.append((m.start(), m.end(), f"{m.group(1)}{k(m.group(2))}{m.group(3)}"))
    for m in _MARKER.finditer(answer):
        rest = answer[m.end():m.end() + 2]
        if m.group(2) not in letters or (rest[:1].isspace() and rest.strip()[:1].isalnum() and
                                        not own_text_follows(m.end(), m.group(2))):
            return None
        spans.append((m.start(2), m.end(2), k(m.group(2))))
    whole = _WHOLE.match(answer)
    if whole and whole.group(2) in letters:
        spans.append((whole.start(2), whole.end(2), k(whole.group(2))))
    spans.sort()
    out, at = [], 0
    for start, end, text in spans:
        if start < at:
            if end <= at:
                continue
            return None  # overlapping forms: no one relabelling
        out += [answer[at:start], text]
        at = end
    new = "".join(out) + answer[at:]
    left = "".join(part if i % 2 == 0 else " " for i, part in enumerate(out + [answer[at:]]))
    for m in _CAPITAL.finditer(left):  # a capital named some other way ('C is correct'): no one relabelling
        if not _ARTICLE.match(left, m.start()):
            return None
    return new


QUESTION_KINDS = ["paren", "lower", "digit", "dot", "caption", "none", "stem"]


def question_with_options(kind: str, stem: str, options) -> str | None:
    """A question listing `options` labelled in one style ('(A) …', '(a) …', '1. …', 'A. …', 'Caption A: …'), or
    only its stem ('stem'), or none at all ('none'): the prompts the choice grader's stage 0 is checked against."""
    letters = LETTERS[: len(options)]
    if kind == "none":
        return None
    if kind == "stem":
        return stem or None
    if kind == "paren":
        return f"{stem} " + " ".join(f"({k}) {o}" for k, o in zip(letters, options, strict=True))
    if kind == "lower":
        return f"{stem} " + " ".join(f"({k.lower()}) {o}" for k, o in zip(letters, options, strict=True))
    if kind == "digit":
        return f"{stem}\n" + "\n".join(f"{i}. {o}" for i, o in enumerate(options, 1))
    if kind == "dot":
        return f"{stem}\n" + "\n".join(f"{k}. {o}" for k, o in zip(letters, options, strict=True))
    return f"{stem}\n" + "\n".join(f"Caption {k}: {o}" for k, o in zip(letters, options, strict=True))
