"""Did the model decline to answer? One detector for every grader (POLICY.md 6.5), in any language.

Used only when no answer of the asked kind was found: "I can't be sure, but I count 5" is an answer.
"""

from __future__ import annotations

import re

from graders import normalize as N

_VERBS = (r"help|assist|comply|answer|see|view|watch|analy[sz]e|process|provide|determine|identify|read|transcribe|"
          r"compare|judge|decide|distinguish|"
          r"count|tell|access|open|play|interpret|describe|make out|perceive|share|reproduce|fulfil+|do that|do this|"
          r"complete|give|evaluate|examine|recogni[sz]e|detect|look at|display|extract|answer that")
_REFUSAL = re.compile(
    # "I can't help with that", "I'm unable to analyze video content", "I don't have the ability to view"
    rf"\bi(?:'m| am)?\s*(?:can't|cannot|can not|won't|will not|am unable to|'m unable to|unable to|am not able to|"
    rf"'m not able to|not able to|do not have the ability to|don't have the ability to|lack the ability to|"
    rf"have no way to|am not capable of|'m not capable of|do not have access to|don't have access to)\s+"
    rf"(?:be able to\s+|directly\s+|currently\s+|actually\s+)?(?:{_VERBS})\b"
    # "Unable to process the video."
    rf"|^\W*(?:sorry[,.!]?\s*)?(?:unable|not able) to (?:{_VERBS})\b"
    # "As an AI, …", "As a text-based model, …"
    r"|\bas an ai\b|\bas a (?:large )?language model\b|\bas a text[- ]based\b"
    # "It is not possible to determine …", "cannot be determined"
    r"|\b(?:it is|it's|it isn't|it is not)\s+(?:not\s+)?(?:possible|impossible|feasible)\s+(?:for me\s+)?to\s+"
    r"(?:determine|tell|say|know|identify|count|answer|see)\b"
    r"|\b(?:cannot|can't|can not|could not|couldn't)\s+be\s+(?:determined|identified|counted|answered|seen|read)\b"
    r"|\b(?:no|without an?|without the)\s+(?:image|video|picture|photo|file|attachment|clip)s?\s+(?:was|were|is|are|"
    r"has been|have been|provided|attached|shared|uploaded|included)\b"
    r"|\bi (?:do not|don't) see (?:an?|any) (?:image|video|picture|photo|attachment|clip)"
    r"|^\W*(?:i (?:do not|don't) know|i'm not sure|i am not sure|unknown|n/?a|not applicable|no answer|"
    r"cannot answer|can't answer|i cannot answer|i can't answer)\W*$"
    # "It's hard to tell from the frames", "the text is too small to read", "I can only see one of them"
    r"|\b(?:it is|it's|it was)\s+(?:too\s+)?(?:hard|difficult|impossible)\s+to\s+"
    r"(?:tell|say|determine|judge|see|read)\b"
    r"|\btoo\s+(?:small|blurry|blurred|dark|low[- ]resolution|faint|pixelated)\s+(?:for\s+me\s+)?to\s+"
    r"(?:read|see|make out|tell|count)\b"
    r"|\b(?:illegible|not legible|unreadable)\b"
    r"|\bi\s+(?:can|could)\s+only\s+see\s+one\b"
    # "I'm sorry, but I can't …" is caught above; a bare apology that declines in other words:
    r"|^\W*(?:i'm sorry|i am sorry|sorry|i apologi[sz]e|unfortunately)\b[^.\n]{0,80}\b(?:can't|cannot|unable|"
    r"not able|won't|not possible)\b",
    re.IGNORECASE | re.MULTILINE)

