"""grade(case, response) -> Grade: match the answer, then explain any shortfall by its cause."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any, NamedTuple

from pydantic import BaseModel, ValidationError

from graders import causes, languages, secrets, spans
from graders.extract import json_object, split_reasoning
from graders.matchers import truth_items
from graders.measured import MEASURED
from graders.measured import check as check_measurement
from graders.records import GRADE_VERSION, CaseSpec, Grade, Response, Tolerance
from graders.refusal import is_refusal
from graders.registry import Match, get_grader
from graders.rules import RULES, VERSION
from graders.sandbox import NotRun

_SERVER_ENDED = ("abort", "error")
_GRADER_CAUSES = ("tool_in_text", "malformed_arguments", "wrong_tool", "no_tool_call")
_SINGLE_VALUE = frozenset({"numeric", "exact", "choice", "fuzzy", "keywords"})
# one value committed to (a description's concepts are parts, credited as written: 6.6)
_COMMITTED_VALUE = frozenset({"numeric", "exact", "choice", "fuzzy"})
_GRADE_FIELDS = frozenset(Grade.model_fields)
# BaseModel's own slots, set through their descriptors (object.__setattr__ would look each one up on every call)
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__
_new_object = object.__new__
# a Grade's fields in order, those `_new_grade` fills in as None until it does (a dict copied costs less than one built)
_GRADE_TEMPLATE = {"format_version": GRADE_VERSION, "case_id": None, "grader": None, "score": 0.0, "verdict": None,
                   "cause": None, "extracted": None, "explanation": None, "frames_consistent": None,
                   "graders_version": VERSION, "rules_hash": RULES, "undecided": False, "judged_by": None,
                   "judge_reading": None, "judge_error": None, "rules_verdict": None, "rules_cause": None,
                   "rules_score": None}
_GRADE_FIELD_SET = set(_GRADE_FIELDS)


def _new_grade(case_id: str, grader: str, score: float, verdict: str, cause: str | None, extracted: Any, text: str,
               frames: list[int] | None = None, undecided: bool = False) -> Grade:
    """The Grade `_grade` found for a case (its score clamped to the verdict's range, its explanation one line of at
    most 300 characters), built from its fields as `Grade.model_construct` builds it, without that generic Python
    pass over defaults and aliases, which costs more than the rest of an easy grade: every field is a checked value
    (verdict and cause from closed lists; tests/grading/test_grade_properties.py checks it against a validated
    Grade). Built once, whole: `undecided` (POLICY.md 10) is one of its fields, not set afterwards."""
    fields = _GRADE_TEMPLATE.copy()  # the fields every such Grade has alike, then its own
    fields["case_id"] = case_id
    fields["grader"] = grader
    # the score in [0, 1], and inside the verdict's range (POLICY.md 1.1): partial is strictly between 0 and 1
    score = float(score)
    score = score if score < 1.0 else 1.0  # max(0.0, min(1.0, score)) without two calls (NaN is 1.0 there too)
    score = score if score > 0.0 else 0.0
    fields["score"] = score if verdict == "correct" else min(max(score, 0.01), 0.99) if verdict == "partial" else 0.0
    fields["verdict"] = verdict
    fields["cause"] = cause
    fields["extracted"] = extracted
    fields["explanation"] = (" ".join(text.split()) if "\n" in text else text)[:300]
    fields["frames_consistent"] = frames
    if undecided:
        fields["undecided"] = True
    grade = _new_object(Grade)
    _SET_DICT(grade, fields)
    _SET_FIELDS_SET(grade, _GRADE_FIELD_SET.copy())
    _SET_EXTRA(grade, None)
    _SET_PRIVATE(grade, None)
    return grade


class _TextRecord(NamedTuple):
    """A response record of text fields only, with the attributes `_grade` reads of a Response: what validation
    would make of it, without building a model that is only read here (building and reading one costs as much
    as an easy grade; tests/grading/test_grade_properties.py checks the two grade alike)."""

    case_id: str
    content: str | None
    reasoning: str | None
    reasoning_content: str | None
    finish_reason: str | None
    # the rest of a Response, the same for every such record
    tool_calls = usage = http_status = error = sent = None
    status = "ok"


_Record = Response | _TextRecord
_validate_response = Response.__pydantic_validator__.validate_python  # the same for Response.model_validate
# the fields of the common record ({"content": …, "finish_reason": "stop"}): text, none with a validator of its own
_TEXT_FIELDS = frozenset({"case_id", "content", "reasoning", "reasoning_content", "finish_reason"})
_new_record = tuple.__new__  # a _TextRecord without NamedTuple's Python-level __new__


def _text_record(response: dict, case_id: str) -> _TextRecord | None:
    """A record with text fields only (each a str, or None except case_id), as a _TextRecord; None for any other
    record, which is validated."""
    for key, value in response.items():
        if key not in _TEXT_FIELDS or (type(value) is not str and (value is not None or key == "case_id")):
            return None
    get = response.get
    return _new_record(_TextRecord, (get("case_id", case_id), get("content"), get("reasoning"),
                                     get("reasoning_content"), get("finish_reason")))


MAX_ANSWER = 40_000  # characters of an answer graded (head and tail): ~10k tokens, beyond any answer asked for


def _as_case(case: CaseSpec | dict) -> CaseSpec:
    return case if isinstance(case, CaseSpec) else CaseSpec.model_validate(case)


def _as_response(response: Response | dict | str, case_id: str) -> _Record | str:
    """A Response (or the same text record read directly), or a one-line problem when the record cannot be read."""
    if type(response) is dict:  # the common case, looked at first
        record = _text_record(response, case_id)
        if record is not None:
            return record
    elif isinstance(response, Response):
        return response
    elif isinstance(response, str):
        return Response(case_id=case_id, content=response, finish_reason="stop")
    if not isinstance(response, dict):
        return f"unreadable response record of type {type(response).__name__}"
    try:
        return _validate_response({"case_id": case_id, **response})
    except ValidationError as exc:
        first = exc.errors()[0]
        return f"unreadable response record: {'.'.join(map(str, first['loc']))}: {first['msg']}"


def grade(case: CaseSpec | dict, response: Response | dict | str) -> Grade:
    """Grade one response. Pure and total: any input gives a Grade with a score in [0, 1]."""
    try:
        return _grade(case, response)
    except Exception as exc:  # POLICY.md 1.5: a failure is an error grade, never a crashed run
        return _failed(case, exc)


def _failed(case: Any, exc: Exception) -> Grade:
    ident = getattr(case, "id", None) or (case.get("id") if isinstance(case, dict) else None)
    spec = getattr(case, "grader", None) or (case.get("grader") if isinstance(case, dict) else None)
    name = getattr(spec, "name", None) or (spec.get("name") if isinstance(spec, dict) else None)
    problem = " ".join(str(exc).split())[:200]
    where = "unreadable case" if isinstance(exc, ValidationError) else "grader failed"
    return Grade(case_id=str(ident), grader=str(name or "none"), score=0.0, verdict="error", cause=None,
                 explanation=f"{where}: {type(exc).__name__}: {problem}"[:300], graders_version=VERSION,
                 rules_hash=RULES)


def bounded(answer: str) -> str:
    """A huge answer keeps its head and tail (where answers are stated): every scan stays cheap."""
    if len(answer) <= MAX_ANSWER:
        return answer
    half = MAX_ANSWER // 2
    return answer[:half] + "\n…\n" + answer[-half:]


def _grade(case: CaseSpec | dict, response: Response | dict | str) -> Grade:
    case = case if isinstance(case, CaseSpec) else _as_case(case)
    case_id, spec, question = case.id, case.grader, case.prompt
    name, grader_args = spec.name, spec.args
    # the common record (text fields only) is read directly, without a call more to get there; any other as it can be
    record = _text_record(response, case_id) if type(response) is dict else None
    if record is None:
        record = _as_response(response, case_id)
    if isinstance(record, str):
        return _new_grade(case_id, name, 0, "error", "transport", None, record)
    if record.status == "error":
        error = record.error or "request failed"
        # the runner's own message already starts with the status: say it once
        where = f"HTTP {record.http_status}: " if record.http_status else ""
        return _new_grade(case_id, name, 0, "error", "transport", None,
                          f"no answer: {error if where and error.startswith(where) else where + error}")

    split = split_reasoning(record.content, record.reasoning or record.reasoning_content)
    finish = record.finish_reason
    if name == MEASURED:  # POLICY.md 8: a measurement is checked on the whole record
        tokens = record.usage.completion_tokens if record.usage else None
        verdict, cause, extracted, text = check_measurement(grader_args, split.answer, split.reasoning, finish,
                                                            tokens)
        return _new_grade(case_id, name, 1.0 if verdict == "correct" else 0.0, verdict, cause, extracted, text)
    answer = split.answer if len(split.answer) <= MAX_ANSWER else bounded(split.answer)
    said = answer  # as written, before other languages' words are read (2.7)
    tool_calls = record.tool_calls
    if not answer and not tool_calls:
        return _empty(partial(_new_grade, case_id, name), split, finish, record, name == "tool_call")

    # 2.7: a case about the labels the families draw reads them in other languages too ('Trauben', '葡萄': Grapes)
    truth = case.truth
    labelled, english_options = _options_read(str(truth.value), tuple(truth.choices or ())) \
        if name in _LABELLED else _NOT_LABELLED
    if labelled and name == "choice":
        answer = languages.labels(answer)
    if name in _CLOSED_VOCABULARY and (name != "exact" or "vocabulary" in grader_args) and (
            name != "choice" or english_options):
        answer = languages.english(answer, question)  # 2.7: '图中有五个圆。' is read as '… 5 … circle'
    elif name in ("exact", "fuzzy"):
        answer = languages.glossed(answer)  # 2.7: '葡萄（Grapes）' answers the label 'Grapes'
        answer = languages.labels(answer) if labelled else answer
    try:
        calls = ([c.model_dump() for c in tool_calls] if tool_calls else []) if name == "tool_call" else None
        args = _args(question, grader_args, calls, finish)
        match = get_grader(name)(truth, answer, args)
    except KeyError as exc:
        return _new_grade(case_id, name, 0, "error", "transport", None, str(exc).strip("'\""))
    except NotRun as exc:
        return _new_grade(case_id, name, 0, "error", None, None, str(exc))
    wanted = grader_args.get("format") or asked_format(question)
    if wanted == "json" and "json_object" in match.details:  # the json grader already looked for the object
        problem = None if match.details["json_object"] else _NO_JSON
    else:
        problem = format_problem(answer, wanted) if wanted else None
    if not problem and "trace" in grader_args:
        problem = causes.trace_missing(answer, grader_args)
    if problem:
        match.format_ok = False
        match.explanation = f"{problem}; {match.explanation}"
    # a loop runs on to the token limit or is stopped by the server; a short finished answer is not one
    looped = finish == "repetition" or ((finish == "length" or len(answer) >= 200 or not match.passed)
                                         and causes.is_degenerate(answer))
    # a cut answer states only what it states explicitly or leads with; the rest is unfinished (6.4)
    unfinished = finish == "length" and match.details.get("place") in ("sentence", "end")
    if finish == "length" and match.gave_answer and not unfinished and not looped and name in _COMMITTED_VALUE:
        # 6.6: a value the finished part of a cut answer does not state is read from its unfinished last sentence
        # ('… and at the end of the video it is at roughly', '90 × 84 = 7560, and 84 more gives'): not committed
        done = _finished_part(answer)
        if done != answer:
            again = get_grader(name)(truth, done, args) if done else None
            unfinished = again is None or again.extracted is None or (match.passed and not again.passed)
    if match.passed and match.format_ok and not looped and not unfinished:
        return _new_grade(case_id, name, match.score, "correct", None, match.extracted, match.explanation)
    # POLICY.md 10: the rules found no value of the asked kind in a finished answer: a grade of cause 'wrong' is
    # undecided (a judge may settle it)
    gave = match.gave_answer
    undecided = name in JUDGEABLE and finish != "length" and not looped and \
        (match.details.get("unsettled") if name == "choice" else not gave)
    return _half_or_more(_shortfall(case, record, answer, match, looped, gave and not unfinished, unfinished, said,
                                    undecided), match)


# graders whose answer is one value (or one list of items) a reader can name: an undecided grade of theirs can be
# settled by a judge's reading of the answer (POLICY.md 10)
JUDGEABLE = frozenset({"numeric", "exact", "fuzzy", "choice", "set", "sequence"})


# graders of closed vocabularies (numbers, colors, shapes, directions, yes/no, options in English): an answer in
# another language is read in English words first (POLICY.md 2.7); free text and code are read as written
_CLOSED_VOCABULARY = frozenset({"numeric", "choice", "set", "sequence", "exact", "keywords", "json", "logic"})


_LABELLED = frozenset({"exact", "fuzzy", "choice"})


_NOT_LABELLED = (False, True)  # _options_read of a case of no labels and no options


@lru_cache(maxsize=256)  # per case: asked again for every answer to it
def _options_read(value: str, choices: tuple[str, ...]) -> tuple[bool, bool]:
    """How a case's answers are read in other languages (2.7): does it ask about the labels the families draw (its
    truth, or one of its options, is one: 'Grapes')? And are its options written in English (ASCII), so that an
    answer in another language is read in English words against them (options in another language, '红色', are
    compared as written)?"""
    labelled = languages.is_label(value) if not choices else any(languages.is_label(c.strip()) for c in choices)
    return labelled, all(c.isascii() for c in choices)


_SENTENCE_DONE = re.compile(r"[.!?。！？](?=[\s*_)\]\"'”]*(?:\s|$))|\n")


def _finished_part(answer: str) -> str:
    """A cut answer up to the end of its last finished sentence (or line); '' when none finished."""
    text = answer.rstrip()
    ends = [m.end() for m in _SENTENCE_DONE.finditer(text)]
    if not ends:
        return ""
    return text if ends[-1] >= len(text) or not text[ends[-1]:].strip(" *_)]\"'”") else text[:ends[-1]]


_ABOUT_HALF = 0.4  # a cut answer: 3 of 7 trace steps is about half, 1 of 3 keys is not
_HALF_RULE = frozenset({"wrong", "frame_sampling", "degenerate_repetition"})


def _half_or_more(g: Grade, match: Match) -> Grade:
    """POLICY.md 1.2: a finished answer is partial when about half or more of the parts asked (list items,
    grid cells, keys, concepts) are right; less is incorrect. Transcriptions have their own measure (ANLS
    or a whole line), a cut answer is credited for what it has written so far (6.6)."""
    if g.verdict != "partial" or g.cause not in _HALF_RULE or g.grader == "transcription":
        return g
    share = match.details.get("share", g.score if g.cause == "degenerate_repetition" else match.score)
    if float(share) >= 0.5:  # the parts right, not the score's penalties
        return g
    return g.model_copy(update={"verdict": "incorrect", "score": 0.0,
                                "explanation": f"under half right: {g.explanation}"[:300]})


def _args(question: str, grader_args: dict, tool_calls: list | None = None, finish_reason: str | None = None) -> dict:
    """A grader's arguments: the case's, plus the question asked (some answers only make sense against it),
    and for the tool_call grader the calls made and the finish_reason."""
    args = {"question": question, **grader_args}
    if tool_calls is not None:
        args |= {"tool_calls": tool_calls, "finish_reason": finish_reason}
    return args


_ASKS_COMMAS = re.compile(r"comma-separated list", re.IGNORECASE)


@lru_cache(maxsize=4096)  # one per case prompt, asked again for every answer to it
def asked_format(prompt: str) -> str | None:
    """The format a prompt asks for when its case does not name one: 'a comma-separated list' of items.
    Values merely 'separated by commas' (roots, cells) are loose: 'x = -2 or x = 1' is no format error."""
    return "comma_list" if _ASKS_COMMAS.search(prompt or "") else None


_NO_JSON = "asked for JSON, got none"
_WORD = re.compile(r"[\w-]+")
_WRAPPED = re.compile(r"\\(?:boxed|text|textbf|mathrm)\s*\{([^{}]*)\}")


def format_problem(answer: str, wanted: str | None) -> str | None:
    """How the answer breaks a requested format ('one_word', 'comma_list', 'json'), or None."""
    if not wanted:
        return None
    text = answer.strip().strip("*`_").strip()
    if wanted == "one_word":
        # a wrapper around the one word is no word of its own: '\\boxed{Brown}', 'Answer: brown', '答え：茶色' (2.1)
        text = _WRAPPED.sub(r"\1", spans.ANSWER_MARKER.sub("", text, count=1)).strip().strip("*`_$").strip()
        words = _WORD.findall(text)
        return None if len(words) == 1 else f"asked for one word, got {len(words)}"
    if wanted == "comma_list":
        # the list on one line with commas somewhere (after a lead-in, a derivation, or as a final line); a
        # numbered, bulleted, arrowed or space-separated list has none
        lines = [line for line in text.splitlines() if line.strip() and not line.rstrip().endswith(":")]
        return None if any("," in line for line in lines) else "asked for one comma-separated line"
    if wanted == "json":
        return None if json_object(answer) is not None else _NO_JSON
    return None


def _empty(out, split, finish, record: _Record, tool_case: bool = False) -> Grade:
    max_tokens = record.sent.max_tokens if record.sent else None
    budget = f" (max_tokens {max_tokens})" if max_tokens else ""
    if finish == "length" and split.reasoning:
        if causes.is_degenerate(split.reasoning[-4000:]):  # the loop, not the thinking, ate the budget
            return out(0, "no_answer", "degenerate_repetition", None,
                       f"the reasoning looped until the token limit{budget}; no answer was written")
        return out(0, "no_answer", "reasoning_exhausted", None,
                   f"reasoning used the whole token budget{budget}; no answer was written")
    if finish == "length":
        return out(0, "no_answer", "truncation", None, f"cut at the token limit{budget} before any answer")
    if finish == "repetition":
        return out(0, "no_answer", "degenerate_repetition", None, "the server stopped a repetition loop")
    if finish == "content_filter":
        return out(0, "no_answer", "refusal", None, "the answer was withheld by a content filter")
    if finish in _SERVER_ENDED:
        return out(0, "error", "transport", None, f"the server ended the request (finish_reason {finish})")
    if split.unclosed_think:
        return out(0, "no_answer", "format", None, "reasoning never closed with </think>; no answer followed it")
    if tool_case:
        return out(0, "no_answer", "no_tool_call", None, "no tool call and no text")
    return out(0, "no_answer", "wrong", None, "empty answer")


def _by_score(score: float, answered: bool = True) -> str:
    """POLICY.md 1.1: the verdict follows the score."""
    return "partial" if score > 0 else "incorrect" if answered else "no_answer"


def _budget(record: _Record) -> str:
    """The token limit a cut answer reached, as its explanation names it."""
    max_tokens = record.sent.max_tokens if record.sent else None
    return f" max_tokens {max_tokens}" if max_tokens else " the token limit"


def _shortfall(case: CaseSpec, record: _Record, answer: str, match: Match, looped: bool, answered: bool,
               unfinished: bool, said: str, undecided: bool) -> Grade:
    """The first cause that explains the shortfall (POLICY.md section 6), with a verdict from the score: `answered`, an
    answer of the asked kind was given and finished; a grade of cause 'wrong' is `undecided` as _grade found it
    (POLICY.md 10)."""
    truth, args, finish, name = case.truth, case.grader.args, record.finish_reason, case.grader.name
    # out(score, verdict, cause, extracted, text, frames=None): this case's Grade, built directly (see _new_grade)
    out = partial(_new_grade, case.id, name)

    if looped and match.passed and match.format_ok and name in _SINGLE_VALUE:
        # 6.3: a loop of the committed answer ('6 6 6 …', 'Cherries Cherries …') still answers it
        return out(match.score, "correct", None, match.extracted,
                   f"{match.explanation} (the answer repeated in a loop)")
    if looped and not match.passed and "trace" in args:
        credit = causes.trace_before_loop(args["trace"], answer)
        if credit > 0:
            return out(credit, "partial", "degenerate_repetition", None,
                       f"repetition loop in a trace, right for {credit:.0%} of it before the loop")
    if looped:  # 6.3: a right list in a loop earns half; a loop with no answer is no answer
        score = match.score * (0.5 if match.passed or not match.format_ok else 1.0)
        what = ("holds the right answer" if match.passed else match.explanation if answered else "no answer in it")
        return out(score, _by_score(score, answered), "degenerate_repetition", match.extracted,
                   f"repetition loop in the answer; {what}")

    # redaction is None for a truth with no secret (nearly every case): its threshold is not read then
    withheld = secrets.redaction(truth, answer, float(args.get("threshold", 0.9))) if truth.secrets else None
    if withheld == "secret-only":
        return out(0, "no_answer", "safety_redaction", None,
                   "the secret (sk-… key) was masked or withheld; nothing else was asked")
    if withheld == "rest-right":
        return out(max(match.score, 0.01), "partial", "safety_redaction", match.extracted,
                   "the secret (sk-… key) was masked or withheld; the rest was read correctly "
                   f"({match.explanation})")

    if match.score == 0 and (not answered or _sentence_for_a_value(case, match)) and (
            is_refusal(answer) or (said != answer and is_refusal(said))):  # declining in its own words ('no puedo')
        return out(0, "no_answer", "refusal", None, "the model declined to answer")

    if finish == "length" and match.details.get("unparsed"):  # 6.6: code cut before it is whole runs nothing
        return out(0, "no_answer", "truncation", None,
                   f"cut at{_budget(record)} inside the code: the program is unfinished")
    if finish == "length":
        budget = _budget(record)
        agrees, credit = causes.progress_so_far(truth, name, args, answer, match.extracted)
        if agrees and credit >= _ABOUT_HALF:  # 1.2: a cut answer shows about half of what was asked
            return out(credit, "partial", "truncation", None if unfinished else match.extracted,
                       f"cut at{budget}; what was written agrees with the truth so far ({credit:.0%} of it)")
        if agrees and credit > 0:
            return out(0, "no_answer", "truncation", None,
                       f"cut at{budget} after less than half of the answer ({credit:.0%} of it)")
        if agrees and not answered:
            return out(0, "no_answer", "truncation", None, f"cut at{budget} before any answer appeared")

    named = match.details.get("cause")
    if named in _GRADER_CAUSES:  # 6.11: the tool_call grader names how a call went wrong
        return out(match.score, _by_score(match.score), named, match.extracted, match.explanation)

    if answered and case.sampling is not None:
        sampled = _frame_sampling(case, record, answer, match)
        if sampled:
            return sampled

    if not match.format_ok:  # 6.7: right information in the wrong form earns half
        score = match.score * 0.5
        if match.passed or match.score >= 1.0:
            return out(score, "partial", "format", match.extracted, f"right information, wrong format: "
                       f"{match.explanation}")
        return out(score, _by_score(score), "wrong", match.extracted, match.explanation, undecided=undecided)

    if unfinished:
        return out(0, "incorrect", "wrong", None, f"cut at{_budget(record)}; what was written contradicts the truth",
                   undecided=undecided)
    return out(match.score, _by_score(match.score), "wrong", match.extracted,
               match.explanation + _frames_note(case, record), undecided=undecided)


def _sentence_for_a_value(case: CaseSpec, match: Match) -> bool:
    """A free-text value read as a whole sentence ('The text is too small to read.' for a hostname: four words or
    more, or long) is no value of the asked kind: a refusal there is a refusal (6.5)."""
    said = match.extracted
    return (case.grader.name in ("exact", "fuzzy") and isinstance(said, str)
            and (len(said) > max(30, 2 * len(str(case.truth.value))) or len(said.split()) >= 4))


def _frames_note(case: CaseSpec, record: _Record) -> str:
    """For a video answer: how many frames the model was shown, when known."""
    shown = record.sent.frames_shown if record.sent else None
    if shown is None or case.sampling is None:
        return ""
    enough = " (enough to see the truth)" if shown >= case.sampling.min_frames else ""
    return f"; the model was shown {shown} of {case.sampling.frames} frames{enough}"


def _frame_sampling(case: CaseSpec, record: _Record, answer: str, match: Match) -> Grade | None:
    """The answer is what the clip looks like with fewer frames, and not the full truth."""
    sampling = case.sampling
    if sampling is None or not sampling.apparent:
        return None
    name, found = case.grader.name, match.extracted
    if name == "numeric" and isinstance(found, float):  # a number or a letter extracted is compared directly
        runs = _close_runs(found, sampling.apparent, case.truth.tolerance)
    elif name == "choice" and isinstance(found, str):
        runs = [(a.frames_low, a.frames_high) for a in sampling.apparent if found == a.value]
    else:
        runs = _passing_runs(sampling.apparent, lambda value: _would_pass(case, answer, match, value))
    if not runs:
        return None
    shown = record.sent.frames_shown if record.sent else None
    if shown is not None:
        # frames_shown is what the model saw (sent as images, or inferred from usage), except for frames sent
        # as a jpeg-sequence video, which a server may sample further: then it is an upper bound
        exact = record.sent.video_mode != "jpeg-sequence"
        runs = [r for r in runs if (r[0] <= shown <= r[1] if exact else r[0] <= shown)]
        if not runs:
            return None  # the frames shown cannot give this answer: not a sampling effect
    low, high = runs[0]
    for first, last in runs:  # the runs' span (min and max over generators cost more than the rest of this rule)
        low = first if first < low else low
        high = last if last > high else high
    seen = f"{low}" if low == high else f"{low}-{high}"
    text = (f"matches what {seen} of {sampling.frames} frames show, not the full clip "
            f"(needs >= {sampling.min_frames} frames)")
    if shown is not None:
        text += f"; the model saw {shown} frames"
    return _new_grade(case.id, name, match.score, _by_score(match.score), "frame_sampling", match.extracted, text,
                      [low, high])


def _close_runs(found: float, apparent: list, tolerance: Tolerance | None) -> list[tuple[int, int]]:
    """The frame runs whose apparent number `found` is close enough to: matchers.close_enough(found, float(value),
    truth) for each, written out for a loop over a clip's runs (a call per run cost more than the rest of a wrong
    video answer's shortfall; tests/grading/test_shortfall_fast_paths.py checks the two alike)."""
    if tolerance is None:  # close_enough's slack is 0
        return [(a.frames_low, a.frames_high) for a in apparent if abs(found - float(a.value)) <= 1e-9]
    least, share = tolerance.abs, tolerance.rel
    runs = []
    for seen in apparent:
        target = float(seen.value)
        slack = share * abs(target)
        if abs(found - target) <= (slack if slack > least else least) + 1e-9:  # max(least, slack), as max picks
            runs.append((seen.frames_low, seen.frames_high))
    return runs


