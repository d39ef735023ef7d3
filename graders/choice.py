"""The choice grader: a letter in any case, an option's text or paraphrase, or yes/no (POLICY.md 4).

A pipeline of named stages, each a module with its POLICY sections; a new rule goes in the stage it belongs to:

0. a lone option letter ('B', 'Answer: (B)', 'The answer is **B**.') where the case leaves it no other reading:
   decided at once, as stages 1-5 would decide it (choice_whole.lone_letter; 4.1, 2.1;
   tests/grading/test_lone_letter.py checks that they agree); a short sentence of filler words and numbers no
   option is ('I think it is 4.'): UNREAD, as stages 1-5 would leave it (choice_whole.reads_nothing;
   tests/grading/test_choice_reads_nothing.py checks that they agree)
1. read the case: the options, their labels and the question, once per case (choice_options.read_case; 4.6
   labels via graders/labelstyle.py, 4.2 option texts via graders/options.py, 3.2 the question's scenery)
2. canonicalize the answer: wrappers, special tokens, LaTeX letters, the prompt's own labels, echoed prompts
   and made-up follow-up questions cut (choice_canonical.canonical_answer; 2.1, 2.6, 4.1, 4.6; other languages
   and ordinals are read in stage 1's labelstyle.canonical and graders/languages.py, 2.7)
3. find the committed place: the whole answer as one value first (choice_whole.whole_answer; 2.1, 4.1, 4.2),
   else a letter stated to be the answer, the line a sentence leads in to, then the places in order: boxed,
   marker, conclusion, lead, sentences (choice_places; 2.1-2.3), leaving out places that describe rather than
   commit: reviews, headings, cases, hypotheticals (4.5)
4. read the claims in a place: letters (choice_letters; 4.1), option texts, values, yes/no and relations
   (choice_claims.claims_of, choice_relations; 3, 4.2, 4.3), negated and aside stretches blanked (3.1, 3.2)
5. settle: ONE option, SEVERAL (a hedge), NONE, UNDECIDED, or UNREAD (choice_settle.settle; 3.5, 4.4, 4.5)
6. cause: the outcome scored against the truth, with its explanation (choice_cause.to_match; 4, 6)

Only stage 6 looks at the truth.
"""

from __future__ import annotations

from typing import Any

from graders import labelstyle
from graders.choice_canonical import canonical_answer
from graders.choice_cause import UNREAD, Outcome, to_match
from graders.choice_options import option_label, read_case
from graders.choice_settle import settle
from graders.choice_whole import lone_letter, reads_nothing, whole_answer
from graders.records import Truth
from graders.registry import Match, grader


@grader("choice")
def choice(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """A letter like '(B)' or 'c', the text of exactly one option or its paraphrase, or yes/no (POLICY 4): the
    stages in order, each named for its POLICY section."""
    choices = tuple(truth.choices or ())
    if not choices:  # a case to choose from nothing: said so, not a pattern of no letters failing (POLICY 1.5)
        raise ValueError("a choice case needs its options (truth.choices is empty)")
    alone = lone_letter(answer, choices, args.get("question"))  # stage 0: 'B', 'Answer: B' (4.1)
    if alone is not None:
        return to_match(alone, choices, str(truth.value))
    if reads_nothing(answer, choices, args.get("question")):  # stage 0: 'I think it is 4.' reads as nothing
        return to_match(Outcome(UNREAD), choices, str(truth.value))
    return stages(truth, answer, args, choices)


def stages(truth: Truth, answer: str, args: dict[str, Any], choices: tuple[str, ...]) -> Match:
    """Stages 1-6, every answer's reading (stage 0 decides a lone letter before them)."""
    # stage 1: the options and their labels; 4.6: options labelled '(a)', '1.', 'i.', 'Option A:' … and answers
    # naming them so, or by their place ('the second one'), read as the canonical letters
    question, label = option_label(args.get("question"))
    question, answer = labelstyle.canonical(question, choices, answer)
    case = read_case(choices, question)
    answer = canonical_answer(answer, choices, label)  # stage 2
    outcome = whole_answer(answer, case) or settle(answer, case)  # stages 3-5
    return to_match(outcome, choices, str(truth.value))  # stage 6