# The same declining in the other languages VLMs answer in: a first-person "cannot" / "unable", an apology
# that declines, "it is not possible to" (French, German, Spanish, Italian, Portuguese, Chinese, Japanese, Korean)
_FOREIGN = re.compile(
    r"\bje ne (?:peux|puis|sais|parviens|suis pas (?:en mesure|capable))\b|\bje n'arrive pas\b"
    r"|\b(?:il (?:est|m'est)|c'est) (?:impossible|pas possible)\b|^\W*impossible de\b"
    r"|\b(?:désolée?|navrée?|je m'excuse)\b[^.\n]{0,80}\b(?:ne|impossible|pas)\b"
    r"|\b(?:ich kann|kann ich)\b[^.\n]{0,60}\b(?:nicht|keine?[nrs]?)\b|\bnicht in der lage\b"
    r"|\b(?:es ist|ist es) (?:mir )?(?:nicht möglich|unmöglich)\b"
    r"|\b(?:es tut mir leid|leider)\b[^.\n]{0,80}\b(?:nicht|kein)"
    r"|\bno (?:puedo|podemos|soy capaz|me es posible|es posible|tengo (?:la )?(?:capacidad|acceso))\b"
    r"|\b(?:lo siento|lamentablemente|disculpa)\b[^.\n]{0,80}\bno\b"
    r"|\bnon (?:posso|riesco|sono in grado|è possibile)\b|\bmi dispiace\b[^.\n]{0,80}\bnon\b"
    r"|\bnão (?:posso|consigo|sou capaz|é possível)\b|\b(?:desculpe|lamento)\b[^.\n]{0,80}\bnão\b"
    r"|(?:抱歉|对不起|很遗憾|不好意思|我(?:无法|不能|没办法|没有办法|不可以))|无法(?:识别|确定|判断|回答|分析|查看|看到|看清|读取|观看|辨认)"
    r"|申し訳(?:ありません|ございません)|(?:判断|確認|識別|回答|分析)(?:することが)?できません"
    r"|죄송|(?:수|볼 수) 없습니다",
    re.IGNORECASE | re.MULTILINE)
# one of these is in every refusal _FOREIGN knows (checked only when the English pattern found none)
_FOREIGN_ASCII = ("je n", "impossible", "pas possible", "kann", "in der lage", "leid", "no puedo", "no podemos",
                  "no soy", "no me es", "no es posible", "no tengo", "siento", "lamentablemente", "disculpa",
                  "non posso", "non riesco", "non sono", "dispiace", "desculpe", "lamento")
_FOREIGN_OTHER = ("désol", "navr", "möglich", "non è", "não", "抱歉", "对不起", "遗憾", "不好意思", "我", "无法",
                  "申し訳", "できません", "죄송", "없습니다")


# one of these is in every refusal the pattern knows: most answers are ruled out without it
_NEEDS = ("hard", "difficult", "too ", "legible", "readable",
          "can", "unable", "not able", "ability", "way to", "capable", "access", "as an", "as a", "possible",
          "feasible", " be ", "image", "video", "picture", "photo", "file", "attachment", "clip", "know", "sure",
          "unknown", "n/a", "na", "applicable", "no answer", "sorry", "apologi", "unfortunately", "won't", "will not")


_NEEDED, _FOREIGN_NEEDED = N.Needles(_NEEDS), N.Needles(_FOREIGN_ASCII)


# In cleaned ASCII text (lowercase, each run of whitespace one space, no line breaks) every match of _REFUSAL holds
# one of these literals of its own, or is a whole answer _ALONE names (the pattern's '^\W*(?:…)\W*$' alternative);
# with _FOREIGN_ASCII, for _FOREIGN's part: an ordinary answer ('There are 5 circles in the image.') is ruled out in
# one pass, where _NEEDS ('can', ' be ', 'image') lets most through to the large pattern
_ANCHORS = ("can't", "cannot", "can not", "won't", "will not", "unable", "not able", "ability", "way to", "capable",
            "access", "as an ai", "language model", "as a text", "possible", "feasible", "could not", "couldn't",
            "without", "no image", "no video", "no picture", "no photo", "no file", "no attachment", "no clip",
            "not see", "n't see", "hard", "difficult", "too", "legible", "unreadable", "only see one", "sorry",
            "apologi", "unfortunately")
_ANCHORED = re.compile(N.alternation((*_ANCHORS, *_FOREIGN_ASCII)))  # one pass: cheaper than has_any at any length
_ALONE = frozenset(("i do not know", "i don't know", "i'm not sure", "i am not sure", "unknown", "n/a", "na",
                    "not applicable", "no answer", "cannot answer", "can't answer", "i cannot answer",
                    "i can't answer"))
_NOT_WORD = "".join(c for c in map(chr, range(128)) if re.match(r"\W", c))  # what '\W' matches in ASCII


def is_refusal(answer: str) -> bool:
    """The answer declines (searched in its first 600 characters, where declining is done)."""
    text = N.clean(answer[:600])  # its quotes unified: "can’t" is "can't"
    if text.isascii() and _ANCHORED.search(text) is None and text.strip(_NOT_WORD) not in _ALONE:
        return False
    if _NEEDED.found_in(text) and _REFUSAL.search(text):
        return True
    needed = _FOREIGN_NEEDED.found_in(text) or (not text.isascii() and N.has_any(text, _FOREIGN_OTHER))
    return needed and bool(_FOREIGN.search(text))
