"""Mark rows of real_mc.jsonl.gz whose publisher parse is demonstrably wrong by graders/POLICY.md.

A marked row keeps its published `reference` untouched and gets `reference_defect`: the rule or the
hand check that shows the parse wrong, in one line. The agreement benchmark reports these rows apart.

Rules (applied mechanically to every row, looked-at and held-back alike):
- listed: the answer is only lettered options -- two or more lines each starting with "(X)", "X." or
  "X)", or one "(X) ..." whose letter the question does not have and whose text is no option's. It
  chooses none (POLICY 4.4), but the publisher's parser picked a letter.
- pronoun: MMMU-Pro's loose " X " rule read the pronoun "I" ("I'm unable to view images") as option I.
- own-text: the answer is "X. <option X's own text>" and the publisher took another letter from inside
  that text ("E. CD" parsed as D).
Hand-checked rows (HAND) come from the looked-at part only (see benchmarks/grading_agreement.py).
Row ids are unique across the draws, so one HAND table serves every draw's file.

    python3 reference_defects.py        # rewrites real_mc.jsonl.gz; idempotent
    python3 reference_defects.py --file real_mc_2.jsonl.gz   # the same for the second draw (real_mc_3, _4: later)
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE = HERE / "real_mc.jsonl.gz"
_LINE = re.compile(r"[ \t]*(?:\(\w{1,2}\)|[A-Za-z][.)])[ \t]")
_CUT_LINE = re.compile(r"[ \t]*\(?[\w.,%°-]{0,10}\)?[ \t]*\S{0,12}")  # a line cut by the token limit: '(AG', '.5'
_MARKED = re.compile(r"\(([A-Z]{1,2})\)\s*([^()\n]*?)\s*(?=\(|$)")
_OWN = re.compile(r"\s*([A-J])\.\s+(.+?)\s*")

HAND = {
    "MathVista (testmini)/IDEFICS-9B-Instruct/768":
        "the answer states '(B) July and August'; the publisher's GPT-4 extraction gave A",
    "MathVista (testmini)/LLaMA-Adapter-V2/147":
        "'Sample A has the higher temperature' names option C ('sample A'); the extraction gave A ('neither')",
    "MathVista (testmini)/LLaVA-LLaMA-2-13B/229":
        "'the highest lysine level given is 0.33%' is option A (0.33%); the extraction gave E (0.30%)",
    "MathVista (testmini)/Multimodal Bard/134":
        "a refusal ('Sorry, I can't help with images of people yet.') chooses none; the extraction gave C",
    "MATH-Vision (test)/InternLM-XComposer2-VL (CoT)/1507":
        "'The answer is \\textbf{E}.' states E; the publisher's cut 'bfe' is no letter, so its parse is none",
    "MATH-Vision (test)/Qwen-VL-Max/2600":
        "'Image B' names option B of options A-E; the publisher's cut 'imageb' is no letter, so its parse is none",
    "MATH-Vision (test)/Qwen-VL-Plus/369":
        "'Arc B' names option B of options A-E; the publisher's cut 'arcb' is no letter, so its parse is none",
    "LogicVista/LLaVA-1.5-7B/v1_384":
        "'A cube can be made from the 2D net…' chooses nothing: 'A' is the article; the extraction gave A",
    "LogicVista/MiniGPT-4 (Vicuna-7B)/v1_323":
        "a refusal ('I'm sorry, but I cannot see the image you provided') chooses none; the extraction gave C",
    "LogicVista/BLIP-2/v1_317":
        "the answer loops on the question's option list ('(A) True (B) False (C) …? Answer: (A) True …'); "
        "it chooses none; the extraction gave A",
    "LogicVista/BLIP-2/v1_329":
        "the answer loops on the question's option list ('(A) True (B) False (C) …? Answer: (A) True …'); "
        "it chooses none; the extraction gave A",
    # graders-mc (#12), from the looked-at disagreements left after the choice fixes
    "MathVista (testmini)/InstructBLIP-Vicuna-13B/257":
        "'1' is no option's value (6, 36, 64, 8) and no letter; the extraction read it as A",
    **{f"MathVista (testmini)/InstructBLIP-Vicuna-13B/{qid}":
       f"the answer only lists lettered options ('(E) …', '(F) …') and is cut mid-line: it chooses none "
       f"(POLICY 4.4); the extraction gave {ref}" for qid, ref in (("355", "C"), ("669", "C"), ("986", "D"),
                                                                  ("998", "B"))},
    "MathVista (testmini)/LLaVAR/507":
        "chooses no option: it says more hawks mean fewer prey (mice, sparrows), the opposite of A "
        "'mice would increase'; the extraction gave A",
    "MathVista (testmini)/LLaVAR/563":
        "'the number on the monitor that is higher is 95' names no position (top, bottom, left, right); "
        "the extraction gave D",
    "MathVista (testmini)/LLaVAR/599":
        "'could be either 5 or 8' is a hedge (POLICY 3.5); the extraction gave C (5)",
    "MathVista (testmini)/LLaVAR/640":
        "chooses no option: it ends on sides 2, 3, 5 and an angle of 180 degrees, none of the π multiples; "
        "the extraction gave A",
    "MathVista (testmini)/LLaVAR/647":
        "'Find the top view. A B C D E' echoes the question and its options and chooses none; the extraction gave A",
    "MathVista (testmini)/mPLUG-Owl-7B/192":
        "states ∠EOD = 160°, no option (10°, 20°, 40°, 80°); the extraction gave C",
    "MathVista (testmini)/mPLUG-Owl-7B/291":
        "'May 2021' is option D (May '21); the extraction gave A (Jul '21)",
    "MathVista (testmini)/mPLUG-Owl-7B/450":
        "opens 'A is the correct option.' (POLICY 4.1; what follows names grasshoppers, D, as explanation); "
        "the extraction gave D",
    "MathVista (testmini)/mPLUG-Owl-7B/478":
        "ends 'the edge length … is 120.75 units', no option (10, 8, 6, 5); the extraction gave D",
    "MathVista (testmini)/mPLUG-Owl-7B/587":
        "'20' is the text of options A and D (both '20海里'), not of B ('20√{2}海里'); the extraction gave B",
    "MathVista (testmini)/mPLUG-Owl-7B/898":
        "'The correct option letter is C. ∠OAB measures 65°.' states C (65°) twice; the extraction gave D",
    "BLINK (val)/GPT-4o/val_Jigsaw_88":
        "ends 'So, the answer is: **(A) the second image**' (POLICY 2.1); the extraction took an earlier slip, "
        "'the second image (B)'",
    "BLINK (val)/LLaVA-InternLM2-7B (xtuner)/val_Functional_Correspondence_107":
        "names no point, only a part ('the handle of a knife'); the extraction gave B",
    "BLINK (val)/LLaVA-InternLM2-7B (xtuner)/val_Functional_Correspondence_43":
        "names no point, only a part ('the handle of the spoon'); the extraction gave B",
    "BLINK (val)/LLaVA-v1.5-7B/val_IQ_Test_64":
        "names the options only as '(A) to (D)' and explains how to solve; it chooses none; the extraction gave A",
    "BLINK (val)/MiniGPT-4-v2/val_IQ_Test_138":
        "reviews each picture and is cut inside (D) before concluding (POLICY 4.5); it says (C) 'follows the same "
        "pattern', never D; the extraction gave D",
    "BLINK (val)/MiniGPT-4-v2/val_Visual_Correspondence_11":
        "is cut at 'So, the answer is' before choosing; its list maps options to other points ('(A) Point B', "
        "'(B) Point D'); the extraction gave B",
    "BLINK (val)/Qwen-VL-Max/val_Forensic_Detection_3":
        "describes each image in turn, calls both the first and the second plausibly genuine, and is cut inside "
        "the fourth before choosing (POLICY 4.5); the extraction gave A",
    "MMMU (validation)/Qwen-VL/validation_Diagnostics_and_Laboratory_Medicine_6":
        "declines ('I do not have access to the specific radiograph') and chooses none; it calls A's "
        "megaesophagus 'not possible to diagnose'; the extraction gave A",
    "MATH-Vision (test)/InternLM-XComposer2-VL (CoT)/694":
        "states '\\boxed{\\text{C}}' and 'The answer is: \\text{C}'; the publisher's cut is no letter, so its "
        "parse is none",
    "LogicVista/MiniGPT-4 (Vicuna-13B)/v1_422":
        "'The answer is 9cm' names none of the figures A-E; the extraction gave D",
    "LogicVista/BLIP-2/v1_440":
        "'(E) C' writes the letter E, which outranks an option's text (POLICY 4.1); the extraction took C",
    # second draw (real_mc_2), looked-at rows, each read in full (issue #12)
    'MathVista (testmini)/IDEFICS-9B-Instruct/815':
        "'The answer is (A) 60.' and 'The correct option letter is (A) 60.'; the extraction gave C",
    'MathVista (testmini)/IDEFICS-9B-Instruct/842':
        "'The answer is (C) \\\\frac{√{5}}{5}.' (twice); the extraction gave D",
    'MathVista (testmini)/InstructBLIP-Vicuna-13B/645':
        "only lists lettered options, from a cut first line ('.0') to '(A)' (POLICY 4.4); the extraction gave B",
    'MathVista (testmini)/LLaVA-LLaMA-2-13B/164':
        "'then ∠BCE = 55°' states 55° (A); the extraction gave B",
    'MathVista (testmini)/LLaVA-LLaMA-2-13B/316':
        "'∠ACB is equal to 100°' states 100° (C); the extraction gave D",
    'MathVista (testmini)/LLaVAR/229':
        "'The highest lysine level given is 0.33%.' states A; the extraction gave E",
    'MathVista (testmini)/LLaVAR/291':
        "'reached in May '21' states D; the extraction gave A",
    'MathVista (testmini)/LLaVAR/690':
        'repeats the question and lists every option; chooses none; the extraction gave C',
    'MathVista (testmini)/LLaVAR/706':
        "lists 'A) A' to 'E) E' after the question; chooses none; the extraction gave A",
    'MathVista (testmini)/LLaVAR/713':
        "'x=8.' is no option (3, 4, 6, 7); the extraction gave D",
    'MathVista (testmini)/LLaVAR/853':
        "'12 + 12 = 24' states 24, no option (POLICY 3.3); the extraction gave D (12)",
    'MathVista (testmini)/mPLUG-Owl-7B/669':
        "'C. 3.5' writes the letter C, which outranks an option's text (POLICY 4.1); the extraction gave D",
    'MathVista (testmini)/mPLUG-Owl-7B/675':
        "'The length of the dam bottom AD is (6+14√{3})m.' states C; the extraction gave A",
    'MathVista (testmini)/GPT-4 [2-shot CoT + OCR text]/761':
        "'we cannot determine what happens' chooses none; the extraction gave A",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/834':
        "'it is impossible to determine whether Florida has the lowest value' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/950':
        "'it's impossible to determine the slope at x=0' chooses none; the extraction gave D",
    'BLINK (val)/LLaVA-v1.5-7B (xtuner)/val_IQ_Test_64':
        "'The answer … is A, B, C, and D.' names all four, a hedge (POLICY 3.5); the extraction gave A",
    'MMMU (validation)/Qwen-VL/validation_Music_28':
        "'(B) minor 7th and (D) perfect 11th' is a hedge (POLICY 3.5); the extraction gave D",
    'MMMU (validation)/Qwen-VL/validation_Public_Health_28':
        'reviews every option and calls each incorrect; chooses none; the extraction gave D',
    'MMMU (validation)/Qwen-VL/validation_Sociology_28':
        'answers with (A), (B) and (C) listed, a hedge; the extraction gave C',
    'MMMU-Pro (standard(10 options)_cot)/GPT-4o/validation_Materials_19':
        "ends 'Answer: J'; the extraction gave C",
    'MMMU-Pro (vision_cot)/GPT-4o/validation_Finance_21':
        "finds no matching option ('presumptive error or option adjustment') and chooses none; the extraction gave A",
    'MATH-Vision (test)/Qwen-VL-Max (CoT)/79':
        "'the answer is (E) C or D.' writes E, whose text is 'C or D'; the extraction gave D",
    'MATH-Vision (test)/Qwen-VL-Plus/2115':
        "'Image d' names figure D among the options A-E; the extraction gave none",
    'LogicVista/InstructBLIP-Vicuna-7B/v1_186':
        "'ether (A) A (B) B (C) C (D) D (E) E' echoes the options; chooses none; the extraction gave A",
    'LogicVista/InstructBLIP-Vicuna-7B/v1_79':
        "'ಠ (B) (C) (D)' names three letters, a hedge; the extraction gave B",
    'LogicVista/MiniGPT-4 (Vicuna-7B)/v1_315':
        "writes each option with a verdict ('A) False, …', 'B) True, …', 'C) …'); chooses none; the extraction gave A",
    # third draw (real_mc_3), looked-at rows, each read in full (issue #12)
    'MathVista (testmini)/LLaVA-LLaMA-2-13B/643':
        "'we can deduce that ∠C is also a right angle (90°)' names no option (25°, 30°, 40°, 50°); ∠D's 50.0 is the premise; the extraction gave A",
    'MathVista (testmini)/LLaVAR/168':
        "'(a)' names the option whose text is '(a)', B: the options are the sub-figures' lowercase labels (POLICY 4.2); the extraction gave A",
    'MathVista (testmini)/LLaVAR/491':
        "only repeats the question ('Is Dark Blue the high median?'); chooses neither; the extraction gave B",
    'MathVista (testmini)/mPLUG-Owl-7B/119':
        "'A: 45°' states 45°, option A; the extraction gave B",
    'MathVista (testmini)/mPLUG-Owl-7B/186':
        "'A) \\\\frac{20}{3}' writes A and its text; the extraction gave C",
    'MathVista (testmini)/GPT-4 [2-shot CoT + OCR text]/351':
        "'the question cannot be answered with the given information' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [2-shot CoT + OCR text]/656':
        "'the answer cannot be determined' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [2-shot CoT + OCR text]/865':
        "'the answer could be either A (yes) or B (no)' is a hedge; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/182':
        "'it's impossible to answer the question' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/239':
        "'the answer cannot be determined' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/423':
        "'the question cannot be answered' chooses neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/982':
        "'it is impossible to determine whether South Dakota has the highest value' chooses neither; the extraction gave B",
    'MMMU (validation)/Qwen-VL/validation_Mechanical_Engineering_12':
        "rejects (A), (C) and (D) as 'the other options', leaving B; the extraction gave D",
    'MATH-Vision (test)/InternLM-XComposer2-VL (CoT)/142':
        "'The answer is \\\\textbf{A}.' states A; the publisher's parse is none",
    'MATH-Vision (test)/Qwen-VL-Plus/955':
        "'Image2 D' names figure D; the publisher's parse is none",
    'LogicVista/LLaVA-1.5-7B/v1_383':
        "'A cube can be made from the 2D net …': 'A' is the article, no option; the extraction gave A",
    'LogicVista/LLaVA-1.5-7B/v1_388':
        "'A cube can be made from the 2D net …': 'A' is the article, no option; the extraction gave A",
    'LogicVista/InstructBLIP-Vicuna-7B/v1_442':
        "'6, (B) 6, (C) 3, (D) 1, (E) None' runs on through the options list; chooses none; the extraction gave B",
    'LogicVista/MiniGPT-4 (Vicuna-7B)/v1_271':
        "'(A) E, (B) C, (C) D, (D) A' lists a mapping of every option; chooses none; the extraction gave A",
    # fourth draw (real_mc_4), looked-at rows, each read in full (issue #12)
    'MathVista (testmini)/LLaMA-Adapter-V2/287':
        "'The region R1 is larger than the region R2.' claims R1 (A; R2 is after 'than'); the extraction gave C",
    'MathVista (testmini)/LLaMA-Adapter-V2/515':
        "names all four options ('herring, kril, anchovy, and phytoplankton'); chooses none; the extraction gave A",
    'MathVista (testmini)/LLaVA-LLaMA-2-13B/30':
        "'∠C = 85°' states D; the extraction gave B",
    'MathVista (testmini)/LLaVA-LLaMA-2-13B/748':
        "'the size of ∠ACB is 55°' states C (∠P = 50.0 is the premise); the extraction gave A",
    'MathVista (testmini)/LLaVAR/274':
        "'AB+CD is also equal to 10' names no option (14, 12, 9, 7); the extraction gave A",
    'MathVista (testmini)/LLaVAR/778':
        "only tells the reader how to choose ('choose the corresponding letter (A, B, C, or D)'); chooses none; the extraction gave D",
    'MathVista (testmini)/LLaVAR/829':
        "'the yellow matchstick needs to be moved' names no direction and not 'Not possible'; the extraction gave E",
    'MathVista (testmini)/LLaVAR/872':
        'repeats the question and its choices; chooses none; the extraction gave A',
    'MathVista (testmini)/mPLUG-Owl-7B/164':
        "'A) 55°' writes A and its text; the extraction gave B",
    'MathVista (testmini)/mPLUG-Owl-7B/391':
        "'The degree of ∠OAC is 50°.' states C; the extraction gave D",
    'MathVista (testmini)/mPLUG-Owl-7B/749':
        "'The correct option letter is A.'; the extraction gave C",
    'MathVista (testmini)/Claude-2 [text-only, 2-shot CoT]/24':
        "'insufficient context to determine if Periwinkle is the maximum' and 'I cannot definitively answer': neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [2-shot CoT + OCR text]/706':
        "'the answer is the option that corresponds to the point (2, 8)' names no option; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/369':
        "'we cannot determine if it is surjective': neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, 2-shot CoT]/812':
        "'it is impossible to answer this question accurately': neither yes nor no; the extraction gave B",
    'MathVista (testmini)/GPT-4 [text-only, zero-shot]/273':
        "'the correct answers are (B) 13 and (C) 26' is a hedge (POLICY 3.5); the extraction gave B",
    'BLINK (val)/GPT-4-Turbo/val_IQ_Test_7':
        "'options (A) and (C) … either could be correct' is a hedge; the extraction gave A",
    'LogicVista/LLaVA-1.5-7B/v1_391':
        "'A cube can be made from the 2D net …': 'A' is the article, no option; the extraction gave A",
    'LogicVista/InstructBLIP-Vicuna-7B/v1_439':
        "'ಠ (B) B, (C) C, (D) All the same' names three options, a hedge; the extraction gave B",
    'LogicVista/MiniGPT-4 (Vicuna-13B)/v1_67':
        "describes every option in turn ('A) £0.17 - This is …', … 'D) £20.50 - …') and chooses none; the extraction gave D",
    'LogicVista/MiniGPT-4 (Vicuna-7B)/v1_294':
        "'I'm sorry, but I am unable to see the image' declines; the extraction gave C",
    # looked-at rows read in full on 2026-12-01 (second session), any draw
    'MMMU-Pro (standard(10 options)_direct)/GPT-4o/validation_Geography_8':
        "ends 'Thus, the answer is:\\nH. 145kPa' after 'The closest option to 142.7 kPa is H. 145kPa'; the extraction gave G",
    'MMMU-Pro (standard(10 options)_direct)/GPT-4o/validation_Materials_14':
        "ends 'approximately \\boxed{I}' after computing 26.53 MPa (option I); the extraction gave A",
    'LogicVista/MiniGPT-4 (Vicuna-7B)/v1_296':
        "restates the question's instruction and lists 'A. True', 'B. False', 'C. Insufficient Information'; chooses none; "
        "the extraction gave A",
    'LogicVista/MiniGPT-4 (Vicuna-13B)/v1_296':
        "writes each option with a comment ('1. (A) True - …', '2. (B) False - …', '3. (C) Insufficient Information - …'); "
        "chooses none; the extraction gave A",
}


def _same(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


def defect(row: dict) -> str | None:
    ref, answer, options = row["reference"], row["answer"], row["options"]
    row_id = f"{row['source']}/{row['model']}/{row['question_id']}"
    if row_id in HAND:
        return "hand-checked: " + HAND[row_id]
    if ref is None:
        return None
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    if 2 <= len(lines) and all(_LINE.match(line) for line in lines):
        return f"listed: the answer only lists lettered options and chooses none (POLICY 4.4); the parser gave {ref}"
    if 5 <= len(lines) and all(_LINE.match(line) for line in lines[1:-1]) and _CUT_LINE.fullmatch(lines[-1]) \
            and (_LINE.match(lines[0]) or _CUT_LINE.fullmatch(lines[0])):
        return (f"listed: the answer only lists lettered options, cut inside the last one, and chooses none "
                f"(POLICY 4.4); the parser gave {ref}")
    marks = _MARKED.findall(answer.strip())
    if (len(lines) == 1 and answer.strip().startswith("(") and marks
            and any(letter not in options for letter, _ in marks)
            and not any(text and _same(text, str(v)) for _, text in marks for v in options.values() if v)):
        return (f"listed: the answer only lists options lettered beyond the question's ({', '.join(sorted(options))}) "
                f"and chooses none (POLICY 4.4); the parser gave {ref}")
    if (row["source"].startswith("MMMU-Pro") and ref == "I"
            and not re.search(r"\(I\)|^\s*I[.):]|answer(?: is)?:?\s*\(?I\b|option I\b", answer, re.M | re.I)):
        return "pronoun: the parser's loose ' X ' rule read the pronoun 'I' as option I"
    own = _OWN.fullmatch(answer)
    if own and own.group(1) in options and own.group(1) != ref and options[own.group(1)] \
            and _same(own.group(2).replace("\\(", "$").replace("\\)", "$"), str(options[own.group(1)])):
        return f"own-text: the answer writes {own.group(1)} and its option text; the parser took {ref} from inside it"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=FILE, help="the corpus to rewrite (.jsonl.gz)")
    path = parser.parse_args().file
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    counts: dict[str, int] = {}
    for row in rows:
        row.pop("reference_defect", None)
        reason = defect(row)
        if reason:
            row["reference_defect"] = reason
            kind = reason.split(":")[0]
            counts[kind] = counts.get(kind, 0) + 1
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    with gzip.GzipFile(path, "wb", mtime=0) as handle:
        handle.write(text.encode("utf-8"))
    print(f"rows marked reference_defect: {sum(counts.values())} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})")


if __name__ == "__main__":
    main()
