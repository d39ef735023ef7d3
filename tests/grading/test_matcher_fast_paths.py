"""The non-choice matchers' faster readings (issue #36) read what the rules they replace read: each property compares
the fast form with the long one on texts built from the words and characters the rules look for, and on the corpus
answers (graders.normalize, graders.matchers, graders.numbers, graders.labels)."""

from __future__ import annotations

from pathlib import Path

from answer_texts import assert_marked_value_is_first_place, corpus
from hypothesis import example, given, settings
from hypothesis import strategies as st

from graders import matchers as M
from graders import normalize as N

_COLOR_PIECES = [*N._COLOR_NAMES, "ish", "royal", "light", "sky", "dark", "blue", "bluish", "Red", "GREY", "reds",
                 "x", "2", "_", "é", "ſ", "K", "star", "circle"]
_JOINTS = [" ", "", "-", ", ", "_", "\n", "  ", ".", "(", ")", "'", "\t"]
_COLOR_TEXTS = st.lists(st.tuples(st.sampled_from(_COLOR_PIECES), st.sampled_from(_JOINTS)), max_size=12).map(
    lambda parts: "".join(w + j for w, j in parts))


def _colors_long(text: str) -> list[str]:
    """normalize.colors as the pattern reads it (before its word-by-word reading of ASCII text)."""
    text = N.clean(text)
    if "light blue" in text or "sky blue" in text:
        return [color for _, color in N.colors_at(text)]
    return [N._CANONICAL[name] for name in N._COLOR_RE.findall(text)]


@settings(max_examples=3000, deadline=None)
@given(text=_COLOR_TEXTS)
@example(text="royal blue, Royal Blueish, tan tanish reddish redish")
@example(text="light-blue sky_blue navyish red2 2red")
def test_colors_read_word_by_word_as_the_pattern_reads(text):
    assert N.colors(text) == _colors_long(text)


def test_colors_read_word_by_word_as_the_pattern_reads_on_the_corpus():
    for text in corpus():
        assert N.colors(text) == _colors_long(text), text


def _stated_numbers_long(text: str) -> list[float]:
    """matchers._stated_numbers with its equation patterns tried on every text (without its test for an '=')."""
    text = N.words_to_digits(N.clean(text))
    if "\\boxed" in text:
        text = M._BOX.sub(r"\1", text)
    if "**" in text or "__" in text:
        text = M._EMPHASIS.sub("", text)
    text = M._formulas_as_symbols(text)
    if "±" in text:
        text = M._PLUS_MINUS.sub(r"\1 -\2, \2", text)
    assignments = list(M._ASSIGNED.finditer(text))
    if assignments:
        values = [float(m.group(1)) for m in assignments]
        more = M._LIST_GOES_ON.match(text, assignments[-1].end())
        if more:
            values += [float(v) for v in M._SIGNED_NUMBER.findall(more.group())]
        return values
    values = []
    for m in N.NUMBER.finditer(text):
        start, token = m.start(), m.group()
        if M._OPERAND.search(text, max(0, start - 3), start) and token[0] not in "+-":
            continue
        if M._OPERATOR_NEXT.match(text, m.end()) or M._EQUATION_LEFT.search(text, max(0, start - 80), start):
            continue
        values.append(float(token.replace(",", "")))
    return values


_EQUATION_PIECES = ["x", "y", "2x", "x^2", "x²", "=", " = ", "0", "-2", "1", "+", "-", "*", "/", "(", ")", "±", "√",
                    "\\boxed{", "}", "\\frac{", "\\pm", "\\sqrt{", "**", "and", "or", ",", ";", ":", "$", "\n",
                    "1.5", "12", "two", "sqrt", "the roots are", " "]


@settings(max_examples=3000, deadline=None)
@given(text=st.lists(st.sampled_from(_EQUATION_PIECES), max_size=16).map("".join))
@example(text="2x^2 + 2x - 4 = 0, so x = -2, 1")
@example(text="x^2+x-2 = 0 -2 and 1")
def test_stated_numbers_read_as_without_the_test_for_an_equals_sign(text):
    assert repr(M._stated_numbers(text)) == repr(_stated_numbers_long(text))


def test_stated_numbers_read_as_without_the_test_for_an_equals_sign_on_the_corpus():
    for text in corpus():
        assert repr(M._stated_numbers(text)) == repr(_stated_numbers_long(text)), text


_CHANGE_PIECES = ["change", "changes", "changed", "increase", "increased", "decrease", "difference", "rise", "rose",
                  "drop", "dropped", "gain", "loss", "growth", "decline", "declined", "fall", "fell", "grew", "went up",
                  "went down", "is", "was", "of", "by", "=", ":", "about", "~", "Change", "x", "2", "_", "é", " ", "  ",
                  "\n", ",", "s", "ex"]


