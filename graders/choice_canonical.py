"""Stage 2 of the choice grader: the answer canonicalized before any place is read (POLICY.md 2.1, 2.6 wrappers,
4.1 letters in LaTeX, 4.6 the prompt's own labels, 4.4 options echoed as an unticked form)."""

from __future__ import annotations

import itertools
import re

from graders import spans
from graders.choice_options import LETTERS, blanked, hazardous

# a question the model made up after answering: 'Question: …', 'Hint: …', or a numbered one ('2) How many …?')
_RUN_ON = re.compile(r"\n[ \t]*(?:Hint|Questions?)[ \t]*:|\n[ \t]*\d{1,2}[.)][ \t]+[^\n?]{5,300}\?[ \t]*(?=\n)")
_LATEX_LETTER = re.compile(r"(?:(?:\\\(|\$)\s*)?\\(?:text|textbf|textit|mathrm|mathbf|mathit)\s*\{\s*(\(?[A-L]\)?)\s*\}"
                           r"(?:\s*(?:\\\)|\$))?|(?:\\\(|\$)\s*(\(?[A-L]\)?)\s*(?:\\\)|\$)")
_SPECIAL_TOKENS = re.compile(r"</?s>|<\|[a-z_]{2,20}\|>")
_IMAGE_OPTION = re.compile(r"\boption [a-l]\b(?= in the (?:image|picture|figure))")


_UNTICKED = re.compile(r"^[ \t]*[☐□][ \t]*\(?[A-L]\)?[^\n]*(?:\n|$)", re.MULTILINE)
# '(D) ', '(c) ', 'D. ', 'D) ', '(A), '
_WRITTEN = re.compile(r"(?<![A-Za-z0-9])(?:[(\[]([A-La-l])[)\]],?|([A-L])[.:)])[ \t]+")


def _own_words_blanked(answer: str, choices: tuple[str, ...]) -> str:
    """The answer with an option's own words blanked where they follow its own letter: '(D) option B in the image
    is the answer.' and '(C) Option B.' (a start of C's text 'Option B in the image') are the letter D and C; the
    letter inside the option's text, or its 'incorrect', is no claim of the answer's (4.1)."""
    hazards = hazardous(choices)
    if not hazards or not ("(" in answer or "." in answer or ")" in answer or ":" in answer):
        return answer
    blanks = []
    low = answer.lower()
    for m in _WRITTEN.finditer(answer):
        letter = (m.group(1) or m.group(2)).upper()
        own = next((text for i, text in hazards if LETTERS[i] == letter), None)
        if own is None:
            continue
        rest = " ".join(low[m.end():m.end() + len(own) + 40].split())
        if rest.startswith(own):
            said = own
        else:  # a start of the option's text, of two words or more, up to the sentence's or line's end
            cut = re.match(r"[^.\n!?<]*", rest).group().strip()
            said = cut if len(cut.split()) >= 2 and own.startswith(cut) else None
            if said is None:  # or its first three words or more, the rest said otherwise ('(D) option C in the
                # image should be selected.' for D 'option C in the image is the appropriate response.')
                pairs = zip(cut.split(), own.split(), strict=False)
                shared = list(itertools.takewhile(lambda pair: pair[0] == pair[1], pairs))
                said = " ".join(w for w, _ in shared) if len(shared) >= 3 else None
            if said is None and len(cut.split()) >= 2 and f" {cut} " in f" {own} ":
                said = cut  # or two words or more from inside it ('(A), option D' for A 'the answer is option D …')
            named = _IMAGE_OPTION.search(own) if said is None else None
            if named and re.search(rf"\b{named.group()}\b", cut):
                said = cut[:cut.index(named.group()) + len(named.group())]  # '(D) The correct answer is option A.'
                # for D 'the solution is option A in the image': the same image option, in other words
        if said:
            end = m.end()
            for word in said.split():  # the same words in the answer, whatever spaces stand between them
                end = low.index(word, end) + len(word)
            line_start = answer.rfind("\n", 0, m.start()) + 1
            line_end = answer.find("\n", end)
            alone = not answer[line_start:m.start()].strip() and \
                not answer[end:line_end if line_end >= 0 else len(answer)].strip(" \t.;,")
            blanks.append((m.end(), end, alone))
    # options written alone on their lines, two or more, are the list of options echoed: left as they are (4.4)
    listed = sum(alone for _, _, alone in blanks) >= 2
    kept = [(a, b) for a, b, alone in blanks if not (alone and listed)]
    return blanked(answer, kept) if kept else answer


# --- the stage -----------------------------------------------------------------------------------------


def canonical_answer(answer: str, choices: tuple[str, ...], label: re.Pattern | None) -> str:
    """Stage 2, the answer canonicalized (POLICY 2.1, 2.6, 4.1, 4.6): special tokens and wrappers off, a letter in
    LaTeX as the letter, a prompt echoed up to its 'Answer:' cut, the prompt's own option labels ('Caption B') as
    letters, an option's own words after its letter blanked, a question made up after answering cut off, unticked
    boxes dropped. (The option labels and ordinals, and other languages, were read before: labelstyle.canonical.)"""
    answer = _SPECIAL_TOKENS.sub("", answer) if "<" in answer else answer  # '<s> A': LLaVA's start token
    answer = spans.unwrapped(answer, markers=False)  # '**B**', '\\boxed{左}': the value alone (2.1)
    if "\\" in answer or "$" in answer:  # 'Answer: \( \text{A} \)': a letter in LaTeX is the letter (4.1)
        answer = _LATEX_LETTER.sub(lambda m: m.group(1) or m.group(2), answer)
    echoed = max(answer.find("[Choices]"), answer.find("Choices:"))
    if echoed >= 0 and "Answer:" in answer[echoed:] and not spans.states_answer(answer[:echoed]):
        # '[Context] [Question] … [Choices] (A) … (D) … Answer: (C), (D), (A)': the prompt echoed up to its
        # 'Answer:'; what follows is the answer, still given after its marker (and a question the model goes on to
        # make up after it is cut off below)
        answer = answer[answer.index("Answer:", echoed):]
    if label:  # 'Caption B' where the prompt listed 'Caption A: …', 'Caption B: …': the letter, written as one
        answer = label.sub(lambda m: f"option {m.group(1).upper()}", answer)
    answer = _own_words_blanked(answer, choices)
    run_on = None
    if "\nHint" in answer or "\nQuestion" in answer or ("?" in answer and "\n" in answer):
        run_on = next((m for m in itertools.islice(_RUN_ON.finditer(answer), 4)
                       if spans.states_answer(answer[:m.start()])), None)
    if run_on:
        # 'The answer is (C) 4cm.\n\nHint: … Question: …': a question the model went on to make up after answering
        answer = answer[:run_on.start()]
    if "☐" in answer or "□" in answer:  # '☐ A' / '☐ B': the options as an unticked form, none of them chosen
        answer = _UNTICKED.sub("", answer)
    return answer