def _passing_runs(apparent: list, would_pass: Callable[[Any], bool]) -> list[tuple[int, int]]:
    """The frame runs whose apparent value the answer would pass as (`would_pass` asked once per distinct value)."""
    runs, verdicts = [], {}
    for seen in apparent:
        value = seen.value
        key = repr(value)  # the same apparent answer recurs for many frame counts
        passes = verdicts.get(key)
        if passes is None:
            passes = verdicts[key] = would_pass(value)
        if passes:
            runs.append((seen.frames_low, seen.frames_high))
    return runs


def _would_pass(case: CaseSpec, answer: str, match: Match, value) -> bool:
    """_passes_as for graders that read the answer again (or whose extracted answer is not of the usual kind)."""
    name, found = case.grader.name, match.extracted
    args = _args(case.prompt, case.grader.args)
    if name in ("sequence", "set") and isinstance(found, list) and isinstance(value, list):
        want = truth_items(case.truth.model_copy(update={"value": value}), args.get("vocabulary"))
        if name == "set":
            return set(found) == set(want)
        return found[: len(want)] == want if len(found) > len(want) else found == want
    seen_truth = case.truth.model_copy(update={"value": value, "aliases": []})
    return get_grader(name)(seen_truth, answer, args).passed


def grade_many(cases: dict[str, CaseSpec], responses: list[Any]) -> list[Grade]:
    """Grade responses against cases by case_id; an unknown id is an error grade, not an exception."""
    grades = []
    for response in responses:
        case_id = response.get("case_id") if isinstance(response, dict) else getattr(response, "case_id", None)
        if case_id not in cases:
            grades.append(Grade(case_id=str(case_id), grader="none", score=0.0, verdict="error", cause="transport",
                                explanation=f"no case {case_id!r} in the golden set", graders_version=VERSION,
                                rules_hash=RULES))
            continue
        grades.append(grade(cases[case_id], response))
    return grades
