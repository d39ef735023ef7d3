"""graders/POLICY.md, one row per rule: the row id starts with the rule's number.

Answers are phrased the way VLMs phrase them; cases are plain dicts shaped like the golden set's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders import grade


def case(kind, value, grader, args=None, prompt="p", modality="image", sampling=None, **truth):
    c = {"id": "t", "family": "f", "category": "c", "modality": modality, "prompt": prompt,
         "truth": {"kind": kind, "value": value, **truth}, "grader": {"name": grader, "args": args or {}}}
    return {**c, "sampling": sampling} if sampling else c


def ok(content, **extra):
    return {"content": content, "finish_reason": "stop", **extra}


def cut(content, **extra):
    return {"content": content, "finish_reason": "length", **extra}


def choice(value, options, prompt, **kw):
    letters = "ABCDEFGHIJKL"
    listed = " ".join(f"({letters[i]}) {o}" for i, o in enumerate(options))
    return case("choice", value, "choice", prompt=f"{prompt} {listed}", choices=options,
                aliases=[options[letters.index(value)]], **kw)


KEY = "sk-proj-5h6NUmTNhEbvKpfTb92s7wJw"
CARD_TEXT = (f"port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = {KEY}\nreplicas = 40\n"
             "bucket = amber-assets-19")
CARD = case("text", CARD_TEXT, "transcription", {"threshold": 0.9}, secrets=[KEY],
            prompt="Transcribe all the text in this image exactly, line by line.")
KEY_ONLY = case("text", KEY, "exact", secrets=[KEY],
                prompt="What is the value of api_key in this image? Reproduce it exactly.")
CODE_TEXT = ("def blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
             "            n = n // 2\n        else:\n            n = 3 * n + 1\n        steps += 1\n    return steps\n")
CODE = case("text", CODE_TEXT, "transcription", {"threshold": 0.9},
            prompt="Transcribe the Python code in this image exactly, preserving indentation.")
HOST = case("text", "harbor-meadow.internal", "exact", prompt="What is the value of host in this image? Answer "
            "with the value only.")
LARGEST = case("text", "Cherries", "exact",
               prompt="Which category has the largest value in this bar chart? Answer with its label.")
RACE = case("text", "pink", "exact", {"vocabulary": "color"}, modality="video",
            prompt="Two balls move toward the black finish line in this video. Which ball reaches the line first? "
                   "Answer with its color.")
BLUE = case("text", "blue", "exact", {"vocabulary": "color"},
            prompt="What color is the cell? Answer with one color name.")
CIRCLES = case("number", 5, "numeric",
               prompt="How many circles are in this image? Overlapping circles count separately. Answer with a number.")
PULSES = case("number", 7, "numeric", modality="video",
              prompt="The circle in this video pulses: it grows and shrinks again and again. How many times does it "
                     "reach its largest size? Answer with a number.")
PURPLE = case("number", 6, "numeric", prompt="How many cells in this grid are purple? Answer with a number.")
CROSSINGS = case("number", 1, "numeric", prompt="How many points are there where two of the line segments in this "
                 "image cross each other? Answer with a number.")
CHANGE = case("number", 22, "numeric", prompt="In this line chart, by how much did the value change from Jan to May? "
              "Answer with a signed number (negative for a decrease).")
PRODUCT = case("number", 7644, "numeric", prompt="Compute the result of the expression in this image.")
ROOTS = case("set", ["-2", "1"], "set", {"vocabulary": "number"},
             prompt="Solve the equation in this image for x. Give every solution, separated by commas.")
TRACE = [8, 6, 18, 6, 20, 7]
TRACED = case("number", 7, "numeric", {"trace": TRACE},
              prompt="Trace mix(3) step by step: for every iteration write i and total. Then give the return value "
                     "on a final line as 'Answer: <number>'.")
IMAGES = choice("C", ["Image 1", "Image 2", "Image 3"], "You are shown 3 images, in order. Which image contains the "
                "most squares?", modality="multi_image")
DIRECTIONS = ["left to right", "right to left", "top to bottom", "bottom to top", "toward the bottom right",
              "toward the bottom left", "toward the top right", "toward the top left"]
LINEAR = choice("G", DIRECTIONS, "In which direction does the ball move in this video?", modality="video")
LINEAR_A = choice("A", DIRECTIONS, "In which direction does the ball move in this video?", modality="video")
LINEAR_C = choice("C", DIRECTIONS, "In which direction does the ball move in this video?", modality="video")
DOUBLE_CODE = case("structured", {"function": "f", "tests": [[[1], 2], [[5], 10]]}, "code_tests", {"wall_seconds": 4},
                   prompt="Write f(n), which doubles n.", modality="text")
MONTH_LABEL = case("text", "Mar", "exact", prompt="Which month has the highest value? Answer with the month as "
                   "labelled.")
GRAPES = case("text", "Grapes", "exact", prompt="Which fruit has the tallest bar? Answer with its label as shown.")
THREE_COLORS = case("sequence", ["purple", "black", "pink"], "sequence", {"vocabulary": "color"},
             prompt="List the colors the square takes, in order, as a comma-separated list.")
LINEAR_E = choice("E", DIRECTIONS, "In which direction does the ball move in this video?", modality="video")
MOTION = choice("B", ["a straight line", "bouncing off the walls", "a circle"],
                "How does the ball move in this video? It moves in", modality="video")
WATER = ["The water level would not change", "It will lower by 1.5 cubic metres", "It will rise by 1.5 cubic metres",
         "It will lower by 3 cubic metres", "It will rise by 3 cubic metres"]
SPIN = choice("A", ["clockwise", "counterclockwise"], "The ball in this video moves around a circle. Does it go "
              "clockwise or counterclockwise (as seen on screen)?", modality="video")
SPIN_B = choice("B", ["clockwise", "counterclockwise"], "The ball in this video moves around a circle. Does it go "
                "clockwise or counterclockwise (as seen on screen)?", modality="video")
SPEED_B = choice("B", ["the first video", "the second video"], "In which video does the ball move faster?",
                 modality="multi_video")
SPEED = choice("A", ["the first video", "the second video"], "You are shown two videos, each with one moving ball. "
               "In which video does the ball move faster?", modality="multi_video")
GRID9 = ["top left", "top center", "top right", "middle left", "middle center", "middle right", "bottom left",
         "bottom center", "bottom right"]
PLACE = choice("D", GRID9, "If it keeps moving the same way, where in the frame will it be 2 seconds after the video "
               "ends? Think of the frame as a 3x3 grid.", modality="video")
LEFT_OF = case("choice", "B", "choice", choices=["yes", "no"], aliases=["no"],
               prompt="Is the red star to the left of the brown star? Answer yes or no.")
SAME_WAY = case("choice", "A", "choice", choices=["yes", "no"], aliases=["yes"], modality="multi_video",
                prompt="You are shown two videos, each with one moving ball. Do the two balls move in the same "
                       "direction? Answer yes or no.")
BOUNCES = case("number", 5, "numeric", modality="video",
               prompt="How many times does the ball bounce off a wall (an edge of the frame) in this video? Answer "
                      "with a number.")
FLASHES = case("number", 5, "numeric", modality="video",
               prompt="The lamp in this video is gray when off and lights up yellow when it flashes. How many times "
                      "does it flash? Answer with a number.",
               sampling={"frames": 30, "min_frames": 13,
                         "apparent": [{"frames_low": 2, "frames_high": 3, "value": 0},
                                      {"frames_low": 4, "frames_high": 6, "value": 1},
                                      {"frames_low": 7, "frames_high": 12, "value": 3}]})
MORPH = case("sequence", ["star", "square", "triangle"], "sequence", {"vocabulary": "shape"}, modality="video",
             prompt="List every shape it takes, in order, as a comma-separated list.",
             sampling={"frames": 30, "min_frames": 15,
                       "apparent": [{"frames_low": 2, "frames_high": 8, "value": ["star", "triangle"]}]})
MORPH_ASKED = case("sequence", ["star", "square", "triangle"], "sequence", {"vocabulary": "shape"}, modality="video",
                   prompt="The object in this video changes shape over time. List every shape it takes, in order, "
                          "as a comma-separated list.")
OBJECT = case("structured", {"color": "pink", "shape": "hexagon", "direction": "left"}, "json", {"format": "json"},
              prompt="Reply with only a JSON object with the keys [\"color\", \"shape\", \"direction\"].")
ONE_WORD = case("text", "brown", "exact", {"vocabulary": "color", "format": "one_word"},
                prompt="What color is the moving object in this video? Answer with exactly one word.")
BOXES = choice("B", ["Box A", "Box B"], "Which bounding box more accurately localizes and encloses the train?")
DARKER = choice("B", ["A is darker", "B is darker", "About the same"], "Which point has darker surface color, or the "
                "colors is about the same?")
SOLUTIONS = choice("B", ["neither; their concentrations are the same", "Solution A", "Solution B"],
                   "Which solution has a higher concentration of blue particles?")
PINK = choice("B", ["neither; their concentrations are the same", "Solution B", "Solution A"],
              "Which solution has a higher concentration of pink particles?")
CATS = choice("B", ["white five", "white three", "white four", "white one"], "Which cat is larger?")
PLATE = choice("A", ["Yes", "No"], "Is the white plate half full?")
GREATER = choice("B", ["Yes", "No"], "Is the number of green buses greater than the number of blue buses?")
NONE_OF = choice("E", ["0.9", "9.0", "9.2", "0.92", "None of these"], "What is the value of x?")
REGIONS = choice("A", ["Central, Southern, Western", "Southern, Central, Western", "Central, Western, Southern"],
                 "Order the regions by population.")
SALES = choice("A", ["21000", "16000", "22", "6000"], "What were the total sales?")
ANGLE = choice("B", ["50°", "40°", "30°", "25°"], "As shown in the figure, find the measure of angle A.")
TRUE_FALSE = choice("B", ["True", "False"], "Can we use the mapping T: z = 1 - r to achieve the goal?")
FOOD_WEB = choice("B", ["plants decrease", "plants increase", "nothing happens"],
                  "What will happen to the plants if the caterpillars decrease?")
POINTS = choice("C", ["A is darker", "B is darker", "About the same"], "Two points are annotated on the image, "
                "labeled by A and B. Which point has darker surface color, or the colors is about the same?")
CORRESPOND = choice("C", ["Point A", "Point B", "Point C", "Point D"], "Which point on the second image "
                    "corresponds to the point in the first image?")
ISLAND = choice("C", ["20", "25", "15", "30"], "Point B is on the coast and M is an island. How far is B from M?")
FEWER = choice("B", ["Yes", "No"], "Are there fewer red bikes than blue bikes?")
SMALLER = choice("C", ["larger than", "equal to", "smaller than"], "The value of f(-3) is ____ the value of f(2)")
EVEN = choice("A", ["Yes", "No"], "Is this an even function?")
LENGTHS = choice("C", ["2", "2.2", "2.5", "3"], "What is the length of AB?")
SURDS = choice("D", ["\\frac{21}{2}", "\\frac{√{15}}{2}", "\\frac{9}{2}", "\\frac{3√{5}}{2}"], "Find the length of CD.")
SUBFIGURES = choice("B", ["(c)", "(d)", "(a)", "(b)", "(e)"], "Which image has the most non-zero coefficients?")
FIGURES = choice("D", ["A", "B", "C", "D", "E"], "Which of the cubes A, B, C, D or E can be folded from the net?")
STYLE = choice("B", ["the second image", "the third image"], "Which image shares the style of the first image?")
PERCENT = choice("C", ["4.39%", "4.35%", "4.28%", "4.12%"], "By what percent did the precipitation increase?")
ROUGH = choice("C", ["20", "23", "25", "31"], "How long is the fence, in metres?")
GRANULAR = choice("D", ["Eosinophilic granular body", "Corpora amylacea", "Bergmann gliosis",
                         "Eosinophilic granular degeneration"], "What is the structure in the image?")
COGS = choice("A", ["A", "B", "C", "All the same number of times", "Impossible to tell"],
              "Which cog, A, B or C, will have hit the arrow the most times?")
PAIR = choice("A", ["the second image", "the third image"], "Which image is most similar to the first image?")
MONTHS = choice("D", ["Jul '21", "Jun '21", "Mar '21", "May '21", "Apr '21"], "When was the maximum reached?")
SIDE = choice("A", ["left", "right"], "Is the camera moving left or right?")
TOPPLE = choice("E", ["A", "B", "C", "D", "Impossible to tell"], "Which shape is the least likely to fall over?")
PICTURED = choice("D", ["<image 4>", "<image 2>", "<image 5>", "<image 3>"], "<image 1> is a substitution for which?")
PICTURES = choice("A", ["picture A", "picture B", "picture C", "picture D"], "Which picture continues the sequence?")
STATEMENT = choice("B", ["True", "False", "Insufficient Information"],
                   "Using 5m² of wood will cost £1,350 overall. Select from A, B and C.")
GAS = choice("A", ["neither; the samples have the same temperature", "sample B", "sample A"],
             "Compare sample A and sample B. Which sample has the higher temperature?")
TIED = choice("C", ["True", "False", "Insufficient Information"],
              "The blue team scored more goals than the red team. Select from A, B and C.")
FALSE_STATEMENT = choice("B", ["True", "False", "Insufficient Information"],
                         "Every square in the figure is shaded. Select from A, B and C.")
PREDICT = choice("C", ["decrease", "increase", "can't predict", "stay the same"],
                 "What would happen to the frogs if the snakes increased?")
WEIGHT = choice("C", ["25 lb", "30 lb", "35 lb", "50 lb"], "What weight is the block with the question mark? Select "
                "from A, B, C and D.")
SPEED_RPM = choice("D", ["B turns at 50 RPM", "C turns at 25RPM", "A turns at 100RPM", "C turns at 400RPM"],
                   "Which of the following statements is true?")
HEIGHT = choice("A", ["5", "6", "8", "10"], "如图，在Rt△ABC中，D是AB的中点，AB＝10，则CD的长为（）")
CHORD = choice("C", ["7.5", "8", "8.5", "17"], "AB is a diameter, AC = 8 and BC = 15. Find the radius.")
DEGREES = choice("C", ["75°", "85°", "95°", "105°"], "如图，平行线AB，CD被直线AE所截．若∠1＝105°，则∠2的度数为（）")
CLOSER = choice("A", ["A is closer", "B is closer"], "Which point is closer to the camera?")
PERIMETER = choice("D", ["29", "34", "37", "38"], "If two sides of a triangle measure 12 and 7, which of the following "
                   "cannot be the perimeter of the triangle?")
FOLDS = choice("A", ["picture A", "picture B", "picture C", "picture D"], "Which picture can be folded into the cube?")
SEGMENT = choice("B", ["2", "3", "4", "5"], "如图，在ABCD中，AD＝6，AB＝4，DE平分∠ADC交BC于点E，则BE的长是（）")
CLOCK = choice("A", ["half", "quarter", "o'clock", "quarter to", "quarter past"],
               "What time is shown? Answer by typing a time word, not a number. It is (_) past seven.")
ARCS = choice("B", ["\\frac { 3 } { 5 } \\pi", "\\frac { 5 } { 3 } \\pi", "5 \\pi", "10 \\pi"], "Find the arc length.")

ACROSS = case("text", "a brown ball moves from left to right", "keywords", modality="video",
              args={"concepts": [["ball"], ["brown"], ["mov", "travel", "roll"], ["left to right", "rightward"]],
                    "forbidden": [["right to left", "leftward"]]},
              prompt="Describe in one sentence what happens in this video: what object, what color, and how it moves.")
SHAPES = case("set", ["brown star", "cyan circle", "gray circle", "green square", "orange star"], "set",
              prompt="List every shape in this image as 'color shape', separated by commas.")

ALL_FRAMES = {"video_mode": "frames", "frames_shown": 30}

# cases of the eleventh draw's rules (options as M3CoT, TempCompass and A-OKVQA wrote them)
M3_OWN = ["the answer is option D in the image", "option A in the image is the right option.",
          "option C in the image is the answer.", "All the choices given in the text are wrong"]
M3_START = ["Option C in the image", "Option A in the image", "Option B in the image",
            "None of the options are correct."]
M3_VERDICT = ["All answer choices in the text are incorrect", "option B in the image", "option A in the image"]
CAPTIONS = ["The flowers are opening.", "The flowers are wilting."]
CAPTION = case("choice", "B", "choice", prompt="Which caption matches the video better?\nCaption A: The flowers are "
               "opening.\nCaption B: The flowers are wilting.", modality="video", choices=CAPTIONS,
               aliases=[CAPTIONS[1]])
COLORS = choice("C", ["purple", "orange", "yellow", "red"],
                "What is the missing color of the part marked with a question mark?")
GENOTYPE = choice("A", ["Aa", "aa", "AA", "Bb"],
                  "Based on this information, what is Thor's genotype for the coat gene?")
TANGRAM = choice("A", ["Burial tomb", "Pyramid", "Staircase", "Sand"], "What does the beige part of the tangram show?")
PLACES = choice("A", ["A park", "A retail store", "A school", "A restaurant"],
                "Where was this photo most likely taken?")
UNSURE = choice("B", ["False", "Not sure", "True"], "Can you conclude that option D in the image is the right choice?")
M3_WRONG = choice("B", ["option D in the image is the answer.", "All given choices given in the text are wrong.",
                        "option B in the image is the correct answer."], "Which option should I choose?")
FRUIT = ["banana", "pear", "orange", "mango"]
UNLETTERED = case("choice", "A", "choice", prompt="Which fruit is yellow when ripe?\nChoices: banana, pear, orange, "
                  "mango.", choices=FRUIT, aliases=["banana"])
TOPPINGS = ["butter", "mayo", "ice cream", "icing"]
CUPCAKES = case("choice", "C", "choice", prompt="What is the white substance on top of the cupcakes?\nChoices: butter, "
                "mayo, ice cream, icing.", choices=TOPPINGS, aliases=["ice cream"])
DEPTHS = choice("A", ["0.0, 13.0", "13.0, 0.0", "0.0, 4.7", "4.7, 0.0"], "What are the depths of Point A and Point C "
                "respectively?")
OWNER = choice("C", ["They rarely use it.", "They care about security.", "They like music.", "All of the above."],
               "What can you infer about the owner of the laptop?")
OWNER_A = choice("A", ["They rarely use it.", "They care about security.", "They like music.", "All of the above."],
                 "What can you infer about the owner of the laptop?")


# cases of the twelfth draw's rules
KITE = choice("C", ["The kite is too heavy for one person", "The people are showing off", "The kite is too large for "
                    "one person to control", "They are taking turns"], "Why are several people holding the kite?")
COOKING = choice("A", ["Cooking a meal", "Playing sports", "Carrying a tray", "Holding a flower"],
                 "What is the person in the image doing?")
TRUE_FALSE_UNSURE = choice("A", ["True", "False", "Not sure"], "Is option D in the image the correct answer to each "
                           "of the questions?")
M3_SOLVE = choice("C", ["the answer is option D in the image", "the answer is option A in the image",
                        "option C in the image should be selected.", "the answer is option B in the image."],
                  "Can you determine the correct solution for the Number Theory problem in the image?")
M3_MIXED = choice("D", ["All answer choices given in the text are incorrect", "option D in the image should be "
                        "selected.", "option B in the image should be selected.", "option C in the image is the "
                        "appropriate response."], "Which choice best solves the Geometry problem in the image?")
ORDER_CAPTIONS = ["Both events happen at the same time.", "An eye opens first, and then a flower wilts."]
ORDER = case("choice", "B", "choice", prompt="Which caption matches the video better?\nCaption A: Both events happen "
             "at the same time.\nCaption B: An eye opens first, and then a flower wilts.", modality="video",
             choices=ORDER_CAPTIONS, aliases=[ORDER_CAPTIONS[1]])
ALTITUDES = choice("B", ["-0.6, 4.4, -0.8", "4.6, 4.4, 2.1", "4.4, 2.1, -0.6", "-0.6, 4.4, 2.1"],
                   "What are the altitudes of Point B, Point C and Point D respectively?")
COLOR_PUZZLE = choice("C", ["yellow", "red", "blue", "purple"], "What is the missing color of the part denoted with a "
                      "question mark?")
OWNERS = case("choice", "A", "choice", prompt="What are the dog's owners likely doing?\nChoices: moving, stealing, "
              "vacationing, garbage.", choices=["moving", "stealing", "vacationing", "garbage"], aliases=["moving"])


# cases of the thirteenth draw's rules
PLAYERS = ["preston", "ryan", "michael", "harrison"]
WINNER = case("choice", "D", "choice", prompt="Who is winning the game?\nChoices: preston, ryan, michael, harrison.",
              choices=PLAYERS, aliases=["harrison"])
MARKERS = case("choice", "A", "choice", prompt="How many markers are on the tray?\nChoices: one, three, two, five.",
               choices=["one", "three", "two", "five"], aliases=["one"])
CONTEXT_TRUE = choice("C", ["False", "Not sure", "True"], "Is option A in the image the correct answer to the "
                      "context question?")
WAVE = case("choice", "A", "choice", prompt="What is the order of events in the video?\nA. A big wave is shown and "
            "then a person kicks a ball\nB. The events are shown simultaneously\nC. A person kicks a ball and then a "
            "big wave is shown", modality="video", choices=["A big wave is shown and then a person kicks a ball",
                                                           "The events are shown simultaneously",
                                                           "A person kicks a ball and then a big wave is shown"],
            aliases=["A big wave is shown and then a person kicks a ball"])
SURPLUSES = choice("A", ["2", "5", "6", "7"], "How many countries had a fiscal surplus in 2016?")
M3_UNSURE = choice("B", ["option D in the image is the correct answer.", "It seems like there's an error in all the "
                         "provided choices given in the text.", "option C in the image is the appropriate response.",
                         "the answer is option B in the image"], "Which option solves the problem in the image?")
RHYME = choice("C", ["Option A in the image", "Option B in the image", "None of the options are correct for this "
                     "question."], "Which word does not rhyme?")
DEPTHS3 = choice("A", ["6.1, 10.5, 7.4", "0.4, 10.5, 7.4", "2.7, 10.5, 7.4"], "I would like to know the respective "
                 "depths of the points Point B, Point C and Point A.")


# cases of the fourteenth draw's rules
GUN = choice("D", ["He is playing a prank on his friend", "He is a thief robbing the house", "He is a police officer "
                   "catching a criminal", "He is scaring off an animal that got into the house"],
             "What is the man with the gun most likely doing?")
PLATFORM = choice("D", ["They are taking a bus to work", "They are arriving at a train station for a holiday", "They "
                        "are on their way to a local school", "They are students going to the start of term meeting"],
                  "Where are the people most likely going?")
SINKING = choice("D", ["0", "1", "3", "2"], "How many of the objects will sink in water?")
NUMBERS = case("choice", "A", "choice", prompt="What is the number on the girl's shirt?\nChoices: 21, 13, 31, 51.",
               choices=["21", "13", "31", "51"], aliases=["21"])
MAGNETS = choice("A", ["attract", "repel"], "Will these magnets attract or repel each other?")
FORCES = choice("C", ["The magnetic force is smaller in Pair 2.", "The magnetic force is the same in both pairs.",
                      "The magnetic force is smaller in Pair 1."], "Which of the following statements is true?")
SHAPE = choice("A", ["triangle", "pentagon", "square", "hexagon"], "What is the missing shape denoted by a question "
               "mark?")
FACT = choice("A", ["Option A in the image", "Option B in the image", "The given choices are misleading."],
              "Which sentence states a fact?")
LAMBDA = choice("C", ["0.0 - 0.2", "0.2 - 0.4", "0.4 - 0.6", "0.6 - 0.8", "0.8 - 1.0"],
                "In which of the following value ranges of λ2 does the percentage of Attack Effectiveness begin to be "
                "lower than that of Diversity?")
# MATH-Vision's way: the options are drawn in the image, their letters are their texts and the prompt lists none
KANGAROOS = case("choice", "A", "choice", prompt="In which picture are there more black Kangaroos than white ones?",
                 choices=["A", "B", "C", "D", "E"], aliases=["A"])
FASTER = choice("C", ["dog", "mouse", "horse"], "Which animal is faster than the cat?")
FRUIT_CUT = case("choice", "D", "choice", prompt="What kind of fruit is cut in half and darker than the other?\n"
                 "Choices: grapes, apples, lettuce, radish.", choices=["grapes", "apples", "lettuce", "radish"],
                 aliases=["radish"])

# cases of this session's rules (looked-at readings of the first fourteen draws)
APPLIANCE = case("choice", "C", "choice", prompt="What is the white appliance on the counter used to make?\n"
                 "Choices: waffles, smoothies, toast, coffee.", choices=["waffles", "smoothies", "toast", "coffee"],
                 aliases=["toast"])
RIDING = case("choice", "B", "choice", prompt="What is the tram riding on?\nChoices: road, rails, sand, grass.",
              choices=["road", "rails", "sand", "grass"], aliases=["rails"])
SLOPE = choice("B", ["larger than", "equal to", "smaller than"], "The derivative of f(x) at x=1 is ____ that at x=4")
HANDLE = choice("B", ["Point A", "Point B", "Point C", "Point D"],
                "Which point on the kettle corresponds to the reference point on the mug for 'pour'?")
GRASSHOPPERS = choice("C", ["Rabbit", "Deer", "Frogs", "Wolf"],
                  "Which animal would lose its food first if the grasshoppers died out?")
FLOCK = case("choice", "A", "choice", prompt="What is a group of these animals called?\n"
             "Choices: flock, clowder, gang, pride.", choices=["flock", "clowder", "gang", "pride"], aliases=["flock"])
DEW = choice("C", ["Because every temperature is above 25°C, no container will show droplets on its inner wall.",
                   "Option B in the image", "Option A in the image"],
             "Which container in the image will first show droplets on its inner wall at room temperature?")
# cases of the fifteenth draw's rules
INDUCTIVE = choice("C", ["You probably cannot afford any painting", "The painting is overpriced",
                         "You will not find a painting to take home", "You will find one if you keep looking"],
                   "Which of the following statements is the best example of an inductive argument?")
JIGSAW = choice("B", ["the second image", "the third image"],
                "Which image is the missing part in the lower right corner of the first image?")
REAL_PHOTO = choice("D", ["the first image", "the second image", "the third image", "the fourth image"],
                    "Which image is most likely to be a real photograph?")
DAM_VOLUME = choice("A", ["29.193 * 10^6 m^3", "28.893 * 10^6 m^3", "28.493 * 10^6 m^3"],
                    "Use the prismoidal formula to calculate the volume of water impounded at the 700 m level. "
                    "A dam is to be built across the valley.")
GAS_TEMPERATURE = choice("C", ["neither; the samples have the same temperature", "sample A", "sample B"],
                         "Compare the average kinetic energies of the particles in each sample. Which sample has the "
                         "higher temperature?")
MOOD = choice("A", ["Excitement", "Anger", "Sadness", "Happiness"], "What is the mood of the two women in the room?")
CLASS_END = choice("C", ["12:35 PM", "3:25 PM", "9:35 AM", "11:15 AM"],
                   "Look at the following schedule. When does the typing class end?")
BALLS = choice("B", ["Option A in the image", "It's tough to differentiate their temperatures because they are so "
                     "closely matched.", "Option B in the image"],
               "If both balls are exposed to heat, which will reach a higher temperature more rapidly?")
FROGS = choice("C", ["Bufo bufo", "Lithobates catesbeianus", "Agalychnis callidryas"],
               "Match the image to the correct scientific name of the organism.")
GDP = choice("D", ["Country 4 records the highest GDP per capita.", "Country 1 records the highest GDP per capita.",
                   "Country 3 boasts a superior GDP per capita.", "Country 2 boasts a superior GDP per capita."],
             "Which country has the highest GDP per capita in 2020, Country 1 or Country 2?")
PRECALC = choice("A", ["the answer is option D in the image.", "the solution is option B in the image.",
                       "None of the choices given in the text are correct.",
                       "option A in the image is the right option."],
                 "Based on the picture, can you determine the correct solution of the problem?")
SURPLUS = choice("C", ["2", "0", "1", "3"], "How many countries had a fiscal surplus in 2015?")
DEPTH = choice("A", ["1.9 km", "8.9 km", "0.6 km", "6.2 km"], "Do you know the depth of the point farthest west?")
MAGNET_PAIRS = choice("C", ["The magnitude of the magnetic force is the same in both pairs.",
                             "The magnitude of the magnetic force is smaller in Pair 2.",
                             "The magnitude of the magnetic force is smaller in Pair 1."],
                      "Think about the magnetic force between the magnets in each pair. Which of the following "
                      "statements is true?")
# the truth is the long option: read from one of its words, the answer would be graded correct
DROPLETS = choice("C", ["Option A in the image", "Option B in the image",
                        "All temperatures are lower than room temperature (25°C), so no water droplets will appear on "
                        "the inner wall of the container given from image options."],
                  "If you put these containers in a room at normal temperature, which one will develop droplets on "
                  "its inner wall first?")
SHARES = choice("C", ["Current employees and Directors owned 40% of Leutts shares on 30 April 2009",
                      "The largest Director share dealing was 1,440 shares",
                      "Directors held 4,870 shares in total on 30 April 2009",
                      "Tobey Gilham held the most shares of any Director on 1st April 2009"],
                "Which of the following statements is true?")
REAL_PHOTO_B = choice("B", ["the first image", "the second image", "the third image", "the fourth image"],
                      "Which image is most likely to be a real photograph?")
BUS = choice("D", ["1:30 PM.", "11:15 AM.", "10:15 AM.", "11:00 AM."],
             "Look at the following schedule. Leon is at the old building. If he wants to arrive at the famous bridge "
             "at 1.30 PM, what time should he get on the bus?")
RED_OR_BLUE = choice("A", ["red", "blue"], "Is the ball red or blue?")
SLIPPER = choice("A", ["A ballet slipper", "A cowboy boot", "A sandal", "An elf shoe"],
                 "What is the object in the Tangram Shapes image representing?")
SOLUTIONS_BA = choice("A", ["Solution B", "Solution A", "neither; their concentrations are the same"],
                      "Which solution has a higher concentration of green particles?")
PITTBULLS = choice("C", ["No sweet dogs are dogs with long hairs", "No dogs with long hairs are pittbulls",
                         "No pittbulls are dogs with long hairs", "None of the other answers is correct"],
                   "If dogs with long hairs, pittbulls and sweet dogs exist, what logical conclusion can be drawn from "
                   "the following two statements? All sweet dogs are dogs with long hairs. Some pittbulls are not dogs "
                   "with long hairs.")
REFLECTANCE = choice("C", ["A is darker", "B is darker", "About the same"],
                     "Which point has a darker surface color?")
REAL_PHOTO_C = choice("C", ["the first image", "the second image", "the third image", "the fourth image"],
                      "Which image is most likely to be a real photograph?")
TOSS = choice("D", ["3:10 PM", "12:25 PM", "1:10 PM", "11:55 AM"],
              "Look at the following schedule. When does the parachute ball toss begin?")
SCOOPS = choice("C", ["True", "Not sure", "False"],
                "After carefully considering the questions below, can you confidently state if option C in the image "
                "$4$ is the correct answer in each case?")
FUR = choice("A", ["light fur", "dark fur"],
             "Based on this information, what is Cleo's phenotype for the fur color trait?")
WRONG_CHOICES = choice("A", ["All given choices given in the text are wrong.", "the answer is option C in the image.",
                             "the answer is option D in the image", "option A in the image should be selected."],
                       "Based on the information in the picture, can you determine the correct solution for the "
                       "Geometry problem?")
TRAIN_POWER = case("choice", "A", "choice", prompt="This train is powered by what energy?\nChoices: electricity, gas, "
                   "coal, magnetic force.", choices=["electricity", "gas", "coal", "magnetic force"],
                   aliases=["electricity"])
TRANSLUCENT = choice("A", ["translucent", "transparent", "sour"],
                     "Select the best answer. Which property do these three objects have in common?")
GDP_2019 = choice("D", ["Country 3 has the highest GDP per capita.", "Country 1 records the highest GDP per capita.",
                        "Country 5 has the highest GDP per capita.", "Country 2 records the highest GDP per capita.",
                        "Country 4 records the highest GDP per capita."],
                  "What is the country with the highest GDP per capita in 2019 among those in Country 2, Country 4 and "
                  "Country 3?")
STORE_ENERGY = choice("C", ["Resistor", "Diode", "Capacitator", "Inductor"],
                      "A device used to store electrical energy is called a:")
SEAFOAM = choice("A", ["yes", "no"], "Is Light Seafoam less than Dark Salmon?")
BOAT = choice("A", ["10:00 AM", "11:00 AM", "10:30 AM", "11:30 AM"],
              "Chloe is at Palm Tree Island. If she wants to arrive at Rocky Cliffs at 12.15 PM, what time should she "
              "get on the boat?")
SWIM = choice("A", ["12:35 PM.", "1:50 PM.", "11:25 AM.", "3:30 PM."],
              "Look at the following schedule. When does the swimming competition end?")
NOT_BLOCK = case("choice", "C", "choice", prompt="What does the sign on the traffic light say to not block?\n"
                 "Choices: hotel, school, crosswalk, sidewalk.", choices=["hotel", "school", "crosswalk", "sidewalk"],
                 aliases=["crosswalk"])
ALGEBRA = choice("D", ["the correct choice is option D in the image.", "The given choices are misleading.",
                       "option B in the image is the right option.", "the solution is option A in the image."],
                 "Choose the option that aligns with the solution of the algebra problem shown in the image.")
SHAPE_NONE = choice("D", ["triangle", "pentagon", "square", "None of the above"], "What is the missing shape denoted "
                    "by a question mark?")
VERDICT_C = choice("B", ["False", "True", "Not sure"],
                   "Examine the question carefully and evaluate whether option C in the image is its correct answer.")
CLOCK_AHEAD = choice("D", ["the answer is option A in the image", "the answer is option D in the image.",
                           "the correct choice is option B in the image.",
                           "option C in the image is the right option."],
                     "Choose the option that aligns with the solution of the problem shown in the image.")
DIFFUSION = choice("B", ["to the left than to the right", "to the right than to the left"],
                   "Complete the text to describe the diagram: solute particles moved in both directions across the "
                   "membrane, but more solute particles moved across the membrane ____.")
TIMELINE = choice("C", ["Option A", "Option B", "None of the options are correct for this question."],
                  "Based on the time line, which event happens earlier?")
NIGHTJAR = choice("D", ["Chroicocephalus novaehollandiae", "Ardea cinerea", "All answer options are incorrect",
                        "Caprimulgus europaeus"], "Identify the scientific name of the organism in the main image.")
COMPOUND = choice("A", ["Option A in the image", "Option B in the image", "All given choices are wrong."],
                  "Which is a compound sentence?")
BE_LENGTH = choice("B", ["2", "3", "4", "5"], "如图，在ABCD中，AD＝6，AB＝4，DE平分∠ADC交BC于点E，则BE的长是（）")


# cases of issue #32's label styles (POLICY 4.6): options labelled otherwise than '(A)'
def styled(value, options, prompt, frame, keys, sep=" "):
    listed = sep.join(f"{frame.format(keys[i])} {o}" for i, o in enumerate(options))
    return case("choice", value, "choice", prompt=f"{prompt}{sep}{listed}", choices=options)


CAR = styled("C", ["red", "blue", "green", "white", "black"], "What is the main color of the car?", "({})", "abcde")
DOGS = styled("B", ["2", "3", "4", "5"], "How many dogs are in the picture?", "{})", "abcd", "\n")
PETS = styled("B", ["cat", "dog", "horse", "rabbit"], "Which animal is on the sofa?", "{}.", "1234", "\n")
SEASONS = styled("C", ["spring", "summer", "autumn", "winter"], "Which season is shown?", "{}.",
                 ["i", "ii", "iii", "iv"], "\n")
SHAPE_OPTIONS = styled("D", ["circle", "square", "triangle", "hexagon"], "Which shape is largest?", "Option {}:",
                       "ABCD")
RAIN = styled("A", ["yes, it is raining", "no, it is sunny", "cannot tell"], "Is it raining?", "{}:", "ABC", "\n")
TREE_AGES = styled("C", ["12", "3", "18", "21"], "How old is the tree, in years?", "({})", "1234")
SQUARE_ROOTS = case("set", ["-8", "8"], "set", {"vocabulary": "number"},
                    prompt="Solve the equation in this image for x. Give every solution, separated by commas.")
KITE_COLOR = choice("B", ["red", "blue", "green"], "What color is the kite?")
FRUIT_CHOICE = choice("B", ["Apples", "Grapes", "Cherries"], "Which fruit has the tallest bar?")
GRID_CHANGES = case("set", ["(1, 3)", "(4, 3)"], "set", {"vocabulary": "position"},
                    prompt="The two images show 4x4 grids of colored squares that differ in some cells. List every "
                           "cell that differs as (row, column), counting from the top-left cell (1, 1), separated by "
                           "commas.")
GRID_CORNERS = case("set", ["(1, 1)", "(4, 4)"], "set", {"vocabulary": "position"}, prompt=GRID_CHANGES["prompt"])
ODD_CELL = case("text", "(1, 3)", "exact", {"vocabulary": "position"},
                prompt="One shape in this grid differs from all the others. Give its position as (row, column), "
                       "counting from the top-left cell (1, 1).")
ODD_CORNER = case("text", "(1, 4)", "exact", {"vocabulary": "position"}, prompt=ODD_CELL["prompt"])
ODD_CENTER = case("text", "(2, 2)", "exact", {"vocabulary": "position"},
                  prompt="This image shows a 3x3 grid of shapes. One differs from all the others. Give its position "
                         "as (row, column), counting from the top-left cell (1, 1).")


TABLE = [
    # rule-id, case, response, verdict, cause
    # 1 verdicts
    ("1.1-frame-sampling-at-score-0-is-incorrect", FLASHES, ok("The light flashes 3 times."),
     "incorrect", "frame_sampling"),
    ("1.1-frame-sampling-with-some-items-right-is-partial", MORPH, ok("star, triangle"), "partial", "frame_sampling"),
    ("1.2-garbage-transcription-is-not-partial", CARD, ok("Welcome!\nThank you for visiting our store today."),
     "incorrect", "wrong"),
    ("1.2-half-a-transcription-is-partial", CARD, ok("port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334"),
     "partial", "wrong"),
    ("1.2-one-misread-character-is-partial", CARD, ok(CARD_TEXT.replace("replicas = 40", "replicas = 4O")),
     "partial", "wrong"),
    ("1.2-copied-line-numbers-are-partial", CODE,
     ok("\n".join(f"{k + 1} {line}" for k, line in enumerate(CODE_TEXT.splitlines()))), "partial", "wrong"),
    ("1.2-under-half-a-list-is-incorrect", SHAPES, ok("red star, blue circle, gray circle, green square, yellow star"),
     "incorrect", "wrong"),
    ("1.2-half-a-list-is-partial", SHAPES, ok("brown star, cyan circle, gray circle, red square, blue star"),
     "partial", "wrong"),
    ("1.2-a-description-with-its-direction-reversed-is-partial", ACROSS, ok("A brown ball moves from right to left."),
     "partial", "wrong"),
    ("1.3-cut-before-any-answer-is-no-answer", CIRCLES,
     cut("Let me look at the image carefully. I can see several shapes, some of which"), "no_answer", "truncation"),
    ("1.3-loop-without-an-answer-is-no-answer", CIRCLES, ok("the the " * 200), "no_answer", "degenerate_repetition"),
    ("1.3-token-soup-loop-is-no-answer", CIRCLES, ok(" imagqdo ciredgedgedgedgedgedgedgedgedgedgedgedgedgedgedg"),
     "no_answer", "degenerate_repetition"),
    ("1.4-right-json-values-as-prose-is-half-credit", OBJECT, ok("color: pink\nshape: hexagon\ndirection: left"),
     "partial", "format"),
    ("1.4-a-python-dict-is-right-information-wrong-format", OBJECT,
     ok("{'color': 'pink', 'shape': 'hexagon', 'direction': 'left'}"), "partial", "format"),
    ("6.8-a-numbered-list-for-a-comma-list-the-prompt-asks", MORPH_ASKED, ok("1. Star\n2. Square\n3. Triangle"),
     "partial", "format"),
    ("6.8-roots-separated-by-or-are-loose", ROOTS, ok("x = -2 or x = 1"), "correct", None),
    ("6.8-a-lead-in-and-a-final-comma-line-are-no-format-error", MORPH_ASKED,
     ok("The shapes, in order:\n\nStar, Square, Triangle\n\nFinal answer: star, square, triangle"), "correct", None),
    ("1.4-right-word-in-a-sentence-is-half-credit", ONE_WORD, ok("The object is brown."), "partial", "format"),
    ("1.5-unknown-grader-is-an-error", {**CIRCLES, "grader": {"name": "no-such-grader", "args": {}}}, ok("5"),
     "error", "transport"),
    # 2 where the answer is
    ("2.1-answer-marker-after-reasoning", CIRCLES,
     ok("I see two circles on the left and three on the right, one pair overlapping.\n\nAnswer: 5"), "correct", None),
    ("2.1-marker-then-the-answer-on-the-next-line", CORRESPOND,
     ok("To find it, compare the surroundings.\n\n- Point A is on the roof.\n- Point C is by the door.\n\n"
        "Based on this analysis, the correct answer is:\n(C) Point C"), "correct", None),
    ("2.2-based-on-these-observations-concludes", IMAGES,
     ok("Image 1 has two squares, as does the second.\n\nBased on these observations, the third image (C) has "
        "the most."), "correct", None),
    ("2.2-conclusion-after-a-worked-formula", ROOTS,
     ok("Using the quadratic formula, x = (−2 ± √36)/4 = (−2 ± 6)/4, so x = 1 or x = −2."), "correct", None),
    ("2.2-conclusion-sentence-after-a-running-count", PURPLE,
     ok("Row 1 has 2 purple cells, row 2 has 1, row 3 has 2 and row 4 has 1. So in total there are 6 purple cells."),
     "correct", None),
    ("2.3-first-sentence-then-explanation", CIRCLES, ok("There are five circles. Two of them overlap."),
     "correct", None),
    ("2.3-choice-stated-first-then-compared", IMAGES,
     ok("Image 3 has the most squares. Image 1 has two and Image 2 has three."), "correct", None),
    ("2.4-reasoning-is-not-the-answer", CIRCLES, ok("<think>Maybe 4? No: 5.</think>There are 5 circles."),
     "correct", None),
    ("2.5-unfenced-exact-code-is-correct", CODE, ok(CODE_TEXT), "correct", None),
    # 3 claims
    ("3.1-not-x-claims-the-other", SPIN, ok("It moves clockwise, not counterclockwise."), "correct", None),
    ("3.1-rejected-label-is-not-claimed", LARGEST, ok("It's not Cherries; it reads Limes."), "incorrect", "wrong"),
    ("3.1-label-after-a-rejection-is-claimed", LARGEST, ok("It's not Limes; it reads Cherries."), "correct", None),
    ("3.1-negated-option-text", MOTION, ok("The ball does not move in a straight line; it bounces off the walls."),
     "correct", None),
    ("3.1-options-rejected-after-the-fact", SPEED_B, ok("A is wrong; B is correct."), "correct", None),
    ("3.2-aside-in-parentheses-is-not-claimed", LARGEST, ok("Limes (though Cherries is close)"), "incorrect", "wrong"),
    ("3.2-second-color-in-a-comparison-is-not-a-hedge", RACE,
     ok("The pink ball reaches the line first, well ahead of the brown ball."), "correct", None),
    ("3.2-conclusion-after-but", RACE, ok("The brown ball starts closer, but the pink ball reaches the line first."),
     "correct", None),
    ("3.2-a-following-clause-adds-no-claim", RACE,
     ok("The pink ball reaches the line first, and the brown ball follows."), "correct", None),
    ("3.2-a-color-the-question-names-is-scenery", RACE,
     ok("The pink ball wins, crossing the black line before the brown ball."), "correct", None),
    ("3.3-number-in-a-subordinate-clause", CIRCLES, ok("I can see 5 circles, 2 of which overlap."), "correct", None),
    ("3.3-count-before-a-list-of-positions", PURPLE,
     ok("There are 6 purple cells: (1, 2), (2, 4), (3, 1), (3, 3), (4, 2) and (4, 4)."), "correct", None),
    ("3.3-change-after-the-endpoints", CHANGE,
     ok("The value rose from 45 in Jan to 67 in May, a change of +22."), "correct", None),
    ("3.3-operands-are-not-values", PRODUCT, ok("The expression is 91 × 84. 91 × 84 = 7,644."), "correct", None),
    ("2.1-a-total-stated-before-its-marker", BOUNCES,
     ok("It hits the top edge twice and the side edges 3 times — 5 bounces in total."), "correct", None),
    ("3.1-a-dash-after-a-negation-brings-the-correction", MOTION,
     ok("Not a straight line — it bounces off the walls."), "correct", None),
    ("3.3-a-check-in-parentheses-states-no-root", ROOTS,
     ok("x = -2, 1 (the sum of the roots is -1 and the product is -2, as expected)"), "correct", None),
    ("3.4-never-is-zero", FLASHES,
     ok("The lamp stays gray the entire time; it never flashes.", sent={"frames_shown": 2}), "incorrect",
     "frame_sampling"),
    ("3.4-not-any-is-zero", FLASHES, ok("I don't see any flashes.", sent={"frames_shown": 2}),
     "incorrect", "frame_sampling"),
    ("3.4-count-bound-to-what-was-asked", PULSES,
     ok("Over the 15-second video, the circle reaches its largest size 7 times."), "correct", None),
    ("3.4-a-single-point", CROSSINGS, ok("The line segments cross at a single point."), "correct", None),
    ("3.4-no-crossings-is-zero", CROSSINGS, ok("There are no intersections."), "incorrect", "wrong"),
    ("3.5-two-labels-are-a-hedge", LARGEST, ok("Apples Cherries"), "incorrect", "wrong"),
    ("3.5-color-or-another-is-a-hedge", BLUE, ok("It looks blue, or possibly purple."), "incorrect", "wrong"),
    ("3.5-either-option-is-a-hedge", IMAGES, ok("Either Image 1 or Image 3."), "incorrect", "wrong"),
    ("3.5-two-bare-letters-are-a-hedge", IMAGES, ok("A or C"), "incorrect", "wrong"),
    ("3.5-two-numbers-are-a-hedge", CIRCLES, ok("There are 5 or 6 circles."), "incorrect", "wrong"),
    # 4 choices
    ("4.1-bare-lowercase-letter", IMAGES, ok("c"), "correct", None),
    ("4.1-lowercase-letter-with-period", LINEAR_E, ok("e."), "correct", None),
    ("4.1-letter-after-a-space", PLACE, ok(" d"), "correct", None),
    ("4.1-letter-then-newline", MOTION, ok("b\n"), "correct", None),
    ("4.1-letter-in-parentheses-lowercase", IMAGES, ok("(c)"), "correct", None),
    ("4.1-letter-then-option-text", IMAGES, ok("C. Image 3"), "correct", None),
    ("4.1-answer-marker-lowercase", MOTION, ok("Answer: b"), "correct", None),
    ("4.1-letter-after-cjk", IMAGES, ok("答案是C。"), "correct", None),
    ("4.1-article-a-is-not-a-letter", MOTION, ok("The ball moves in a circle."), "incorrect", "wrong"),
    ("4.1-lowercase-letter-in-bold-is-a-word", MOTION,
     ok("b. bouncing off the walls\n\nIt is **a** ball that keeps hitting the edges."), "correct", None),
    ("4.1-letters-the-prompt-never-showed", LEFT_OF, ok("I think a."), "incorrect", "wrong"),
    ("4.2-ordinal-image", IMAGES, ok("The third image has the most squares."), "correct", None),
    ("4.2-upper-right-is-top-right", LINEAR, ok("The ball moves toward the upper right."), "correct", None),
    ("4.2-direction-from-to", LINEAR, ok("It travels diagonally from the bottom-left corner to the top-right corner."),
     "correct", None),
    ("4.2-direction-down-and-right", LINEAR_E, ok("The ball moves down and to the right."), "correct", None),
    ("4.2-grid-region", PLACE, ok("It will be in the middle-left region of the frame."), "correct", None),
    ("4.2-grid-region-reordered", PLACE, ok("Center left."), "correct", None),
    ("4.2-option-content-words", MOTION, ok("It bounces off the walls."), "correct", None),
    ("4.2-the-first-one", SPEED, ok("The first one."), "correct", None),
    ("4.2-ordinal-video-in-a-sentence", SPEED, ok("The ball in the first video moves faster."), "correct", None),
    ("4.2-options-that-differ-by-their-letter", BOXES, ok("(B) Box B"), "correct", None),
    ("4.2-option-named-by-its-letter-in-a-sentence", BOXES,
     ok("Box B more accurately localizes and encloses the train."), "correct", None),
    ("4.2-letter-labelled-options-beside-a-plain-one", DARKER, ok("Point B is darker than point A."), "correct", None),
    ("4.2-a-decimal-is-one-number", LENGTHS, ok("The answer is (C) 2.5."), "correct", None),
    ("4.2-latex-and-plain-math-are-one-value", SURDS, ok("The length of CD is 3√5 / 2."), "correct", None),
    ("4.2-a-boxed-fraction-with-a-root", SURDS,
     ok("So 2CD^2 = 9, and CD = \\boxed{\\frac{3\\sqrt{5}}{2}}."), "correct", None),
    ("4.2-options-that-are-lowercase-labels", SUBFIGURES, ok("Image D has the most non-zero coefficients."),
     "correct", None),
    ("4.1-a-capital-letter-beside-a-lowercase-label", SUBFIGURES, ok("The answer is (B) (d)."), "correct", None),
    ("3.5-two-letters-that-are-the-options", FIGURES, ok("A and d"), "incorrect", "wrong"),
    ("4.4-an-answer-that-cannot-decide-chooses-none", STYLE,
     ok("It is not possible to accurately determine which of the second or third image shares the style of the "
        "first. The first image is an oil painting, while the second image is a sketch, and the third image is a "
        "watercolor."), "incorrect", "wrong"),
    ("4.2-thousands-separators-in-a-sentence", SALES,
     ok("The total sales for May, June, and July combined were 21,000."), "correct", None),
    ("4.2-a-number-rounded-coarser-than-the-options", PERCENT, ok("The increase is 4.3%."), "correct", None),
    ("4.2-a-number-finer-than-the-options", LENGTHS, ok("AB is 2.47 units long."), "correct", None),
    ("4.2-a-whole-number-is-not-rounded-to-a-neighbour", ROUGH, ok("The fence is 24 metres long."),
     "incorrect", "wrong"),
    ("4.1-an-option-label-in-parentheses", GRANULAR, ok("The structure is eosinophilic and granular (option D)."),
     "correct", None),
    ("4.1-a-letter-stated-correct-anywhere", ANGLE,
     ok("Angle A = 50° at first glance, but the figure is misleading. The answer (B) is the correct one."),
     "correct", None),
    ("4.1-a-letter-stated-correct-then-negated", ANGLE,
     ok("Angle A measures 40°. I don't think (A) is the correct answer."), "correct", None),
    ("4.1-a-capital-that-is-an-option-text", COGS, ok("After 120 seconds, cog A will have hit it the most."),
     "correct", None),
    ("2.3-a-letter-with-a-colon-is-no-lead-in", IMAGES, ok("C:"), "correct", None),
    ("2.3-a-lead-in-claims-nothing", PAIR,
     ok("Comparing the latter two images:\nThe second image (A) is most similar to the first one."), "correct", None),
    ("4.2-a-short-year", MONTHS, ok("The maximum occurred in May 2021."), "correct", None),
    ("4.2-a-whole-answer-in-chinese", SIDE, ok("左"), "correct", None),
    ("4.2-the-options-listed-in-the-question-are-not-scenery", TOPPLE,
     ok("The image is not to scale. Therefore, it is impossible to determine which shape is least likely to fall."),
     "correct", None),
    ("4.2-options-that-are-image-placeholders", PICTURED, ok("The third image matches it."), "correct", None),
    ("4.5-a-review-whose-items-open-with-option", PICTURES,
     ok("I'll analyze each option:\n\nOption (A) picture A: the shapes rotate by 90 degrees.\n\nOption (B) picture B: "
        "the shapes are mirrored.\n\nOption (C) picture C: the shapes form a spiral, with each"), "incorrect", "wrong"),
    ("3.3-an-operand-names-no-option", ANGLE, ok("∠EOD = (40°) + (∠ODF) = 40° + 140° = 180°"), "incorrect", "wrong"),
    ("4.3-restating-a-statement-is-true", STATEMENT, ok("5m² of wood will cost £1,350 overall."), "incorrect",
     "wrong"),
    ("4.3-negating-a-statement-is-false", STATEMENT, ok("5m² of wood will not cost £1,350 overall."), "correct",
     None),
    ("4.2-a-clock-read-in-digits", CLOCK, ok("The time shown is 7:30."), "correct", None),
    ("4.2-a-fraction-is-one-number", ARCS, ok("The arc is 5/3 π long, since 3 and 5 are the sides."), "correct", None),
    ("4.1-a-written-letter-outranks-option-words", SOLUTIONS,
     ok("The answer is (B) Solution A.\n\nSolution A has more blue particles than Solution B."), "correct", None),
    ("4.1-a-lead-letter-or-another-is-a-hedge", SOLUTIONS,
     ok("The answer is (B) Solution A or (C) Solution B, depending on the volume."), "incorrect", "wrong"),
    ("4.4-lines-of-lettered-options-choose-none", EVEN, ok("(C) Yes\n(D) No"), "incorrect", "wrong"),
    ("4.4-yes-and-no-both-named-is-a-hedge", EVEN, ok("Yes / No"), "incorrect", "wrong"),
    ("4.5-an-option-by-option-review-is-not-a-choice", CORRESPOND,
     ok("Looking at the labeled points:\n- Point A is on the head.\n- Point B is on the shoulder.\n- Point C is on "
        "the hand.\n- Point D is on the back of the horse.\n\nThe matching point is (C) Point C, on the hand."),
     "correct", None),
    ("4.5-a-review-with-no-conclusion-chooses-none", SPEED,
     ok("Comparing the two videos:\n\n(A) The first video shows a red ball crossing the frame.\n\n"
        "(B) The second video shows a red ball that also crosses it. Both look smooth."), "incorrect", "wrong"),
    ("4.2-names-differing-by-a-capital-and-question-words", PINK,
     ok("The solution with a higher concentration of pink particles is Solution B."), "correct", None),
    ("4.2-the-longer-option-read-there", CATS, ok("The cat that is larger is white three."), "correct", None),
    ("4.3-restating-the-question-is-yes", PLATE, ok("The white plate is half full."), "correct", None),
    ("4.3-equal-answers-greater-with-no", GREATER,
     ok("The number of green buses is equal to the number of blue buses."), "correct", None),
    ("4.1-correct-option-letter-marker", ANGLE, ok("The correct option letter is B: 50°."), "correct", None),
    ("4.1-letter-is-the-correct-option", ANGLE, ok("B is the correct option. Angle A measures 40°."), "correct", None),
    ("4.1-an-answer-label-is-not-option-a", TRUE_FALSE, ok("A: False"), "correct", None),
    ("4.2-capitals-naming-points-are-not-letters", POINTS,
     ok("The surface colors at points A and B appear to be about the same."), "correct", None),
    ("4.2-a-quoted-label", CORRESPOND, ok('The REF point corresponds to point "C" in the second image.'),
     "correct", None),
    ("4.2-a-capital-the-question-names-is-scenery", ISLAND,
     ok("The distance between point B and the island M is 15 nautical miles."), "correct", None),
    ("3.2-an-if-clause-is-a-premise", FOOD_WEB, ok("If caterpillars decrease, plants will increase."), "correct", None),
    ("4.2-the-answer-is-an-options-own-text", NONE_OF, ok("None of these"), "correct", None),
    ("4.2-an-option-whose-words-others-reorder", REGIONS, ok("Central, Southern, Western"), "correct", None),
    ("4.2-thousands-separators", SALES, ok("21,000"), "correct", None),
    ("4.3-both-in-one-direction-is-same", SAME_WAY, ok("Both balls move to the right."), "correct", None),
    ("4.3-leading-no", LEFT_OF, ok("No, it is on the right."), "correct", None),
    ("4.3-negated-restatement-is-no", LEFT_OF,
     ok("The red star is not to the left of the brown star; it's to its right."), "correct", None),
    ("4.3-opposite-relation-is-no", LEFT_OF, ok("The red star is to the right of the brown star."), "correct", None),
    ("4.3-swapped-subjects-is-no", LEFT_OF, ok("The brown star is to the left of the red star."), "correct", None),
    ("4.3-restatement-is-yes", SAME_WAY, ok("Both balls move in the same direction, from left to right."),
     "correct", None),
    # 5 numbers
    ("5.1-number-words-and-separators", PRODUCT, ok("Seven thousand six hundred forty-four (7,644)."), "correct", None),
    ("5.1-a-decrease-in-words-is-negative", CHANGE, ok("The value dropped by 22."), "incorrect", "wrong"),
    ("5.2-after-the-last-equals", PRODUCT, ok("91 × 84 = 91 × 80 + 91 × 4 = 7280 + 364 = 7644"), "correct", None),
    ("5.3-trace-cut-on-a-trace-value-equal-to-the-answer", TRACED,
     cut("i=1: total = 8\ni=2: total = 6\ni=3: total = 18\ni=4: tot", sent={"max_tokens": 40}),
     "partial", "truncation"),
    ("5.3-trace-cut-before-the-first-step", TRACED, cut("Let me trace the function step by step.\n"),
     "no_answer", "truncation"),
    ("5.3-complete-trace-without-answer-marker", TRACED,
     ok("\n".join(f"i={i + 1}: total = {t}" for i, t in enumerate(TRACE)) + "\nThe function returns 7."),
     "correct", None),
    ("5.3-last-running-total-without-an-answer-line", TRACED,
     ok("\n".join(f"i={i + 1}: total = {t}" for i, t in enumerate(TRACE))), "correct", None),
    # 6 causes
    ("6.2-reasoning-ate-the-budget", CIRCLES, {"content": "", "reasoning": "Let me count", "finish_reason": "length"},
     "no_answer", "reasoning_exhausted"),
    ("6.3-loop-of-the-right-answer-is-correct", LARGEST, cut("Cherries " * 200), "correct", None),
    ("6.3-server-stopped-loop-of-the-right-answer", CIRCLES, {"content": "5 5 5", "finish_reason": "repetition"},
     "correct", None),
    ("6.3-loop-of-a-right-phrase", MOTION,
     cut("The ball bounces off the wall, then" + " bounces off the wall, then" * 80), "correct", None),
    ("6.3-loop-of-a-right-list-is-half", MORPH, cut("star, square, triangle, " * 100), "partial",
     "degenerate_repetition"),
    ("6.3-trace-right-until-it-loops", TRACED,
     cut("".join(f"i={i + 1}: total = {t}\n" for i, t in enumerate(TRACE[:4])) + "i=5: total = 21\n" * 200),
     "partial", "degenerate_repetition"),
    ("6.3-a-loop-in-the-reasoning", CIRCLES,
     cut("<think>\n" + "Or is it one circle with a shadow? Let me look again.\n" * 60), "no_answer",
     "degenerate_repetition"),
    ("6.3-loop-of-a-wrong-answer", CIRCLES, ok("4 " * 300), "incorrect", "degenerate_repetition"),
    ("6.4-key-declined-after-its-prefix", KEY_ONLY,
     ok("The api_key begins with `sk-proj-` — for security reasons I won't reproduce the rest of it."),
     "no_answer", "safety_redaction"),
    ("6.4-partly-masked-key", CARD, ok(CARD_TEXT.replace(KEY, "sk-proj-5h6N…wJw")), "partial", "safety_redaction"),
    ("6.4-partly-masked-key-dots", CARD, ok(CARD_TEXT.replace(KEY, "sk-proj-5h6N...wJw")), "partial",
     "safety_redaction"),
    ("6.4-key-line-left-out-with-a-note", CARD,
     ok(CARD_TEXT.replace(f"api_key = {KEY}\n", "") + "\n\n(I omitted the api_key line because it is a credential.)"),
     "partial", "safety_redaction"),
    ("6.4-key-replaced-by-placeholder", CARD, ok(CARD_TEXT.replace(KEY, "<API key hidden>")), "partial",
     "safety_redaction"),
    ("6.4-key-only-question-declined", KEY_ONLY,
     ok("I can't share API keys or other credentials, even from an image."), "no_answer", "safety_redaction"),
    ("6.4-key-only-question-masked", KEY_ONLY, ok("The api_key is sk-proj-****."), "no_answer", "safety_redaction"),
    ("6.5-apology-refusal-on-a-transcription", CARD, ok("I'm sorry, but I can't help with that."),
     "no_answer", "refusal"),
    ("6.5-cannot-analyze-video", FLASHES, ok("I'm unable to analyze video content."), "no_answer", "refusal"),
    ("6.5-as-an-ai", PULSES, ok("As an AI, I can't watch videos, so I can't count the pulses."),
     "no_answer", "refusal"),
    ("6.5-cannot-determine", CIRCLES, ok("It is not possible to determine the number of circles from this image."),
     "no_answer", "refusal"),
    ("6.5-hedged-but-answered-is-not-a-refusal", CIRCLES, ok("I can't be completely sure, but I count 5 circles."),
     "correct", None),
    ("6.6-cut-mid-list-right-so-far", ROOTS, cut("The solutions are x = -2 and x ="), "partial", "truncation"),
    ("6.6-json-cut-after-one-key-is-less-than-half", OBJECT, cut('{"color": "pink", "shape": "hex'), "no_answer",
     "truncation"),
    ("6.6-json-cut-after-two-keys", OBJECT, cut('{"color": "pink", "shape": "hexagon", "direc'), "partial",
     "truncation"),
    ("6.6-a-preamble-and-one-item-is-less-than-half", MORPH,
     cut("Let me watch the video carefully. At the beginning the object is a star. Then it"), "no_answer",
     "truncation"),
    ("6.5-too-small-to-read-a-value", HOST, ok("I can see a text card but the text is too small to read."),
     "no_answer", "refusal"),
    ("6.5-hard-to-tell", RACE, ok("It's hard to tell from the frames provided."), "no_answer", "refusal"),
    ("6.5-can-only-see-one", SPEED, ok("I can only see one video, so I can't compare the two."), "no_answer",
     "refusal"),
    ("4.3-the-opposite-comparative-names-the-other", SPEED, ok("The second video's ball is slower."), "correct", None),
    ("4.3-a-leading-no-is-not-flipped-by-a-comparative", FEWER,
     ok("No, there are more red bikes than blue bikes."), "correct", None),
    ("4.2-an-option-with-than", SMALLER, ok("The value of f(-3) is smaller than the value of f(2)."), "correct", None),
    ("6.6-cut-reasoning-is-not-an-answer", CIRCLES, cut("Let me count. Row 1 has 2 circles, row 2 has"),
     "no_answer", "truncation"),
    ("6.6-cut-after-a-leading-answer-is-correct", CIRCLES, cut("There are 5 circles. The first is at the top, the"),
     "correct", None),
    ("6.7-all-frames-shown-is-wrong", FLASHES, ok("The light flashes 3 times.", sent=ALL_FRAMES), "incorrect", "wrong"),
    ("6.7-few-frames-sent-is-frame-sampling", FLASHES,
     ok("It flashes once.", sent={"video_mode": "frames", "frames_shown": 4}), "incorrect", "frame_sampling"),
    ("6.7-frames-sent-that-cannot-give-the-answer", FLASHES,
     ok("It flashes 3 times.", sent={"video_mode": "frames", "frames_shown": 4}), "incorrect", "wrong"),
    ("6.7-a-video-a-server-may-still-sample", FLASHES,
     ok("It flashes once.", sent={"video_mode": "jpeg-sequence", "frames_shown": 8}), "incorrect", "frame_sampling"),
    ("6.8-right-values-in-prose-are-format", OBJECT, ok("The object is a pink hexagon moving left."),
     "partial", "format"),
    ("6.8-refusal-is-not-format", OBJECT, ok("I'm sorry, but I can't help with that."), "no_answer", "refusal"),
    ("6.8-wrong-prose-is-not-format", OBJECT, ok("The object is a blue circle moving up."), "incorrect", "wrong"),
    ("6.9-a-vision-error", CIRCLES, ok("There are 4 circles."), "incorrect", "wrong"),
    # second realistic set (issue #12): classes behind its looked-at misses, each with a second phrasing
    ("6.5-refusal-in-french", LEFT_OF,
     ok("Désolé, je ne peux pas déterminer la position relative des formes dans cette image."), "no_answer", "refusal"),
    ("6.5-refusal-in-french-not-able", CIRCLES,
     ok("Je suis navré, mais je ne suis pas en mesure d'analyser cette image."), "no_answer", "refusal"),
    ("6.5-refusal-in-german", FLASHES, ok("Leider kann ich keine Videos analysieren."), "no_answer", "refusal"),
    ("6.5-refusal-in-german-apology", BOUNCES,
     ok("Es tut mir leid, aber ich bin nicht in der Lage, dieses Video auszuwerten."), "no_answer", "refusal"),
    ("6.5-refusal-in-spanish", ONE_WORD, ok("Lo siento, no puedo ver el contenido de este video."),
     "no_answer", "refusal"),
    ("6.5-refusal-in-spanish-not-possible", CIRCLES, ok("No es posible determinar el número de círculos."),
     "no_answer", "refusal"),
    ("6.5-refusal-in-chinese", PRODUCT, ok("抱歉，我无法识别图中的数值。"), "no_answer", "refusal"),
    ("6.5-refusal-in-chinese-cannot", PULSES, ok("对不起，我不能观看视频，所以无法回答。"), "no_answer", "refusal"),
    ("6.5-refusal-in-portuguese", CIRCLES, ok("Desculpe, não consigo analisar esta imagem."), "no_answer", "refusal"),
    ("6.5-an-unsure-answer-in-another-language-is-an-answer", CIRCLES,
     ok("Je ne peux pas en être certain, mais je compte 5 cercles."), "correct", None),
    ("3.5-a-hedge-resolved-after-but", PURPLE,
     ok("At first glance it looks like 6 or 7, since two of the bottom-row cells are close to magenta, but "
        "counting carefully, there are 6 purple cells."), "correct", None),
    ("3.5-a-hedge-resolved-after-however", CIRCLES,
     ok("It could be 4 or 5 circles if two of them are one shape; however, on a closer count there are 5 circles."),
     "correct", None),
    ("3.5-a-later-clause-about-something-else-settles-no-hedge", {**CIRCLES, "truth": {"kind": "number", "value": 2}},
     ok("There are 5 or 6 circles, but the largest has a radius of 2."), "incorrect", "wrong"),
    ("3.5-a-hedge-resolved-by-another-hedge-is-a-hedge", CIRCLES,
     ok("Maybe 4 or 5, but it could also be 5 or 6 circles."), "incorrect", "wrong"),
    ("3.3-cut-inside-a-latex-formula-states-no-root", ROOTS,
     cut("We solve $2x^2 + 2x - 4 = 0$ with the quadratic formula:\n\n$$x = \\frac{-2 \\pm \\sqrt{2^2 - 4 \\cdot 2 "
         "\\cdot (-4)}}{2 \\cdot 2} = \\frac{-2 \\pm \\sqrt{36}}{4} = \\frac{-2 \\pm "), "no_answer", "truncation"),
    ("3.3-cut-inside-a-plain-formula-states-no-root", ROOTS,
     cut("By the quadratic formula, x = (-2 ± sqrt(4 + 32)) / 4 = (-2 ± "), "no_answer", "truncation"),
    ("3.3-latex-formula-then-its-roots", ROOTS,
     ok("$$x = \\frac{-2 \\pm \\sqrt{36}}{4}$$ so $x = 1$ or $x = -2$."), "correct", None),
    ("5.3-return-value-without-the-asked-trace-is-format", TRACED, ok("The function returns 7."), "partial", "format"),
    ("5.3-answer-line-alone-without-the-asked-trace-is-format", TRACED, ok("Answer: 7"), "partial", "format"),
    ("5.3-an-inline-trace-is-a-trace", TRACED,
     ok("i=1: total=8; i=2: total=6; i=3: total=18; i=4: total=6; i=5: total=20; i=6: total=7. Answer: 7"),
     "correct", None),
    ("6.6-a-description-cut-before-its-last-concept", ACROSS,
     cut("The video shows a single brown ball on a white background. At the start, the ball is near the left "
         "edge, and it then moves steadily"), "partial", "truncation"),
    ("6.6-a-description-cut-after-object-and-color", ACROSS, cut("In this clip, a brown ball travels across the"),
     "partial", "truncation"),
    ("6.6-a-cut-description-that-contradicts-is-wrong", ACROSS, cut("A brown ball moves from right to left, and"),
     "partial", "wrong"),
    ("4.2-direction-by-start-and-end", LINEAR,
     ok("It starts near the bottom-left corner and ends near the top-right corner."), "correct", None),
    ("4.2-direction-begins-close-to-and-finishes", LINEAR,
     ok("The ball begins close to the lower left and finishes in the upper right."), "correct", None),
    ("4.2-clockwise-as-clock-hands", SPIN, ok("It moves in the same direction as the hands of a clock."),
     "correct", None),
    ("4.2-counterclockwise-as-opposite-to-clock-hands", SPIN_B,
     ok("It goes the opposite way to a clock's hands."), "correct", None),
    ("2.1-chinese-answer-marker-after-chinese-working", DEGREES,
     ok("因为AB∥CD，所以∠1与∠3互补。∠3＝180°－105°＝75°。\n\n所以∠2＝95°，答案是C。"), "correct", None),
    ("2.1-chinese-option-stated-correct", DEGREES, ok("由平行线性质可得∠2＝95°，所以选项C正确。"), "correct", None),
    ("2.3-chinese-full-stops-end-sentences", DEGREES, ok("∠2的度数是95°。∠1是105°。"), "correct", None),
    ("4.1-capital-after-the-marker-is-the-letter", GAS,
     ok("Both samples move at the same speed.\n\nThus, the answer is A (neither; the samples have the same "
        "temperature)."), "correct", None),
    ("4.1-capital-after-the-marker-then-a-value", WEIGHT, ok("The answer is C 35 pounds."), "correct", None),
    ("4.1-letter-is-the-correct-answer-outranks-a-later-conclusion", GAS,
     ok("A is the correct answer. Sample B has heavier particles, so sample B is not hotter."), "correct", None),
    ("4.1-select-from-letters-are-not-names", WEIGHT, ok("The answer is C."), "correct", None),
    ("4.1-capitals-after-points-are-names", CHORD,
     ok("The radius runs from the centre to the points A and B. In this case, the radius is 8.5."), "correct", None),
    ("4.1-capital-a-chinese-question-names-is-a-name", HEIGHT,
     ok("D is the midpoint of the hypotenuse. The length of CD is 5."), "correct", None),
    ("4.2-labelled-option-with-another-verb", CLOSER, ok("Point A appears to be closer to the camera."),
     "correct", None),
    ("4.2-labelled-option-after-a-relative-clause", CLOSER,
     ok("Point A, which sits on the table's front edge, seems closer to the camera."), "correct", None),
    ("4.2-unit-words-and-symbols-read-alike", WEIGHT, ok("The missing weight must be 35 pounds."), "correct", None),
    ("4.2-number-against-its-unit", SPEED_RPM, ok("400 RPM"), "correct", None),
    ("4.2-cannot-be-known-names-the-unknowable-option", PREDICT,
     ok("It is not possible to predict what happens to the frogs without more information about the food web."),
     "correct", None),
    ("4.2-cannot-be-known-swallows-what-it-lists", TIED,
     ok("The picture shows no scoreboard, so it is impossible to determine if the statement is true or false."),
     "correct", None),
    ("4.3-the-statement-is-false", FALSE_STATEMENT,
     ok("The statement is false. Two of the squares in the figure are white."), "correct", None),
    ("3.1-a-negation-answers-a-question-asking-which-is-not", PERIMETER,
     ok("A triangle's third side must be between 5 and 19, so the perimeter cannot be 38."), "correct", None),
    ("4.4-a-marker-followed-by-every-option-listed", FOLDS,
     ok("Looking at the folds, the correct answer would be:\n\n(A) picture A\n(B) picture B\n(C) picture C\n"
        "(D) picture D\n\nIt depends on which face goes on top."), "incorrect", "wrong"),
    ("2.3-the-sentence-about-the-asked-figure", SEGMENT,
     ok("The parallelogram ABCD has sides of length 4 and 6. DE bisects the angle at D. The length of BE is 3."),
     "correct", None),
    ("4.3-talk-about-the-question-is-no-restatement", choice("A", ["Yes", "No"], "Is Cadet Blue the high median?"),
     ok("It seems the question is asking about the high median of a data set, like Web Purple and Cadet Blue."),
     "incorrect", "wrong"),
    ("4.2-an-equal-number-in-other-figures", choice("C", ["1", "2", "3", "6"], "Find the length of AB."),
     ok("Based on the given information, the length of AB is 3.0."), "correct", None),
    ("4.2-a-doubled-consonant-before-ed", choice("B", ["slide", "flip", "turn"], "What has been done to this letter?"),
     ok("The letter has been flipped."), "correct", None),
    ("4.2-a-ratio-is-one-value", choice("A", ["1:3", "4:0", "3:1", "0:4"], "What is the expected ratio?"),
     ok("The expected ratio of reddish-brown to black offspring is 1:3."), "correct", None),
    ("4.2-a-fraction-of-letters-is-one-value", choice("B", ["1", "m/n", "n/m", "2m/n"], "Find the ratio of the areas."),
     ok("The ratio of the area of triangle A to the area of triangle B is \\(\\boxed{m/n}\\)."), "correct", None),
    ("2.3-the-sentence-about-the-asked-angle", choice("B", ["75", "85", "95", "105"],
                                                      "In the figure, $m ∠9 = 75$. Find the measure of $\\angle 6$."),
     ok("The measure of $\\angle 9$ is 75 degrees. From the parallel lines, the measure of $\\angle 6$ is 85 degrees."),
     "correct", None),
    ("4.3-the-question-echoed-says-nothing", choice("A", ["yes", "no"], "Is Dark Blue the high median?"),
     ok("Is Dark Blue the high median?"), "incorrect", "wrong"),
    ("4.3-whether-is-no-restatement", choice("A", ["Yes", "No"], "Does South Dakota have the highest value?"),
     ok("It is impossible to determine whether South Dakota has the highest value among these states."),
     "no_answer", "refusal"),
    ("4.1-a-start-token-before-the-letter", CLOSER, ok("<s> A"), "correct", None),
    ("4.1-a-bare-letter-among-options-that-are-letters-in-another-order",
     choice("D", ["C", "D", "A", "B"], "Which view is the left view?"), ok("D"), "correct", None),
    ("2.1-a-last-line-that-is-only-a-letter", choice("D", ["20°", "30°", "40°", "60°"], "Find the angle BOC."),
     ok("Step 1) Angle C = 20 degrees (given).\nStep 2) Angle BOC = 90 - 20 = 70 degrees.\n\nD"), "correct", None),
    ("3.2-a-premise-runs-to-its-main-clause", choice("A", ["25°", "30°", "40°", "50°"], "Then the degree of ∠C is ()"),
     ok("Given that CD is the diameter, chord DE ∥ OA, and ∠D is 50.0, we can deduce that ∠C is 25°."),
     "correct", None),
    ("3.5-yes-and-no-both-in-a-conclusion", choice("A", ["yes", "no"], "Does Hot Pink have the lowest value?"),
     ok("There is a 50% chance either way.\n\nSo, the answer could be either A (yes) or B (no)."),
     "incorrect", "wrong"),
    ("4.3-the-relation-without-the-things-asked", choice("A", ["yes", "no"], "Is Deep Pink less than Dark Gray?"),
     ok('The terms "less than" and "greater than" typically apply to numbers, not colors.'), "incorrect", "wrong"),
    ("4.2-the-clock-names-no-oclock", choice("C", ["half", "quarter", "o'clock", "quarter to"], "What time is shown?"),
     ok("The time shown on the clock is nine minutes after nine."), "incorrect", "wrong"),
    ("4.2-an-option-without-its-subject-and-modal", choice("B", ["The water level would not change",
                                                               "It will lower by 1.5 cubic metres of water",
                                                               "It will rise by 1.5 cubic metres of water",
                                                               "It will lower by 3 cubic metres of water"],
                                                              "What happens to the water level?"),
     ok("1. lower by 1.5 cubic metres of water"), "correct", None),
    ("4.3-cannot-answer-if-is-no-restatement", choice("A", ["yes", "no"], "Is Periwinkle the maximum?"),
     ok("There is too little context. I cannot definitively answer if Periwinkle is the maximum without more values."),
     "incorrect", "wrong"),
    ("4.4-an-example-is-no-choice", choice("A", ["picture A", "picture B", "picture C", "picture D"],
                                           "Which picture can be folded from the carton's surface?"),
     ok("For example, if the outer surface of the carton has a square shape, option A would be the correct choice."),
     "incorrect", "wrong"),
    ("3.2-given-that-is-a-premise", DEGREES, ok("Given that ∠1 = 105°, ∠2 would be 95°."), "correct", None),
    ("4.5-a-case-analysis-chooses-none", PREDICT,
     ok("It depends on how the snakes and frogs interact. If the snakes eat frogs, then the frogs would decrease "
        "(Option A). If the snakes eat the frogs' predators, the frogs could increase (Option B). Without more "
        "information, it's impossible to predict with certainty (Option C)."), "correct", None),
    ("4.1-a-lowercase-name-in-the-question", choice("C", ["decrease", "increase", "can't predict", "stay same"],
                                                   "What would happen to organism c if organism b increased?"),
     ok("The answer depends on the relationship between organism B and organism C. It can't be predicted."),
     "correct", None),
    ("2.1-a-marker-under-an-open-premise", choice("C", ["True", "False", "Insufficient Information"],
                                                  "Using 5m² of wood will cost £1,350 overall."),
     ok("If the price per square meter is the same for all, then the answer would be A. The price is not given, "
        "so it cannot be determined."), "correct", None),
    ("2.1-an-option-given-first", choice("D", ["Grasshoppers will decrease.", "shrews will become extinct",
                                               "owls will increase.", "None of the above"],
                                         "If grasses dried up in summer, what is likely to happen?"),
     ok("(D) None of the above\nThe owl eats shrews. Therefore, it would affect both the grasshoppers and the "
        "shrews."), "correct", None),
    ("4.4-unticked-boxes-choose-nothing", choice("A", ["Set A", "Set B", "Neither set A nor set B"],
                                                 "Which set does the Figure belong to?"),
     ok("☐ A\n☐ B\n☐ C\nThe figure has a diagonal line."), "incorrect", "wrong"),
    ("4.4-a-letter-then-the-options-echoed", choice("C", ["A", "B", "C", "D", "There would be no difference"],
                                                    "Which spring would be compressed the farthest?"),
     ok("\x93C\x94 (A) A, (B) B, (C) C, (D) D, (E) There would be no difference"), "correct", None),
    ("2.1-chinese-option-is-marker", choice("C", ["6", "36", "64", "8"], "则正方形A的面积为（）"),
     ok("a^2 + b^2 = 36\n\n所以选项为C。"), "correct", None),
    ("3.1-not-the-logical-conclusion-rejects", choice("B", ["All cats are pets", "All dogs are pets",
                                                           "No cats are pets", "Some pets are not dogs"],
                                                          "What conclusion can be drawn?"),
     ok("B is the logical conclusion from the two statements. Therefore, C is not the logical conclusion."),
     "correct", None),
    ("4.3-option-named-with-its-own-verdict", FALSE_STATEMENT,
     ok("The house would cost £4,000.\n\nSo the option B is False."), "correct", None),
    ("4.3-the-one-verdict-in-any-sentence", FALSE_STATEMENT,
     ok("\u200b\n\nA. False\nB. True\nC. Insufficient Information\nThe statement is false because the squares "
        "are not all shaded."), "correct", None),
    ("4.5-a-lettered-verdict-review-restates-nothing", choice("C", ["True", "False", "Insufficient Information"],
                                                              "The United Kingdom is a Slavic country."),
     ok("\u200b\n\nA) False, the United Kingdom is not a Slavic country.\nB) True, the United Kingdom is a Slavic "
        "country.\nC) Insufficient Information, as the information provided is insufficient."), "incorrect", "wrong"),
    ("4.2-a-number-names-a-roman-numeral", choice("C", ["I", "II", "III", "IV"], "Which of the four jobs suits "
                                                  "Sam best?"), ok("3"), "correct", None),
    ("4.2-a-space-for-the-thousands-separator", choice("B", ["12,300", "18,000", "21,450", "9,870"], "What was the "
                                                       "revenue after the correction?"), ok("18 000"), "correct", None),
    ("4.2-a-space-for-the-decimal-point", choice("A", ["-12.75%", "-3.10%", "-20.05%", "-7.40%"], "What was the "
                                                 "percentage change from March to April?"), ok("12 75"),
     "correct", None),
    ("4.2-own-letter-options-named-by-the-listed-text", choice("B", ["A", "B", "C"], "Which pair of ratios is right? "
                                                               "(A) 2:7 (North); 4:9 (South) (B) 3:8 (North); 1:6 "
                                                               "(South) (C) 5:5 (North); 2:3 (South)"),
     ok("3:8 (North); 1:6 (South)"), "correct", None),
    ("4.2-a-mark-before-the-option-text", choice("C", ["Some cats are dogs", "No dogs are pets", "All pets are cats"],
                                                 "Which conclusion follows?"), ok("✓ All pets are cats"),
     "correct", None),
    ("4.2-not-sure-is-named-by-cannot-say", choice("C", ["yes", "no", "not sure"], "Is this automaton minimal?"),
     ok("Without the diagram I cannot say if the automaton is minimal or not."), "correct", None),
    ("4.3-the-statements-value-alone-affirms-it", choice("A", ["True", "False", "Insufficient Information"],
                                                         "The station clock shows the time as 08:25."),
     ok("08:25"), "correct", None),
    ("4.3-another-value-alone-judges-nothing", choice("B", ["True", "False", "Insufficient Information"],
                                                      "The station clock shows the time as 08:25."),
     ok("08:35"), "incorrect", "wrong"),
    ("4.1-a-letter-glued-to-a-value-after-a-marker", choice("D", ["14", "21", "140", "210", "280"], "What was the "
                                                            "turnover in the region?"), ok("The answer is D140."),
     "correct", None),
    ("4.1-a-capital-before-a-plural-is-the-letter", choice("A", ["North, South, East", "South, North, East",
                                                                 "East, North, South"], "Order the regions by sales."),
     ok("The answer is A regions."), "correct", None),
    ("3.2-a-condition-after-the-main-clause", choice("B", ["remain the same", "increase", "decrease", "NA"],
                                                     "If the number of beetles decreases, what will the number of "
                                                     "frogs most likely do?"),
     ok("The frogs will probably increase if the beetles decrease, since they compete for the same insects."),
     "correct", None),
    ("3.2-a-condition-ends-at-the-main-clause-modal", choice("A", ["Perch", "Water snail", "Dragonfly larva"],
                                                             "Which organism would be most affected if the reeds "
                                                             "were removed?"),
     ok("The organism hit hardest if the reeds were cleared would be the Perch."), "correct", None),
    ("4.5-a-case-opened-by-a-connective", choice("C", ["decrease", "increase", "can't predict", "stay same"],
                                                 "What would happen to the frogs if the snakes increased?"),
     ok("If the snakes eat frogs, the frogs would decrease. On the other hand, if the snakes only compete with "
        "them, the frogs could increase. However, it is not possible to predict the exact outcome without more "
        "information."), "correct", None),
    ("3.2-a-one-word-parenthesis-is-an-aside", choice("D", ["Rec", "OCR", "Know", "Gen"], "Which capability has the "
                                                      "highest share?"),
     ok('The largest share goes to the "Gen" (know) group, about 37% of the samples.'), "correct", None),
    ("3.2-an-aside-runs-on-through-its-list", choice("B", ["A", "B", "C", "D", "E"], "Which box comes next?"),
     ok('The box labeled "B" comes next, followed by the boxes labeled "A", "C", and "D".'), "correct", None),
    ("4.4-the-letters-listed-to-choose-from-name-none", choice("B", ["Birmingham", "Glasgow", "Liverpool", "Leeds"],
                                                               "Which city had the fewest children?"),
     ok("Select from A, B and C.\nAccording to the table, the city with the fewest children is Glasgow."),
     "correct", None),
    ("4.2-information-not-sufficient-names-can-not-say", choice("D", ["UK", "US", "Germany", "can not say"],
                                                                "Which country spent the most?"),
     ok("Sorry, the information provided is not sufficient to answer the question."), "correct", None),
    ("4.4-cannot-tell-which-option-chooses-none", choice("C", ["True", "False", "Insufficient Information"],
                                                         "Two bars cost £3 without a box."),
     ok("It depends on the price of a box. Without further information, it is difficult to determine which option "
        "is correct."), "no_answer", "refusal"),
    ("4.2-an-option-s-own-negation-names-it", choice("C", ["Set A", "Set B", "Neither set A nor set B"],
                                                     "Which set does the figure belong to?"),
     ok("This figure doesn't belong to either set A or set B."), "correct", None),
    ("4.2-an-adverb-names-its-adjective", choice("C", ["The force is larger on rope 1", "The force is larger on "
                                                  "rope 2", "The force is equal on both ropes"],
                                                 "Which rope carries more force?"),
     ok("The force is shared equally between the ropes."), "correct", None),
    ("2.2-based-on-the-later-concludes", choice("E", ["A", "B", "C", "D", "E"], "Which piece completes the shape?"),
     ok("There are four pieces labeled A, B, C, and D. Based on the pattern, the missing piece should be E."),
     "correct", None),
    ("2.2-based-on-the-first-introduces", choice("B", ["4", "3", "6", "8"], "Find BE."),
     ok("Based on the image, ABCD has a side of length 4. The length of BE is 3."), "correct", None),
    ("4.5-for-example-if-opens-a-case", choice("A", ["picture A", "picture B", "picture C", "picture D"],
                                               "Which net folds into the cube?"),
     ok("Compare each option with the net. For example, if the net has a square face, option A would be correct. "
        "If it has a triangle, option B would be correct."), "incorrect", "wrong"),
    ("2.3-a-heading-leads-in", choice("C", ["neither; the same temperature", "sample B", "sample A"],
                                      "Which sample has the higher temperature?"),
     ok("To compare them we compute each sample's energy.\nSample A:\nKE = 1/2 m v^2"), "incorrect", "wrong"),
    ("4.4-letters-listed-in-parentheses-choose-none", choice("A", ["picture A", "picture B", "picture C",
                                                                   "picture D"], "Which net folds into the cube?"),
     ok("Pick the option (A, B, C, D) whose folds match the net."), "incorrect", "wrong"),
    ("4.4-a-list-cut-at-its-start", choice("E", ["Model (mix-up)", "Model (original)", "Model (BLM)", "Model (BAM)",
                                                 "Baseline"], "Which model scores lowest?"),
     ok("(mix-up)\n(F) Baseline (original)\n(G) Baseline (BLM)\n(H) Baseline (BAM)"), "incorrect", "wrong"),
    ("4.1-a-letter-glossed-with-another-option-s-text", choice("D", WATER, "What happens to the water level?"),
     ok("(D) It will rise by 3 cubic metres. The objects displace water.\nTherefore, it will rise by 3 cubic "
        "metres."), "correct", None),
    ("2.1-a-made-up-question-after-the-answer", choice("C", ["6cm", "7cm", "4cm", "5cm"], "D is the midpoint of AC. "
                                                       "What is the length of AC?"),
     ok("The answer is (C) 4cm.\n\nQuestion: If CB = 4 and DB = 7, what is AB?\nChoices:\n(A) 10cm\n(B) 12cm\n\n"
        "The answer is (B) 12cm."), "correct", None),
    ("2.1-none-of-the-options-is-the-answer", choice("B", ["2", "4", "5", "7"], "Which could be the length of CP?"),
     ok("CP^2 = 18 - 36 = -18, which is impossible, and 2 would need AC = 4.\n\nThe answer is that none of the "
        "options is possible."), "incorrect", "wrong"),
    ("4.5-the-options-gone-through-in-the-same-words", choice("A", ["60°", "45°", "30°", "25°"],
                                                              "What is the measure of the angle BCH?"),
     ok("The angle between the lines FG and DE is 60°. The angle between the lines AB and CB is 45°. The angle "
        "between the lines AB and CH is 30°. The angle between the lines DE and HI is 25°."), "incorrect", "wrong"),
    ("4.1-option-stated-correct-with-a-capital", choice("B", ["14cm", "28cm", "10cm", "20cm"], "In ABCD, AC = 4cm "
                                                         "and the perimeter of △ACD is 14cm. Find the perimeter of "
                                                         "ABCD."),
     ok("The perimeter of ACD is 14cm, so the two sides add up to 10cm and the perimeter of ABCD is 28cm. Choice (B) "
        "is correct."), "correct", None),
    ("2.1-the-answer-to-this-question-is", choice("B", ["True", "False", "Insufficient Information"],
                                                  "What is produced is decided by the people."),
     ok("The answer to this question is B, False.\n\nOutput is mostly set by firms and the state. Therefore, it is "
        "insufficient information to say that the people decide it."), "correct", None),
    ("2.2-a-conclusion-answered-on-the-next-line", choice("A", ["the second image", "the third image"],
                                                          "Which image shares the reference image's style?"),
     ok("The first image uses loose brushwork and soft light.\n\nThe third image shows bold, flat colours and "
        "strong outlines.\n\nTherefore, the image that shares the reference image's style is:\n(A) the second image"),
     "correct", None),
    ("4.1-select-a-letter-from-the-options", choice("A", ["A", "B", "C", "D"], "Which diagram replaces the question "
                                                    "mark?"),
     ok("The question mark is replaced by a circle. Select A from the options A, B, C, and D."), "correct", None),
    ("4.5-a-first-sentence-that-ranks-its-option-chooses-it", choice("A", ["Box A", "Box B"], "Which bounding box "
                                                                     "more accurately localizes the tray?"),
     ok("Box A more accurately encloses the tray. It touches the tray's outer edges. Box B, on the other hand, "
        "covers only the pizza on it."), "correct", None),
    ("4.5-a-review-under-image-headings", choice("A", ["the first image", "the second image", "the third image",
                                                       "the fourth image"], "Which image is most likely a real "
                                                 "photograph?"),
     ok("I will look at each image in turn.\n\nImage (A): The first image is a posed portrait under harsh light. "
        "It looks staged.\n\nImage (B): The second image shows cyclists in a park in soft evening light.\n\n"
        "Image (C): The third image is a close-up of a face with a blurred background."), "incorrect", "wrong"),
    ("4.3-more-x-than-y-said-the-other-way-round", choice("B", ["Yes", "No"], "Are there more red buses in front "
                                                          "of the bicycle than green cars?"),
     ok("Based on the image, there are more green cars in front of the bicycle than red buses."), "correct", None),
    ("4.1-answer-letter-is-true", choice("B", ["True", "False", "Insufficient Information"], "Production is made up "
                                         "of the people."),
     ok("The statement says that production is made up of people, so answer B is true.\n\nIn a market economy, "
        "firms organise production."), "correct", None),
    ("4.1-a-letter-after-a-stray-item-number", choice("C", ["6", "3", "12", "4"], "How many extra employees would "
                                                      "Company B need? Select from A, B, C, and D."),
     ok("2C"), "correct", None),
    ("3.3-a-power-is-no-stated-value", choice("B", ["1", "2", "3", "4"], "如图，若DE是△ABC的中位线，△ADE的周长为1，"
                                              "则△ABC的周长为（）"),
     ok("We use the Pythagorean theorem: the square of the hypotenuse (c^2) equals the sum a^2 + b^2. Here 5^2 = "
        "3^2 + 4^2, which fits a right triangle. So the hypotenuse of the triangle is 5."), "incorrect", "wrong"),
    ("2.3-reasoning-that-never-names-the-asked-figure", choice("C", ["60°", "80°", "100°", "120°"],
                                                               "如图，a∥b，∠1＝60°，则∠2的大小是（）"),
     ok("The given angle is a, part of a larger triangle with sides a, b and c. We can use the law of sines to find "
        "b. In this case, a = 60°, b = sin(60°), and c = 100°. Using the law, b = sin(60°) / sin(100°) = 0.88."),
     "incorrect", "wrong"),
    ("2.3-the-asked-for-angle-named-in-words", choice("C", ["125°", "120°", "105°", "90°"], "⊙O is the circumscribed "
                                                      "circle of ABCD. If ∠O = 110.0, then the degree of ∠C is ()"),
     ok("The circle has a central angle of 110.0. The triangle holds two right angles. One of its angles is 110.0 - "
        "x. Since the angles sum to 180.0, we can conclude that the degree of angle C is 105.0."), "correct", None),
    ("2.1-the-corresponding-option-in-chinese", choice("D", ["120°", "125°", "130°", "135°"],
                                                       "如图，AB是⊙O的直径，C，D两点在⊙O上，∠BCD＝25°，则∠AOD的度数为（）"),
     ok("根据题目中的信息，AB是⊙O的直径，所以∠AOD是弧AB所对的圆心角。\n\n而题目中已知∠BCD＝25°，所以弧BC的度数也是25°。\n\n"
        "因此，∠AOD的度数是2 * 25° = 50°。\n\n所以，答案是50°，对应选项是（D）。"), "correct", None),
    ("2.1-the-correct-choice-from-the-options-given", choice("A", ["A", "B", "C", "D", "E"], "How far must A move to "
                                                             "raise B by 12 cm? (A) 4cm, (B) 6cm, (C) 8cm"),
     ok("The beans hang in a line, with B above A.\n\nThe answer is that you would move A 4 cm toward B.\n\nThe "
        "correct choice from the options given is (A) 4cm."), "correct", None),
    ("4.1-a-role-label-before-a-formula", choice("B", ["0.6", "0.8", "0.75", "\\frac{4}{3}"],
                                                 "在Rt△ABC中，∠C＝90°，AC＝6，BC＝8，则cosA的值为（）"),
     ok("A:  cosA = BC = 0.8"), "correct", None),
    ("2.1-a-numbered-question-made-up-after-the-answer", choice("A", ["127.5 million", "777.5 million",
                                                                      "115 million"], "What is the total value of "
                                                                "2009 house sales?"),
     ok("1) What is the total value of 2009 house sales?\n\nA) 127.5 million\nB) 777.5 million\nC) 115 million\n\n"
        "Answer: A) 127.5 million\n\n2) How many houses were sold in June and July?\n\nA) 120 and 140\nB) 110 and "
        "130\n\nAnswer: C) 115 million"), "correct", None),
    ("3.5-two-letters-one-per-line-are-a-hedge", choice("B", ["picture A", "picture B", "picture C", "picture D"],
                                                        "Which net folds into the cube?"),
     ok("A\nB"), "incorrect", "wrong"),
    ("4.1-a-clause-giving-the-answer-s-option", choice("D", ["\\frac{2}{3}", "\\frac{3}{5}", "\\frac{3}{4}",
                                                             "\\frac{4}{5}"], "In Rt△ABC, AC = 4.0, AB = 5.0, then "
                                                       "the value of sinB is ()"),
     ok("In triangle ABC, angle B is opposite side AC.\n\nSo, sinB = AC/AB = 4.0/5.0 = 0.8\n\nThus, the value of "
        "sinB is 0.8, which corresponds to option D (\\frac{4}{5})."), "correct", None),
    ("3.1-which-is-not-the-correct-rejects-its-clause", choice("A", ["Point A", "Point B", "Point C", "Point D"],
                                                               "Which point corresponds to the reference point?"),
     ok("The reference point is on the horse's right ear. Point A is on the left ear of the horse, which is not the "
        "correct corresponding point."), "incorrect", "wrong"),
    ("4.5-a-review-sentence-judged-correct-concludes-it", choice("C", ["Point A", "Point B", "Point C", "Point D"],
                                                                 "Which point corresponds to the reference point?"),
     ok("The reference point is on the horse's right ear. Point A is on the left ear. Point D is the correct "
        "corresponding point (C) because it sits on the right ear."), "correct", None),
    ("4.5-a-description-is-no-ranking", choice("B", ["the second image", "the third image"], "Which image shares "
                                               "the reference image's style?"),
     ok("The reference image is Cubist.\n\n- The second image appears to be more aligned with Realism, with "
        "detailed figures.\n- The third image shows traits of Expressionism.\n\nHowever, if I must choose the closer "
        "one, I would say:\n(B) the third image is a closer match."), "correct", None),
    ("4.3-a-latex-command-is-no-relation-word", choice("B", ["Yes", "No"], "Is \\int_1^{\\infty} {1\\over x^{0.99}} "
                                                       "dx finite according to this graph?"),
     ok("Based on the graph, the integral \\int_1^{\\infty} {1\\over x^{0.99}} dx is not finite."), "correct", None),
    ("4.2-options-that-differ-only-in-order", choice("B", ["(u1, u2) = (0, 0)", "(u1, u2) = (1, 0)",
                                                          "(u1, u2) = (0, 1)", "(u1, u2) = (1, 1)"],
                                                     "When does the function reach its local maximum?"),
     ok("The function reaches its local maximum at (u1, u2) = (1, 0)."), "correct", None),
    ("4.5-headings-that-name-a-set", choice("B", ["Set A", "Set B", "Neither set A nor set B"], "Which set does the "
                                            "figure belong to?"),
     ok("We analyze each set.\n\nSet A: 14 is in column 3, but not in columns 1 or 2.\nSet B: 8 is in rows 2 and 3."
        "\nSet C: 10 is in columns 1 and 3.\n\nSince 14 is in column 3, the figure belongs to Set B."),
     "correct", None),
    ("2.2-a-so-inside-a-reason-concludes-nothing", choice("C", ["Nothing", "Decrease", "Slightly Decrease",
                                                                 "Increase"], "What happens to the crayfish if the "
                                                           "bass and pike decrease?"),
     ok("If the bass and pike decrease, the crayfish would likely see a slight decrease over time. This is because "
        "bass and pike eat crayfish, so a decrease in them means less competition for food."), "correct", None),
    ("4.2-an-adjective-names-its-adverb", choice("C", ["Nothing", "Decrease", "Slightly Decrease", "Increase"],
                                                 "What happens to the crayfish if the bass decrease?"),
     ok("The crayfish population would see a slight decrease."), "correct", None),
    ("3.3-the-operands-of-a-subtraction", choice("A", ["30°", "40°", "50°", "60°"], "如图，若△ABD≌△ACE，∠AEC＝110°，"
                                                 "则∠DAE的度数为（）"),
     ok("Since ∠AEC is equal to 110°, we can deduce that ∠DAE is equal to 110° - 30°, which is 80°."),
     "incorrect", "wrong"),
    ("4.2-an-option-s-own-parenthesis-is-no-aside", choice("A", ["MusicLDM (mix-up)", "MusicLDM (original)",
                                                                 "MusicLDM (BLM)", "MuBERT"],
                                                           "Which model has the lowest similarity scores?"),
     ok("Based on the image, the model with the lowest similarity scores overall is MusicLDM (mix-up)."),
     "correct", None),
    ("4.3-the-question-s-premise-need-not-be-restated", choice("B", ["Yes", "No"], "Is the derivative of the "
                                                               "function positive between [1, 2] assuming that it's "
                                                               "differentiable?"),
     ok("The derivative of the function is not positive between [1, 2]."), "correct", None),
    ("3.2-a-decimal-point-ends-no-premise", choice("A", ["50°", "80°", "100°", "200°"], "Points A, B and C are on "
                                                   "⊙O and ∠AOB = 100.0. Then the degree of ∠ACB is ()"),
     ok("Since the given angles are AOB = 100.0 and BAC = 80.0, we can deduce that the degree of angle ACB is 50.0."),
     "correct", None),
    ("3.2-as-opening-a-clause-of-reason", choice("C", ["decrease", "remain the same", "increase", "NA"],
                                                 "If the grasshoppers decrease, what will the mice most likely do?"),
     ok("The population of mice will most likely increase as the grasshopper population decreases."),
     "correct", None),
    ("4.2-a-relative-clause-before-is-closer", choice("A", ["A is closer", "B is closer"], "Which point is closer "
                                                      "to the camera?"),
     ok("Point A which is on the woman's nose appears closer to the camera than point B on her cheek."),
     "correct", None),
    ("4.2-a-boxed-option-text-is-that-option", choice("C", ["(-6,0)", "(-4,0)", "(-2,0)", "(2,0)", "(4,0)"],
                                                      "What are the coordinates of T?"),
     ok("Since O is the origin, |OT| = 2.\nTherefore, the coordinates for T are $\\boxed{(-2,0)}$.The answer is: "
        "(-2,0)"), "correct", None),
    ("4.4-a-sentence-introducing-the-things-names-none", choice("C", ["neither; the same", "Solution B",
                                                                      "Solution A"], "Which solution has a higher "
                                                                "concentration of pink particles?"),
     ok("The diagram shows two solutions, Solution A and Solution B. Solution A has a higher concentration of pink "
        "particles."), "correct", None),
    ("4.1-a-capital-before-a-modal-is-the-letter", choice("A", ["Grasshopper", "Snake", "Mouse", "Hawk"],
                                                          "Which organism would be most affected by a shortage of "
                                                          "plants?"),
     ok("A would be most affected if there was a shortage of plants."), "correct", None),
    ("4.2-an-option-inside-another-is-that-one", choice("D", ["half", "quarter", "o'clock", "quarter to",
                                                              "quarter past"], "What time is shown? It is (_) to "
                                                        "eight."),
     ok("The time shown is quarter to. (D)"), "correct", None),
    ("4.2-the-point-labeled-with-a-letter", choice("A", ["Point A", "Point B", "Point C", "Point D"],
                                                   "Which point corresponds to the reference point?"),
     ok("The points on the second image are labeled with \"A, B, C, D.\" The reference point corresponds to the "
        "point in the second image that is circled and labeled with A."), "correct", None),
    ("4.3-a-restatement-with-its-pronoun-resolved", choice("B", ["yes", "no"], "Erica has $1,525.00. Does she have "
                                                           "enough to buy a motorcycle and a canoe?"),
     ok("Erica has $1,525.00, which is not enough to buy a motorcycle that costs $998.00 and a canoe that costs "
        "$662.00."), "correct", None),
    ("2.1-a-written-letter-outranks-a-value-boxed-later", choice("B", ["9π", "6π", "3π", "π"], "If AB = 6.0, the "
                                                                 "area of the ring is ()"),
     ok("The correct answer is (B).\n\nAC = AB/2 = 3.0, so the area of the ring is πR^2 - πr^2 = \\boxed{3π}"),
     "correct", None),
    ("4.1-a-capital-after-shi-ending-the-sentence", choice("D", ["3", "4", "5", "6"], "如图，AD平分∠BAC，AD交BC于点D，"
                                                           "DE⊥AB，若DE＝3，AC＝4，则△ADC的面积为（）"),
     ok("* DE = 3\n* AC = 4\n* 要求ΔADC的面积\n\n所以ΔADC的面积为D。"), "correct", None),
    ("4.1-an-angle-s-name-is-no-letter", choice("C", ["65°", "75°", "50°", "55°"], "如图，在⊙O中，AB=AC，∠BAC＝70°，"
                                                "则∠AEC的度数是（）"),
     ok("∠A = ∠C (angles opposite equal sides).\n∠AEC measures 50°."), "correct", None),
    ("3.5-a-list-of-subjects-sharing-the-predicate", choice("C", ["Seahorses would decrease", "Rotifers would "
                                                                  "decrease", "Mysids would decrease",
                                                                  "Algae would decrease"], "What would most likely "
                                                            "happen if Artemia was removed?"),
     ok("If Artemia were removed, the population of seahorses, rotifers, and mysids would most likely decrease."),
     "incorrect", "wrong"),
    ("3.2-as-opening-a-clause-with-nothing-else-to-mark-it", choice("C", ["decrease", "remain the same", "increase",
                                                                           "NA"], "If the grasshoppers decrease, "
                                                                    "what will the mice most likely do?"),
     ok("The mice will most likely increase as the grasshoppers decrease."), "correct", None),
    ("4.2-a-clock-at-a-quarter-in-digits", choice("D", ["half", "quarter", "o'clock", "quarter to", "quarter past"],
                                                  "What time is shown? It is (_) to eight."),
     ok("The time shown is 7:45."), "correct", None),
    ("2.3-the-sentence-about-the-asked-figure-states-no-option", choice("A", ["14cm", "28cm", "10cm", "20cm"],
                                                                        "如图，在ABCD中，已知AC＝4cm，若△ACD的周长为14cm，"
                                                                        "则ABCD的周长为（）"),
     ok("We know that AC = 4cm, and the perimeter of △ACD is 14cm. So BC = 14cm - 4cm = 10cm. Therefore, the "
        "perimeter of ABCD is 10cm + 10cm + 4cm = 24cm."), "incorrect", "wrong"),
    ("4.2-the-shared-word-then-is-and-the-letter", choice("C", ["Point A", "Point B", "Point C", "Point D"],
                                                          "Which point corresponds to the reference point?"),
     ok("We compare the reference point with each circled point on the second image.\n\nTherefore, the "
        "corresponding point for the reference point is C."), "correct", None),
    ("4.4-a-last-conclusion-that-neither-option-is-right", choice("A", ["the second image", "the third image"],
                                                                  "Which image shares the reference image's style?"),
     ok("The reference image is realistic. Therefore, the second image, an impressionist painting, does not share "
        "its style. The third image, a watercolour, does not either. Therefore, neither the second nor the third "
        "image shares the same style as the reference image."), "incorrect", "wrong"),
    ("2.1-the-correct-option-with-a-qualifier-before-is", choice("J", [
        "(- 12e^{-t/2} + 10^{-t}) u(t) V", "(- 12e^{-t/2} + 8^{-t}) u(t) V", "(- 12e^{-t/3} + 16^{-t}) u(t) V",
        "(- 8e^{-t/2} + 16^{-t}) u(t) V", "(- 12e^{-t/2} + 16^{-2t}) u(t) V", "(- 10e^{-t/2} + 16^{-t}) u(t) V",
        "(- 12e^{-t/2} + 16^{-3t}) u(t) V", "(- 15e^{-t/2} + 16^{-t}) u(t) V", "(- 12e^{-t/2} + 20^{-t}) u(t) V",
        "(- 12e^{-t/2} + 16^{-t}) u(t) V"], "Use Laplace transforms to find v_2(t)."),
     ok("The inductor is represented by \\( sL \\), where \\( L = 4 \\, \\text{H} \\).\n\nThe correct option "
        "based on standard solving processes involving these elements is:\n\nJ. (- 12e^{-t/2} + 16^{-t}) u(t) V"),
     "correct", None),
    ("4.2-a-long-word-one-letter-off", choice("D", ["Truncate", "Acuminate", "Rounded", "Sagittate"], "Which leaf "
                                              "shape would have the least wind resistance?"),
     ok("The least amount of wind resistance would be sagitate, as it is the only shape with parallel sides."),
     "correct", None),
    ("4.1-a-bracketed-letter-after-chinese", choice("D", ["20°", "15°", "10°", "5°"],
                                                    "如图，点D在等边△ABC的边CB的延长线上，若DA＝DE，且∠DAB＝20°，那么∠EAC的度数为（）"),
     ok("由于∠DAE = ∠EAC，所以∠EAC的度数为80°。\n\n因此，答案是80°，对应选项(D)。"), "correct", None),
    ("4.4-the-prompt-echoed-with-its-choices", choice("A", ["Yes", "No"], "Are there fewer gray trucks than big "
                                                      "yellow objects?"),
     ok("Sure, here is the image you requested.\n\nPlease answer the question and provide the correct option letter, "
        "e.g., A, B, C, D, at the end.\n\nQuestion: Are there fewer gray trucks than big yellow objects?\nChoices:\n"
        "(A) Yes\n(B) No"), "incorrect", "wrong"),
    ("4.5-a-review-item-s-later-sentences-are-the-review", choice("A", ["the first image", "the second image",
                                                                        "the third image", "the fourth image"],
                                                                  "Which image is most likely a real photograph?"),
     ok("(A) The first image shows two people on a bench.\n\n(B) The second image shows two people from behind.\n\n"
        "(C) The third image shows three people talking. Its lighting is similar to the first image.\n\n(D) The "
        "fourth image is a silhouette.\n\nIt's not possible to definitively say which one is most likely to be real."),
     "incorrect", "wrong"),
    ("4.4-a-conclusion-declining-to-select-either", choice("B", ["the second image", "the third image"],
                                                           "Which image fits the missing spot?"),
     ok("The images are described only as a group of pictures. Therefore, it is not possible to confidently select "
        "either (A) the second image or (B) the third image as the most appropriate."), "incorrect", "wrong"),
    ("4.1-in-a-which-is-incorrect-question-correct-judges", choice("B", ["Product is aromatic", "Product has high "
                                                                         "dipole moment", "Product has less resonance "
                                                                         "energy"], "Which statement is incorrect in "
                                                                   "respect of the above reaction?"),
     ok("- Aromaticity: the ring stays aromatic. So, option (A) is correct.\n- Dipole moment: no polar group is "
        "added. So, option (B) is incorrect.\n\nAnswer: B"), "correct", None),
    # the eleventh draw's looked-at readings (other releases: M3CoT, TempCompass, A-OKVQA, CMMMU, PuzzleVQA)
    ("4.1-own-words-after-their-letter-name-no-other-letter", choice("B", M3_OWN, "Which option solves the problem in "
     "the image?"), ok("(B) option A in the image is the right option."), "correct", None),
    ("4.1-a-start-of-its-own-text-after-its-letter", choice("B", M3_START, "Which molecule matches the legend?"),
     ok("The correct answer is (B) Option A.</s>"), "correct", None),
    ("4.1-own-verdict-words-after-their-letter-reject-nothing", choice("A", M3_VERDICT, "Which option is right?"),
     ok("(a) All answer choices in the text are incorrect"), "correct", None),
    ("4.4-options-alone-on-their-lines-are-still-a-list", choice("B", M3_OWN, "Which option solves the problem?"),
     ok("(A) the answer is option D in the image\n(B) option A in the image is the right option."), "incorrect",
     "wrong"),
    ("4.1-the-prompts-own-word-for-its-options", CAPTION, ok("Caption B"), "correct", None),
    ("2.1-the-most-logical-choice-is", COLORS,
     ok("The red square overlaps the blue one to form purple.\n\nThe most logical choice, given the pattern and the "
        "colors already used, is:\n(C) yellow"), "correct", None),
    ("4.2-options-differing-only-in-case-are-read-as-written", GENOTYPE,
     ok("Thor has a black coat, so he has at least one A allele. He must be Aa."), "correct", None),
    ("4.5-a-review-under-option-headings", TANGRAM,
     ok("Burial tomb: the beige part looks like a tomb. Pyramid: the shape is a triangle on a base. Staircase: the "
        "steps are stacked. Sand: the color is like sand."), "incorrect", "wrong"),
    ("4.5-three-sentences-opening-with-option-texts", PLACES,
     ok("A park is where people relax outdoors. A retail store sells clothes. A school is where children learn. A "
        "restaurant is a place to eat."), "incorrect", "wrong"),
    ("4.2-cannot-determine-the-correct-answer-declines", UNSURE,
     ok("As I cannot confidently determine the correct answer without more context, I am unable to give a definitive "
        "answer from the given options."), "no_answer", "refusal"),
    ("4.2-words-about-options-name-none-on-their-own", M3_WRONG,
     ok("The picture only shows a math problem with multiple choices, and it is too blurry to work it out."),
     "incorrect", "wrong"),
    ("2.1-the-prompt-echoed-up-to-its-answer", OWNER_A,
     ok("[Context] [Question] What can you infer about the owner of the laptop? [Choices] (A) They rarely use it. (B) "
        "They care about security. (C) They like music. (D) All of the above. Answer: (C), (D), (A), (B), (C). The "
        "owner is likely a music lover."), "incorrect", "wrong"),
    ("3.2-an-unlettered-choices-line-is-the-option-list", CUPCAKES, ok("cream."), "correct", None),
    ("4.2-values-joined-by-and-name-a-list-option", DEPTHS,
     ok("The depths of Point A and Point C are 0.0 and 13.0 meters, respectively."), "correct", None),
    ("4.4-letters-only-out-of-order-are-a-hedge", OWNER,
     ok("Answer: (C), (D), (A), (B), (C). The owner is likely a music lover, as there are speakers beside the laptop."),
     "incorrect", "wrong"),
    # the twelfth draw's looked-at readings
    ("4.4-two-letters-given-as-the-answer-are-a-hedge", KITE,
     ok("Answer: (A, B) The kite is large, and it is too large for one person to control."), "incorrect", "wrong"),
    ("4.4-letters-given-as-the-answer-then-one-options-text", COOKING, ok("Answer: (A, B, C) Cooking a meal"),
     "correct", None),
    ("4.4-a-letter-the-options-lack-chooses-none", TRUE_FALSE_UNSURE, ok("Answer: (D) True"), "incorrect", "wrong"),
    ("4.2-a-lone-letter-is-no-word-of-an-option", M3_SOLVE,
     ok("The image does not show enough to confidently choose between the options (A), (B), (C), or (D).</s>"),
     "incorrect", "wrong"),
    ("4.1-the-first-words-of-its-own-text-after-its-letter", M3_MIXED,
     ok("Based on the image, the correct answer is (D) option C in the image should be selected.</s>"), "correct",
     None),
    ("2.1-the-best-caption-is", ORDER,
     ok("The best caption for the video is:\n\nCaption B: An eye opens first, and then a flower wilts.\n\nThe two "
        "events are not simultaneous, so caption A is not an accurate description."), "correct", None),
    ("4.2-a-list-option-is-named-by-all-its-values", ALTITUDES,
     ok("The altitudes of Point B, Point C and Point D are 4.6, 2.1, and -0.6, respectively."), "incorrect", "wrong"),
    ("4.4-none-of-them-correctly-match", COLOR_PUZZLE,
     ok("1. The bottom left square is blue.\n2. The middle square is green, yellow and orange.\n\nTherefore, the "
        "missing color is **orange**. However, orange is not among the options. Based on the given options, none of "
        "them correctly match the pattern."), "incorrect", "wrong"),
    ("4.2-an-option-of-a-filler-word-is-named-by-it", OWNERS,
     ok("The dog's owners are likely moving, as the dog sits in the back of a truck."), "correct", None),
    # the thirteenth draw's looked-at readings
    ("2.1-the-prompt-echoed-then-a-made-up-question", WINNER,
     ok("User: Answer the question by choosing from the options below.\nQuestions: Who is winning the game?\nChoices: "
        "preston, ryan, michael, harrison.\nAnswer:/home/u/coco/000000409211.jpg \nAssistant: Harrison is winning the "
        "game.\n\nQuestion: What is the score of the game?\n\nAnswer: Preston leads 1-0."), "correct", None),
    ("2.1-a-marker-followed-by-an-options-whole-text", MARKERS, ok("The answer is one."), "correct", None),
    ("2.1-the-correct-answer-to-the-question-is", CONTEXT_TRUE,
     ok("Total = C + B - Both = 43, so B = 12 and C = 36.\nSo, the correct answer to the context question is:\n"
        "(C) True"), "correct", None),
    ("4.1-asking-whether-an-option-is-correct-says-nothing", CONTEXT_TRUE,
     ok("Let's check whether option (A) is the correct answer.\nThe class has 36 students, as option A says.\n\n"
        "Answer: (C) True"), "correct", None),
    ("4.1-an-article-in-an-options-text-is-no-name", WAVE,
     ok("The video first shows a large wave and then a person kicking a ball. So the correct order is A. A big wave "
        "is shown and then a person kicks a ball."), "correct", None),
    ("4.2-a-count-in-words-names-its-number", SURPLUSES, ok("Based on the chart, two countries had a surplus."),
     "correct", None),
    ("4.4-opening-that-the-correct-answer-cannot-be-determined", M3_UNSURE,
     ok("Based on the information provided, it is not possible to confidently determine the correct answer. The "
        "provided answer choices seem unrelated to the problem."), "incorrect", "wrong"),
    ("3.1-a-negative-question-restated-keeps-its-letter", RHYME,
     ok("Based on the image, the letter that does not rhyme is (C).</s>"), "correct", None),
    ("4.1-a-capitalised-point-names-its-letter", DEPTHS3,
     ok("The directional indicator points to the depths of Point B, Point C, and Point A."), "incorrect", "wrong"),
    # the fourteenth draw's looked-at readings
    ("3.1-options-eliminated-are-rejected-and-what-is-left-concludes", GUN,
     ok("He does not look like a thief or a police officer. Therefore, choices (B) and (C) can be eliminated.\n\nHe "
        "could be playing a prank, but he looks too serious. Therefore, choice (A) can be eliminated.\n\nThis leaves "
        "us with choice (D)."), "correct", None),
    ("2.1-the-most-likely-situation-is", PLATFORM,
     ok("The picture shows people with backpacks at a train station. The most likely situation is that they are "
        "students going to the start of term meeting."), "correct", None),
    ("2.1-a-bare-bracketed-letter-first-then-the-why", SINKING,
     ok("(D)\n\nObjects with a density above 1000 kg/m^3 sink.\n\nTherefore, objects A and B will sink, while C and "
        "D float."), "correct", None),
    ("2.1-a-made-up-questions-line-ends-the-answer", NUMBERS,
     ok("<image>Answer the question by choosing from the options below.\nQuestions: What is the number on the girl's "
        "shirt?\nChoices: 21, 13, 31, 51.\nAnswer:  The number on the girl's shirt is 21.\nQuestions: What is the "
        "number on the boy's shirt? Choices: 21, 13, 31, 51.\nAnswer:  The number on the boy's shirt is 13."),
     "correct", None),
    ("4.1-a-capital-after-magnet-is-its-name", MAGNETS, ok("Answer: Magnet A attracts magnet B."), "correct", None),
    ("4.4-a-list-after-a-marker-marking-one-correct", FORCES,
     ok("The combined force in Pair 2 is greater.\nThis means the correct answer is:\n(A) The magnetic force is "
        "smaller in Pair 2. (Incorrect)\n(B) The magnetic force is the same in both pairs. (Incorrect)\n(C) The "
        "magnetic force is smaller in Pair 1. (Correct)"), "correct", None),
    ("4.4-the-correct-answer-is-not-listed", SHAPE,
     ok("Both rows end with a triangle, so the missing shape is an upside-down triangle.\n\nThe correct answer is not "
        "listed in the options provided, but based on the reasoning the missing shape should be an upside-down "
        "triangle."), "incorrect", "wrong"),
    ("4.1-a-lead-in-giving-the-letter-outranks-the-next-lines-words", INDUCTIVE,
     ok("I can't display images. To answer your question, option C would be the best example of an inductive "
        "argument:\nThe painting is overpriced\nThis statement generalises from the prices seen."), "correct", None),
    ("4.4-difficult-to-determine-which-chooses-none", JIGSAW,
     ok("Based on the given images, it is difficult to determine which image would fit the missing corner. The "
        "second image looks slightly blurry, while the third image is sharper and might suit it better. In the end "
        "it depends on the purpose of the picture."), "no_answer", "refusal"),
    ("4.4-difficult-to-determine-then-a-committed-guess", REAL_PHOTO,
     ok("It is difficult to determine which of the four images is a real photograph. However, if I had to guess, I "
        "would choose the fourth image, since it shows an ordinary street with parked cars."), "correct", None),
    ("4.1-a-letter-in-latex-is-the-letter", DAM_VOLUME,
     ok("Summing the prismoidal volumes gives 29,193,000 m³.\n\nAnswer: \\( \\text{A} \\)"), "correct", None),
    ("2.1-a-subscript-alone-on-its-line-is-no-letter", GAS_TEMPERATURE,
     ok("The average kinetic energy\nKE\nA\n=\n1/2 × 26 u × (1,000 m/s)^2\nKE\nB\n=\n1/2 × 30 u × (1,100 m/s)^2\n"
        "The particles in sample B move faster, and kinetic energy grows with the square of the speed: sample B "
        "has the higher average kinetic energy and the higher temperature."), "correct", None),
    ("4.4-letters-given-then-one-options-text-misspelt", MOOD, ok("Answer: (A, B) Excitment"), "correct", None),
    ("4.4-letters-given-each-its-own-sentence-are-a-hedge", CLASS_END, ok("Answer: (C). (D)."), "incorrect", "wrong"),
    ("4.4-none-of-them-alone-chooses-the-option-saying-so", RHYME, ok("Answer: None of them."), "correct", None),
    ("4.2-an-option-saying-it-is-tough-to-tell", BALLS,
     ok("Based on the image, it is not possible to determine which ball would heat up faster: nothing shows what "
        "they are made of."), "correct", None),
    ("4.4-every-option-matched-to-a-thing-line-by-line", FROGS,
     ok("Here are the matches:\nThe frog with bright red eyes corresponds to:\n(C) Agalychnis callidryas\n"
        "The toad with warty skin is:\n(A) Bufo bufo\nThe frog with smooth skin is:\n(B) Lithobates catesbeianus"),
     "incorrect", "wrong"),
    ("4.4-a-marker-over-every-option-line-by-line", FROGS,
     ok("The correct answer is:\n\n(C) Agalychnis callidryas for the tree frog\n(A) Bufo bufo for the toad\n"
        "(B) Lithobates catesbeianus for the bullfrog"), "incorrect", "wrong"),
    ("4.2-a-marker-text-opening-one-option", GDP, ok("Answer: Country 2"), "correct", None),
    ("4.1-a-letter-then-words-from-inside-its-own-text", PRECALC, ok(" Answer: (A), option D"), "correct", None),
    ("3.2-a-short-answer-ending-on-its-letter-in-an-aside", SURPLUS,
     ok("Based on the image, there is only one country with a fiscal surplus in 2015, which is (C)."), "correct", None),
    ("4.4-letters-given-then-a-sentence-stating-one-listed-value", DEPTH,
     ok("Answer: (A, B) The depth of the point farthest west is 1.9 km."), "correct", None),
    # the truth is the option rejected: chosen, it would be graded correct
    ("3.1-a-quoted-option-said-to-be-also-not-true-is-rejected", MAGNET_PAIRS,
     ok("Based on the image, it is not possible to definitively determine the magnitude of the magnetic force. "
        'The statement "The magnitude of the magnetic force is the same in both pairs" is not true. The statement '
        '"The magnitude of the magnetic force is smaller in Pair 1" is also not true, as nothing shows the sizes.'),
     "incorrect", "wrong"),
    ("3.1-a-quoted-option-said-to-be-not-supported-is-rejected", MAGNET_PAIRS,
     ok("Based on the image information, it is not possible to definitively determine the magnitude of the magnetic "
        'force between the magnets in each pair. The statement "The magnitude of the magnetic force is smaller in '
        'Pair 1" is not supported by the image, as we cannot compare the magnetic forces between the pairs.'),
     "incorrect", "wrong"),
    ("4.2-one-word-of-a-sentence-long-option-names-it-not", DROPLETS,
     ok("Based on the image information, the containers with water and oil will develop droplets on their inner "
        "walls first."), "incorrect", "wrong"),
    ("4.2-one-number-of-a-sentence-long-option-names-it", SHARES, ok("4870"), "correct", None),
    ("2.3-a-sentence-giving-its-answer-before-a-colon-and-its-reasons", REAL_PHOTO_B,
     ok("Based on the details in the four images, I believe image B (the second image) is most likely to be a real "
        "photograph, for the following reasons:\n\nThe first image shows a kitten biting into a slice of pizza, which "
        "looks staged."), "correct", None),
    ("2.3-a-lead-in-before-a-colon-states-nothing", REAL_PHOTO_B,
     ok("Comparing the four images:\n\nThe first image shows a kitten biting into a slice of pizza, which looks "
        "staged, and the others look staged too."), "incorrect", "wrong"),
    ("3.2-an-option-restating-the-questions-own-value-is-scenery", BUS,
     ok("Leon needs to take the 11:00 AM bus to arrive at the famous bridge at 1:30 PM."), "correct", None),
    ("3.2-two-options-both-in-the-question-stay-a-hedge", RED_OR_BLUE, ok("It is red or blue."), "incorrect", "wrong"),
    ("4.2-a-marker-text-one-word-off-one-option", SLIPPER, ok("Answer: A ballet shoe"), "correct", None),
    ("4.2-a-lettered-marker-text-is-read-by-its-letter", SLIPPER, ok("The correct answer is (B) a cowboy boot."),
     "incorrect", "wrong"),
    ("4.2-a-label-named-alone-then-its-verb", SOLUTIONS_BA,
     ok("Based on the image, the beaker labeled B has a higher concentration of green balls."), "correct", None),
    ("4.2-labeled-a-then-a-noun-is-an-article", SOLUTIONS_BA, ok("The beaker labeled a sign is fuller."),
     "incorrect", "wrong"),
    ("2.1-the-logical-conclusion-is-a-marker", PITTBULLS,
     ok("The logical conclusion is: No pittenbulks are dogs With long hairs."), "correct", None),
    ("4.2-about-alone-names-no-option", REFLECTANCE,
     ok("Point A is on the bedsheet, and point B is on the floor. But without additional information about the "
        "actual colors of the surfaces, it's not possible to definitively determine which point has a darker surface "
        "color."), "incorrect", "wrong"),
    ("4.2-about-the-same-names-its-option", REFLECTANCE, ok("They look about the same."), "correct", None),
    ("2.1-if-i-had-to-choose-one-i-would-select-is-a-marker", REAL_PHOTO_C,
     ok("Given these observations, all images appear to be real photographs, but Image (D) has a slightly different "
        "sharpness, which might make it less likely to be real.\n\nSince the first three have very similar qualities, "
        "it is difficult to definitively choose one over the others. However, if I had to choose one, I would select:"
        "\n\n(C) the third image"), "correct", None),
    ("4.1-a-clocks-a-m-is-no-letter", TOSS, ok("The parachute ball toss begins at 11:55 A.M."), "correct", None),
    ("4.4-a-conclusion-after-not-listed-outranks-it", SCOOPS,
     ok("So, there should be 30 different ways. However, this answer is not given in the provided choices. Thus, the "
        "answer to option C in the image is:\n\n(C) False."), "correct", None),
    ("4.4-not-listed-alone-still-answers-no-option-is-right", SCOOPS,
     ok("So, there should be 30 different ways. However, this answer is not given in the provided choices."),
     "incorrect", "wrong"),
    ("2.2-a-sentence-ending-in-is-answered-on-the-last-line", FUR,
     ok("Cleo has the genotype ff. The allele for light fur (f) is recessive to the allele for dark fur (F). Since "
        "Cleo has two copies of the recessive allele, her phenotype for the fur color trait is:\n(A) light fur."),
     "correct", None),
    ("4.4-opening-on-the-none-is-right-option-chooses-it", WRONG_CHOICES, ok("(A) All given choices are wrong."),
     "correct", None),
    ("3.2-an-aside-then-is-the-correct-answer", TRAIN_POWER, ok("Answer: 電力 (electricity) is the correct answer."),
     "correct", None),
    ("4.4-letters-then-a-sentence-ending-on-one-option-after-a-colon", TRANSLUCENT,
     ok("Answer: (A), (B), and (C). The three objects in the image have the same property: translucent."),
     "correct", None),
    ("4.2-a-marker-sentence-opening-with-one-options-first-words", GDP_2019,
     ok("Answer: Country 2 has the most GDP per person in 2019."), "correct", None),
    ("4.2-a-marker-sentence-negating-its-opening-words", GDP_2019,
     ok("Answer: Country 2 is not the one with the most GDP per person."), "incorrect", "wrong"),
    ("4.2-a-long-word-two-letters-off-a-one-word-option", STORE_ENERGY,
     ok("A device used to store electrical energy is called a capacitor. A resistor, on the other hand, limits the "
        "flow of current."), "correct", None),
    ("4.4-an-answer-opening-on-a-letter-the-options-lack", SEAFOAM, ok("(D) yes"), "incorrect", "wrong"),
    ("4.4-an-answer-opening-on-a-letter-the-options-lack-then-prose", SEAFOAM,
     ok("(C) No\nLight Seafoam and Dark Salmon are the same height."), "incorrect", "wrong"),
    ("4.4-an-answer-opening-on-a-letter-the-options-have", SEAFOAM, ok("(A) yes"), "correct", None),
    ("4.4-letters-given-then-a-value-alone-stay-a-hedge", DEPTH, ok("Answer: (A, B) 1.9"), "incorrect", "wrong"),
    ("4.4-letters-given-then-a-sentence-stating-one-listed-time", BOAT,
     ok("Answer: (A, B) Chloe should get on board the boat at 10:00 AM."), "correct", None),
    ("4.4-letters-each-bracketed-then-a-sentence-stating-one-listed-value", SWIM,
     ok("Answer: (A), (B), (C), (D). The swimming competition ends at 12:35 pm."), "correct", None),
    ("4.4-letters-each-bracketed-then-a-sentence-naming-several-stay-a-hedge", SWIM,
     ok("Answer: (A), (B), (C). The competition ends at 12:35 pm, or at 1:50 pm."), "incorrect", "wrong"),
    ("3.1-the-questions-own-negation-restated-negates-nothing", NOT_BLOCK,
     ok("The sign on the traffic light says to not block the crosswalk."), "correct", None),
    ("4.1-a-letter-then-its-image-option-in-other-words", ALGEBRA,
     ok("(D) The correct answer is option A."), "correct", None),
    ("4.4-not-listed-chooses-the-option-saying-so", SHAPE_NONE,
     ok("Both rows end with a triangle, so the missing shape is an upside-down triangle.\n\nThe correct answer is not "
        "listed in the options provided."), "correct", None),
    ("4.5-the-options-gone-through-after-answer", FACT,
     ok(" Answer: A) Mia Hamm was the best soccer player in history. B) Mia Hamm helped her team win four "
        "championships. C) The sentence is misleading."), "incorrect", "wrong"),
    ("3.2-the-questions-own-comparison-restated-sets-nothing-aside", LAMBDA,
     ok("The percentage of Attack Effectiveness begins to be lower than that of Diversity in the value range of "
        "0.4 - 0.6, as shown in the image."), "correct", None),
    ("3.2-the-questions-own-comparison-restated-before-a-letter", KANGAROOS,
     ok("There are more black kangaroos than white ones in picture (A)."), "correct", None),
    ("3.2-another-comparison-before-a-letter-still-sets-it-aside", KANGAROOS,
     ok("There are more black kangaroos than in picture (B), and so on."), "incorrect", "wrong"),
    ("4.1-options-that-are-letters-a-capital-alone-no-article", KANGAROOS, ok("It is A."), "correct", None),
    ("4.1-options-that-are-letters-an-article-is-no-letter", KANGAROOS,
     ok("A kangaroo is black in picture B."), "incorrect", "wrong"),
    ("3.2-another-comparison-still-sets-its-thing-aside", FASTER,
     ok("The horse is faster than the dog in the race."), "correct", None),
    ("3.2-a-comparison-in-the-subject-ends-at-its-verb", FRUIT_CUT,
     ok("The fruit that is cut in half and darker than the other is a radish."), "correct", None),
    ("3.2-a-short-answer-ending-on-its-one-option-in-an-aside", APPLIANCE,
     ok("The white appliance on the counter is a toaster, which is used to make toast."), "correct", None),
    ("3.2-an-option-glossing-a-word-in-another-language", RIDING, ok("Answer: 線路 (rails)."), "correct", None),
    ("3.2-an-option-named-on-the-way-in-an-aside-is-no-answer", SLOPE,
     ok("The derivative of f(x) at x=1 is f'(1), which is equal to 3."), "incorrect", "wrong"),
    ("3.5-a-hedge-a-later-contrast-settles", HANDLE,
     ok("The reference point is on the mug's handle. On the kettle, both point B and point C are on the handle, so "
        "the match could be either point B or point C. However, considering where a hand grips to pour, Point B "
        "would be the most fitting match."), "correct", None),
    ("3.2-a-condition-repeating-the-questions-own", GRASSHOPPERS,
     ok("The animal that would lose its food first if the grasshoppers died out is the frogs."), "correct", None),
    ("3.2-a-group-of-these-is-a-subject", FLOCK,
     ok("A group of these animals is called a flock. In the picture a large number of sheep stand close together in "
        "a green pasture under a cloudy sky, grazing quietly near a wooden fence, with a farmhouse and a line of "
        "trees in the distance and a dog lying in the shade by the gate, watching them from the edge of the field."),
     "correct", None),
    ("4.2-a-thing-the-image-labels-whatever-it-is-called", DEW,
     ok("Container A will be the first to show droplets on its inner wall."), "correct", None),
    ("2.1-an-answer-heading-after-an-answer-to-another-question", VERDICT_C,
     ok("We are asked for the maximum of f. f(9) = 19 and f(14) = f(9) = 19, so the maximum is 19.\nSo, the correct "
        "answer is (C) 19.\n[Answer]\n(B) True."), "correct", None),
    ("2.1-the-correct-choice-aligns-with", CLOCK_AHEAD,
     ok("6666 seconds is 1 hour, 51 minutes and 6 seconds, so it will be 4:51:06 p.m.\nSo, the answer is option (C) "
        "4:51:06 p.m.\nConsidering the context provided, the correct choice aligns with:\n(D) option C in the image "
        "is the right option."), "correct", None),
    ("4.2-an-options-own-comparison-is-no-aside", DIFFUSION,
     ok("Solute particles moved in both directions across the permeable membrane. But more solute particles moved "
        "across the membrane to the right than to the left."), "correct", None),
    ("4.2-a-function-word-names-no-option", TIMELINE, ok("Answer: People moved west to search for gold."),
     "incorrect", "wrong"),
    ("4.2-a-short-answer-misspelling-one-option", NIGHTJAR, ok("Answer: Caprimulgis europae"), "correct", None),
    ("4.5-two-labelled-options-gone-through", COMPOUND,
     ok(" Answer: (A), on the ferry to the island, Mia took a photograph, and now it hangs in her hall. (B), "
        "according to many critics, the 1855 edition of the poems."), "incorrect", "wrong"),
    ("4.4-not-among-the-options-in-chinese", BE_LENGTH,
     ok("因为ED和EB加起来等于4，所以设EB = 2x，ED = 3x。那么5x = 4，EB = 1.6。\n\n"
        "但是这个答案不在选择中，所以题目给的信息可能有误。"),
     "incorrect", "wrong"),
    # 6.6 cut before the committed value (issue #32)
    ("6.6-a-value-only-in-the-cut-sentence", PRODUCT,
     cut("First, 91 × 84: 90 × 84 = 7560, and 84 more gives 7644 when"), "no_answer", "truncation"),
    ("6.6-a-wrong-value-only-in-the-cut-sentence", PRODUCT, cut("First, 91 × 84: 90 × 84 = 7560, and 84 more gives"),
     "no_answer", "truncation"),
    ("6.6-an-option-only-in-the-cut-sentence", LINEAR_E, cut("Looking at the frames. It is moving down and to the "
                                                            "right, and at the end it is near the"),
     "no_answer", "truncation"),
    ("6.6-a-finished-sentence-states-it", PRODUCT, cut("The answer is 7644. To check: 91 × 84 is"), "correct", None),
    # 2.7 a motion from one side to another, any connector (first sight on fresh_seed.jsonl)
    ("2.7-spanish-desde-arriba-hacia-abajo", LINEAR_C, ok("La pelota se mueve de arriba hacia abajo."), "correct",
     None),
    ("2.7-french-de-la-gauche-vers-la-droite", LINEAR_A, ok("La balle se déplace de la gauche vers la droite."),
     "correct", None),
    ("2.7-portuguese-da-direita-ate-a-esquerda-is-wrong", LINEAR_A, ok("A bola vai da direita até a esquerda."),
     "incorrect", "wrong"),
    # 2.7 forms found at first sight on the language corpora (issues #32, #35)
    ("2.7-yi-inside-a-word-is-no-number", CIRCLES, ok("一共五个圆。"), "correct", None),
    ("2.7-a-spanish-no-before-a-verb-is-no-count", CIRCLES, ok("Lo siento, no puedo contar los círculos."), "no_answer",
     "refusal"),
    ("2.7-a-word-glossed-in-english-in-latin-script", GRAPES, ok("Trauben (Grapes)"), "correct", None),
    ("2.7-french-words-of-a-list-say-rose-is-pink", THREE_COLORS, ok("violet, noir, rose"), "correct", None),
    ("2.7-the-full-width-comma-separates-items", THREE_COLORS, ok("紫色，黑色，粉色"), "correct", None),
    ("6.8-a-month-label-in-its-other-form", MONTH_LABEL, ok("March"), "partial", "format"),
    # 6.6 a program cut before it parses
    ("6.6-code-cut-before-it-parses", DOUBLE_CODE, cut("```python\ndef f(n):\n    return sum(2 * k for k in (n,"),
     "no_answer", "truncation"),
    ("6.6-finished-code-that-does-not-parse-is-wrong", DOUBLE_CODE, ok("```python\ndef f(n):\n    return (2 * n\n```"),
     "incorrect", "wrong"),
    # 6.5 the policy's own refusal on an exact-text case (issue #32)
    ("6.5-text-too-small-on-an-exact-text-case", HOST, ok("The text is too small to read."), "no_answer", "refusal"),
    ("6.5-text-too-small-for-me", HOST, ok("Sorry, the text is too small for me to read."), "no_answer", "refusal"),
    ("6.5-a-wrong-value-is-no-refusal", HOST, ok("The host is harbor-meadow.external"), "incorrect", "wrong"),
    # 2.7 other languages (issue #32)
    ("2.7-chinese-number-word-and-counter", CIRCLES, ok("图中有五个圆。"), "correct", None),
    ("2.7-japanese-digit-and-counter", CIRCLES, ok("円は5つあります。"), "correct", None),
    ("2.7-korean-native-number", CIRCLES, ok("원이 다섯 개 있습니다."), "correct", None),
    ("2.7-spanish-number", CIRCLES, ok("Hay cinco círculos."), "correct", None),
    ("2.7-russian-number", PURPLE, ok("Фиолетовых клеток шесть."), "correct", None),
    ("2.7-french-number-of-three-words", case("number", 171, "numeric", prompt="How many dots?"),
     ok("Il y a cent soixante et onze points."), "correct", None),
    ("2.7-number-right-after-a-cjk-character", PRODUCT, ok("共7644个"), "correct", None),
    ("2.7-full-width-digits", PRODUCT, ok("结果是７６４４。"), "correct", None),
    ("2.7-chinese-numerals", PRODUCT, ok("结果是七千六百四十四。"), "correct", None),
    ("2.7-chinese-wrong-number", CIRCLES, ok("图中有三个圆。"), "incorrect", "wrong"),
    ("2.7-chinese-color", RACE, ok("粉色的球先到达。"), "correct", None),
    ("2.7-japanese-color", RACE, ok("ピンクのボールが先に着きます。"), "correct", None),
    ("2.7-german-color", RACE, ok("Der rosa Ball."), "correct", None),
    ("2.7-french-color-that-is-an-english-word", RACE, ok("La balle rose."), "correct", None),
    ("2.7-english-rose-is-no-color", RACE, ok("The blue ball rose to the line first."), "incorrect", "wrong"),
    ("2.7-chinese-no", LEFT_OF, ok("不是。"), "correct", None),
    ("2.7-japanese-no", LEFT_OF, ok("いいえ"), "correct", None),
    ("2.7-chinese-yes-is-wrong", LEFT_OF, ok("是的。"), "incorrect", "wrong"),
    ("2.7-chinese-clockwise", SPIN, ok("顺时针"), "correct", None),
    ("2.7-german-clockwise", SPIN, ok("Im Uhrzeigersinn."), "correct", None),
    ("2.7-portuguese-counterclockwise", SPIN, ok("Sentido anti-horário."), "incorrect", "wrong"),
    ("2.7-ideographic-comma-separates-items", MORPH_ASKED, ok("星形、正方形、三角形"), "correct", None),
    ("2.7-ideographic-comma-wrong-shapes", MORPH_ASKED, ok("六边形、星形、正方形"), "incorrect", "wrong"),
    ("2.7-spanish-colors-listed", case("sequence", ["brown", "blue", "pink"], "sequence",
                                       {"vocabulary": "color", "format": "comma_list"},
                                       prompt="List their colors in order, as a comma-separated list."),
     ok("marrón, azul, rosa"), "correct", None),
    ("2.7-chinese-description", ACROSS, ok("一个棕色的球从左向右移动。"), "correct", None),
    ("2.7-japanese-description-moving", ACROSS, ok("茶色のボールが左から右に動いています。"), "correct", None),
    ("2.7-japanese-description-rolling", ACROSS, ok("茶色のボールが左から右へ転がっていく。"), "correct", None),
    ("2.7-chinese-description-sides-with-verb-between", ACROSS, ok("棕色的球从左边移到右边。"), "correct", None),
    ("2.7-chinese-description-other-way", ACROSS, ok("棕色的球从右边移到左边。"), "partial", "wrong"),
    ("2.7-korean-description-moving", ACROSS, ok("갈색 공이 왼쪽에서 오른쪽으로 이동합니다."), "correct", None),
    ("2.7-russian-description-rolling", ACROSS, ok("Коричневый мяч катится слева направо."), "correct", None),
    ("2.7-options-in-chinese-are-compared-as-written", choice("A", ["红色", "蓝色"], "球是什么颜色？"), ok("红色"),
     "correct", None),
    ("2.7-german-times-in-one-word", FLASHES, ok("Die Lampe blinkt fünfmal."), "correct", None),
    ("2.7-chinese-ordinal-counter-and-noun", SPEED, ok("第一个视频。"), "correct", None),
    ("2.7-spanish-ordinal-and-noun", SPEED, ok("En el primer video."), "correct", None),
    ("2.7-japanese-particle-between-words", RACE, ok("ピンクのボール"), "correct", None),
    ("2.6-a-label-in-the-singular", LARGEST, ok("Cherry"), "correct", None),
    ("2.6-a-label-in-the-singular-in-a-sentence", LARGEST, ok("The tallest bar is Cherry."), "correct", None),
    ("2.6-another-label-in-the-singular", LARGEST, ok("Lime"), "incorrect", "wrong"),
    ("2.7-a-label-glossed-in-english", LARGEST, ok("最大的是樱桃（Cherries）。"), "correct", None),
    ("2.7-another-label-glossed", LARGEST, ok("酸橙（Limes）"), "incorrect", "wrong"),
    # 2.1 wrappers and notation (issue #32)
    ("2.1-every-boxed-value-of-a-list", ROOTS, ok("x = \\boxed{-2}, \\boxed{1}"), "correct", None),
    ("2.1-boxed-values-in-latex", ROOTS, ok("$x = \\boxed{-2}$ or $x = \\boxed{1}$"), "correct", None),
    ("2.1-one-boxed-root-of-two", ROOTS, ok("\\boxed{1}"), "partial", "wrong"),
    ("2.1-bold-roots", ROOTS, ok("**x = -2, 1**"), "correct", None),
    ("2.1-plus-minus-is-both-roots", SQUARE_ROOTS, ok("x = ±8"), "correct", None),
    ("2.1-plus-minus-in-latex", SQUARE_ROOTS, ok("$x = \\pm 8$"), "correct", None),
    ("2.1-japanese-marker", PRODUCT, ok("答え：7644"), "correct", None),
    ("2.1-japanese-marker-letter", SIDE, ok("答え：a"), "correct", None),
    ("2.1-spanish-marker", BLUE, ok("Respuesta: blue"), "correct", None),
    ("2.1-boxed-whole-answer-in-chinese", SIDE, ok("\\boxed{左}"), "correct", None),
    ("2.1-marker-before-chinese-option-word", SIDE, ok("Answer: 左"), "correct", None),
    ("2.1-one-word-after-a-marker-is-one-word", ONE_WORD, ok("Answer: Brown"), "correct", None),
    ("2.1-one-word-boxed-is-one-word", ONE_WORD, ok("\\boxed{brown}"), "correct", None),
    ("2.1-code-span-in-bold", HOST, ok("**`harbor-meadow.internal`**"), "correct", None),
    ("2.1-spacing-is-no-difference", choice("B", ["60mm clockwise", "30mm clockwise", "20 mm clockwise"],
                                             "How far does the gear turn?"),
     ok("Answer: 30 mm clockwise."), "correct", None),
    # 4.6 option label styles (issue #32)
    ("4.6-lowercase-letter-alone", CAR, ok("c"), "correct", None),
    ("4.6-lowercase-letter-bracketed", CAR, ok("**(c)**"), "correct", None),
    ("4.6-lowercase-letter-after-marker", CAR, ok("Answer: c"), "correct", None),
    ("4.6-lowercase-letter-other-option", CAR, ok("The answer is (b) blue."), "incorrect", "wrong"),
    ("4.6-lowercase-letter-is-an-article-after-a-marker", CAR, ok("The answer is a car."), "incorrect", "wrong"),
    ("4.6-closing-paren-label-then-text", DOGS, ok("Answer: b) 3"), "correct", None),
    ("4.6-number-label-alone", PETS, ok("2"), "correct", None),
    ("4.6-option-number", PETS, ok("Option 2"), "correct", None),
    ("4.6-number-label-line", PETS, ok("2. dog"), "correct", None),
    ("4.6-numbered-step-is-no-label", PETS, ok("1. First, look at the sofa.\n2. The animal has floppy ears.\n"
                                               "So it is a dog."), "correct", None),
    ("4.6-roman-label", SEASONS, ok("Answer: iii"), "correct", None),
    ("4.6-roman-label-other", SEASONS, ok("(ii)"), "incorrect", "wrong"),
    ("4.6-option-word-label", SHAPE_OPTIONS, ok("Option D"), "correct", None),
    ("4.6-colon-label-letter", RAIN, ok("A"), "correct", None),
    ("4.6-number-label-that-is-an-option-text", TREE_AGES, ok("3"), "incorrect", "wrong"),
    ("4.6-bracketed-number-label", TREE_AGES, ok("(3)"), "correct", None),
    ("4.6-ordinal-option", KITE_COLOR, ok("I would pick the second option."), "correct", None),
    ("4.6-ordinal-one-short", KITE_COLOR, ok("The second one."), "correct", None),
    ("4.6-last-one", SHAPE_OPTIONS, ok("The last one."), "correct", None),
    ("4.6-label-after-a-verb-of-choosing", CAR, ok("The car looks green to me, so I'd choose c."), "correct", None),
    ("4.6-an-article-after-a-verb-of-choosing", CAR, ok("I would choose a different angle to tell."), "incorrect",
     "wrong"),
    ("4.6-ordinal-reference-is-no-choice", KITE_COLOR, ok("The answer is (C), not what the second option says."),
     "incorrect", "wrong"),
    # 3.6 grid positions in words (issue #32)
    ("3.6-cells-of-rows-in-words", GRID_CHANGES,
     ok("The third cell of the top row and the third cell of the bottom row changed."), "correct", None),
    ("3.6-corners-in-words", GRID_CORNERS, ok("The top-left and bottom-right cells differ."), "correct", None),
    ("3.6-row-and-column-in-words", GRID_CHANGES, ok("top row, third column; column 3, row 4"), "correct", None),
    ("3.6-a-cell-of-the-top-row", ODD_CELL, ok("It is the third cell of the top row."), "correct", None),
    ("3.6-another-cell-of-the-top-row", ODD_CELL, ok("The second square in the top row."), "incorrect", "wrong"),
    ("3.6-the-middle-of-a-row", ODD_CENTER, ok("The middle of the second row."), "correct", None),
    ("3.6-the-center-cell", ODD_CENTER, ok("The center cell."), "correct", None),
    ("3.6-a-corner-on-a-grid-of-unknown-size-names-no-cell", ODD_CORNER, ok("The top-right corner."), "incorrect",
     "wrong"),
    ("3.6-numbers-outrank-the-words", ODD_CORNER, ok("It is at (1, 4), near the top right."), "correct", None),
    # 2.7 the labels the families draw, translated without a gloss (issue #32)
    ("2.7-a-label-in-french", LARGEST, ok("cerises"), "correct", None),
    ("2.7-a-label-in-german-in-a-sentence", LARGEST, ok("Der größte Wert ist Kirschen."), "correct", None),
    ("2.7-a-label-in-chinese", LARGEST, ok("最大的是樱桃。"), "correct", None),
    ("2.7-a-label-in-russian", LARGEST, ok("вишни"), "correct", None),
    ("2.7-another-label-translated", LARGEST, ok("Trauben"), "incorrect", "wrong"),
    ("2.7-a-translated-label-names-its-option", FRUIT_CHOICE, ok("uvas"), "correct", None),
    ("2.7-no-label-read-in-a-case-about-other-values", HOST, ok("cerises-meadow.internal"), "incorrect", "wrong"),
]


@pytest.mark.parametrize(("case_", "response", "verdict", "cause"), [t[1:] for t in TABLE], ids=[t[0] for t in TABLE])
def test_policy(case_, response, verdict, cause):
    result = grade(case_, response)
    assert (result.verdict, result.cause) == (verdict, cause), result.explanation
    assert 0.0 <= result.score <= 1.0 and result.explanation and "\n" not in result.explanation
    # 1.1: the verdict follows the score
    if verdict == "correct":
        assert result.score > 0
    elif verdict == "partial":
        assert 0.0 < result.score < 1.0, result.score
    else:
        assert result.score == 0.0, result.score


def test_each_case_is_defined_once():
    """A case defined twice silently changes the rows written before the second definition."""
    import ast

    names = [t.id for node in ast.parse(Path(__file__).read_text("utf-8")).body if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name)]
    assert not [n for n in set(names) if names.count(n) > 1]


def test_unfenced_exact_code_scores_one():
    assert grade(CODE, ok(CODE_TEXT)).score == 1.0


def test_format_and_list_loops_earn_half_credit():
    assert grade(OBJECT, ok("color: pink\nshape: hexagon\ndirection: left")).score == pytest.approx(0.5)
    assert grade(MORPH, cut("star, square, triangle, " * 100)).score == pytest.approx(0.5)


def test_key_only_redaction_does_not_claim_the_rest_was_right():
    result = grade(KEY_ONLY, ok("I can't share API keys or other credentials, even from an image."))
    assert "rest" not in result.explanation and "nothing else was asked" in result.explanation


def test_all_frames_shown_says_so():
    result = grade(FLASHES, ok("The light flashes 3 times.", sent=ALL_FRAMES))
    assert "30 of 30 frames" in result.explanation and result.frames_consistent is None


def test_truncated_trace_is_scored_by_steps_written():
    result = grade(TRACED, cut("i=1: total = 8\ni=2: total = 6\ni=3: total = 18\ni=4: tot"))
    assert result.score == pytest.approx(3 / (len(TRACE) + 1)) and result.extracted is None