@settings(max_examples=3000, deadline=None)
@given(pieces=st.lists(st.sampled_from(_CHANGE_PIECES), max_size=10), start=st.integers(0, 60))
@example(pieces=["it", " ", "went up", " ", "by", " ", "about", " "], start=0)
@example(pieces=["grew", " ", "by", " "], start=0)
@example(pieces=["a", " ", "decline", " ", "of", " ", "~"], start=2)
def test_a_change_is_found_where_the_pattern_without_its_lookahead_finds_one(pieces, start):
    """numbers._CHANGE opens with a lookahead for its words' first letters: the same matches as without it."""
    import re

    from graders import numbers as NB

    text = "".join(pieces)
    plain = re.compile(NB._CHANGE.pattern.removeprefix("(?=[cdfgilrw])"))
    assert plain.pattern != NB._CHANGE.pattern
    end = len(text)
    for lo in {0, min(start, end)}:
        found, expected = NB._CHANGE.search(text, lo, end), plain.search(text, lo, end)
        assert (found and (found.span(), found.groups())) == (expected and (expected.span(), expected.groups()))


@settings(max_examples=1000, deadline=None)
@given(token=st.from_regex(r"\d{1,6}", fullmatch=True) | st.sampled_from([*N._ORDINALS, "2nd", "x3", "٣"]))
def test_an_ordinal_of_digits_is_read_as_without_its_test(token):
    assert N._ordinal(token) == (N._ORDINALS.get(token, 0) or int(N._NON_DIGIT.sub("", token)))


def _set_long(truth, answer: str, args: dict):
    """matchers.set_match's credit without its exit for the truth's items found in order: (score, passed, found,
    explanation, details)."""
    vocabulary = args.get("vocabulary")
    want = M.truth_items(truth, vocabulary)
    size = N.grid_size(args.get("question")) if vocabulary == "position" else None
    found = list(dict.fromkeys(M._best_items(answer, vocabulary, want, size)))
    found_set, want_set = set(found), set(want)
    hits = [w for w in want if w in found_set]
    missed = [w for w in want if w not in found_set]
    extra = [f for f in found if f not in want_set]
    score = len(hits) / (len(want) + len(extra)) if want or extra else 1.0
    parts = [f"found {len(hits)} of {len(want)}"]
    if missed:
        parts.append("missed " + ", ".join(missed[:4]) + ("…" if len(missed) > 4 else ""))
    if extra:
        parts.append("extra " + ", ".join(extra[:4]) + ("…" if len(extra) > 4 else ""))
    share = len(hits) / len(want) if want else 1.0
    return score, not missed and not extra, found, "; ".join(parts), {"missed": missed, "extra": extra, "share": share}


_SET_ITEMS = {"color": ["red", "blue", "grey", "gray", "light blue", "cyan", "red circle", "blue star"],
              "position": ["(1, 2)", "(2, 1)", "row 1, column 2", "(3, 3)"],
              "number": ["-2", "1", "1.0", "x = 3", "7"], None: ["apple", "pear", "Apple", "fig"]}


@settings(max_examples=1500, deadline=None)
@given(data=st.data(), vocabulary=st.sampled_from(sorted(_SET_ITEMS, key=str)),
       form=st.sampled_from(["{}", "Answer: {}", "The answer is **{}**.", "I think {}.", "{}\nno {}"]))
def test_a_set_found_in_the_truths_order_is_credited_as_the_long_rule_credits(data, vocabulary, form):
    from graders.records import Truth

    pool = _SET_ITEMS[vocabulary]
    truth_pool = [p for p in pool if "=" not in p]  # a truth's items are values
    truth = Truth(kind="set", value=data.draw(st.lists(st.sampled_from(truth_pool), max_size=4)))
    said = ", ".join(data.draw(st.lists(st.sampled_from(pool), max_size=5)) if data.draw(st.booleans())
                     else truth.value)
    answer = form.format(said, said)
    args = {"vocabulary": vocabulary} if vocabulary else {}
    got = M.set_match(truth, answer, args)
    assert (got.score, got.passed, got.extracted, got.explanation, got.details) == _set_long(truth, answer, args)


def test_a_set_found_in_the_truths_order_is_credited_as_the_long_rule_credits_on_the_corpus():
    from graders.grading import _args
    from graders.records import CaseSpec

    golden = Path(__file__).resolve().parents[2] / "golden" / "cases.jsonl"
    cases = [c for c in map(CaseSpec.model_validate_json, golden.read_text().splitlines()) if c.grader.name == "set"]
    assert cases
    for case in cases:
        args = _args(case.prompt, case.grader.args)
        value = case.truth.value
        for answer in (*corpus(), ", ".join(value), f"Answer: {', '.join(value)}", ", ".join(reversed(value))):
            got = M.set_match(case.truth, answer, args)
            assert (got.score, got.passed, got.extracted, got.explanation, got.details) == \
                _set_long(case.truth, answer, args), answer


_DOTTED_WORDS = st.sampled_from(["harbor-meadow.internal", "3.5", "u.s.", "e.g.", "x.", ".5", "1.", "a.b", "red",
                                 "Cherries", "5", "cm", "(1, 3)", "so", "total", "B", "A.", "answer", "i.e", "...",
                                 "v2.0", "it's", "x-y", "Dr.", "no.", "so.", "3.5.6"])
_MARKED_FORMS = st.sampled_from(["Answer: {}", "The answer is {}.", "The answer is **{}**.", "Answer: **{}**",
                                 "The final answer is {}", "Final answer: {}.", "**Answer:** {}", "the answer is: {}",
                                 "answer: {}", "Answer:  {}", "The answer is ({}).", "Answer: {} cm", "Answer: {}..",
                                 "Answer: {}!", "The answer is {} ."])


@settings(max_examples=3000, deadline=None)
@given(form=_MARKED_FORMS, words=st.lists(_DOTTED_WORDS, min_size=1, max_size=5),
       joints=st.lists(st.sampled_from([" ", ", ", "  ", "", ". ", "."]), min_size=5, max_size=5))
@example(form="Answer: {}", words=["harbor-meadow.internal"], joints=[""] * 5)
@example(form="The answer is **{}**.", words=["harbor-meadow.internal"], joints=[""] * 5)
def test_a_marked_value_with_full_stops_is_the_first_of_the_places(form, words, joints):
    """spans.marked_value of a value with full stops inside ('Answer: harbor-meadow.internal', '3.5 cm') is the text
    of the first place spans.places finds there, a marker's."""

    value = "".join(w + j for w, j in zip(words, joints, strict=False)).rstrip(", ") or "red"
    answer = form.format(value)
    assert_marked_value_is_first_place(answer)


def test_a_marked_value_with_full_stops_is_found():
    from graders import spans

    for answer, value in (("Answer: harbor-meadow.internal", "harbor-meadow.internal"), ("Answer: 3.5 cm", "3.5 cm"),
                          ("The answer is **harbor-meadow.internal**.", "harbor-meadow.internal.")):
        assert spans.marked_value(answer) == value
    for answer in ("Answer: red. Then blue", "The answer is e.g. red", "Answer: a..b"):
        assert spans.marked_value(answer) is None


@settings(max_examples=3000, deadline=None)
@given(text=st.lists(st.sampled_from(["r", "c", "R", "1", "23", "1234567", " ", "  ", "\n", "r1c2", "xr1c2", "_r",
                                      "(", ")", ",", "row", "col", "٣", "é", "r٣c1"]), max_size=14).map("".join))
@example(text="r1c2 and r3 c4, xr5c6 2r7c8")
def test_an_rc_position_is_found_where_the_word_boundary_pattern_finds_one(text):
    """normalize's 'r2c3' pattern writes its opening '\\b' as a lookbehind after the 'r': the same matches."""
    import re

    plain = re.compile(r"\br(\d{1,6})\s*c(\d{1,6})\b")
    assert [(m.span(), m.groups()) for m in N._POSITION_PATTERNS[3].finditer(text)] == \
        [(m.span(), m.groups()) for m in plain.finditer(text)]


_ONE_CLAIM_PIECES = ["decrease", "decreased", "drop", "dropped", "loss", "decline", "declined", "fall", "fell", "went",
                     "down", "up", "change", "rose", "increased", "by", "of", "is", "was", "=", ":", "about", "~",
                     "the", "Fell", "fall", "colors", "times", " ", "  ", ",", "\n", "s"]


def _choose_long(text: str, claims, noun) -> float:
    """numbers._choose of one claim as _bound reads it (without the test for a fall's words)."""
    from graders import numbers as NB

    if 0 <= text.rfind("=") < claims[0][0]:
        return claims[0][2]
    bound = NB._bound(text, claims, noun)
    return bound[0][2] if bound else claims[0][2]


@settings(max_examples=3000, deadline=None)
@given(before=st.lists(st.sampled_from(_ONE_CLAIM_PIECES), max_size=8).map("".join),
       number=st.sampled_from(["5", "-5", "+5", "22", "3.5"]),
       after=st.lists(st.sampled_from(_ONE_CLAIM_PIECES), max_size=4).map("".join),
       question=st.sampled_from(["", "How many times does it flash?", "How many colors appear?"]))
@example(before="it fell by ", number="5", after="", question="")
@example(before="the change was a decrease of ", number="22", after=" times", question="How many times does it flash?")
def test_one_claim_is_chosen_as_its_bound_reading_gives_it(before, number, after, question):
    """numbers._choose reads one claim as it is when the text holds no word of a fall (_DOWN_NEEDS): bound or not,
    _bound gives it so."""
    from graders import numbers as NB

    text = N.clean(before + " " + number + after)
    claims = NB._claims(text)
    if len(claims) == 1:
        noun = NB._noun(question, None)
        assert NB._choose(text, claims, noun) == _choose_long(text, claims, noun), text


def test_stated_numbers_are_read_as_without_the_test_for_a_fall_on_the_corpus(monkeypatch):
    """numbers.stated_number on the corpus answers, as read where every text may hold a fall (_bound read always)."""
    from graders import numbers as NB

    questions = ("", "How many times does the ball bounce?", "What is the change from Jan to May?")
    fast = [repr(NB.stated_number(text, q)) for text in corpus() for q in questions]
    monkeypatch.setattr(NB, "_DOWN_NEEDS", ("",))
    assert fast == [repr(NB.stated_number(text, q)) for text in corpus() for q in questions]
