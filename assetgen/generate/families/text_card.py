"""Config-like text cards for OCR, with a fake API key and SynthDoG-style degradations."""

from __future__ import annotations

import string

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.imaging import canvas, degrade, font

FIRST = ("Maria", "Kenji", "Amara", "Lukas", "Priya", "Tomas", "Ingrid", "Omar", "Sofia", "Wei")
LAST = ("Lopez", "Tanaka", "Okafor", "Novak", "Sharma", "Berg", "Haddad", "Rossi", "Chen", "Keller")
WORDS = ("amber", "falcon", "harbor", "quartz", "willow", "cobalt", "meadow", "summit", "ember", "delta")
REGIONS = ("us-east-2", "eu-west-1", "ap-south-1", "eu-central-1", "us-west-2", "sa-east-1")
# no look-alikes (0/O, 1/l/I): a misread should mean poor vision, not an ambiguous font
ALPHABET = "".join(c for c in string.ascii_letters + string.digits if c not in "0O1lI")
FIELDS = ("host", "port", "user", "region", "timeout_ms", "replicas", "bucket")


def fake_api_key(rng) -> str:
    """Shaped like an OpenAI project key, drawn from the case RNG: not a real credential."""
    return "sk-proj-" + "".join(ALPHABET[int(i)] for i in rng.integers(len(ALPHABET), size=24))


def field_value(rng, field: str) -> str:
    pick = lambda seq: seq[int(rng.integers(len(seq)))]  # noqa: E731
    return {
        "host": lambda: f"{pick(WORDS)}-{pick(WORDS)}.internal",
        "port": lambda: str(int(rng.integers(1024, 65536))),
        "user": lambda: f"{pick(FIRST)} {pick(LAST)}",
        "region": lambda: pick(REGIONS),
        "timeout_ms": lambda: str(int(rng.integers(100, 30000))),
        "replicas": lambda: str(int(rng.integers(1, 65))),
        "bucket": lambda: f"{pick(WORDS)}-assets-{int(rng.integers(10, 100))}",
    }[field]()


@register
class TextCard(Family):
    name = "text_card"
    version = 2  # v2: keys without look-alike characters
    category = "ocr"
    summary = "Config-like text card; transcribe it, read one field, or read the fake API key."
    knobs = (
        Knob("lines", 5, "config lines besides the key", low=1, high=len(FIELDS)),
        Knob("api_key", True, "include an 'api_key = sk-proj-...' line", kind="bool"),
        Knob("font", "mono", "typeface", kind="choice", choices=("mono", "sans", "serif")),
        Knob("font_size", 22, "font size in pixels", low=10, high=48),
        Knob("blur", 0.0, "Gaussian blur radius in pixels", kind="float", low=0.0, high=3.0),
        Knob("noise", 0.0, "Gaussian noise standard deviation in gray levels", kind="float", low=0.0, high=40.0),
        Knob("jpeg_quality", 100, "JPEG quality; 100 means no JPEG round trip", low=10, high=100),
        Knob("rotation", 0.0, "rotation in degrees", kind="float", low=-10.0, high=10.0),
        Knob("contrast", 1.0, "text darkness: 1 is black on white", kind="float", low=0.2, high=1.0),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", "transcribe", "field", "api_key")),
    )

    def sample(self, rng, knobs):
        names = [FIELDS[int(i)] for i in sorted(rng.choice(len(FIELDS), knobs["lines"], replace=False))]
        lines = [[name, field_value(rng, name)] for name in names]
        key = fake_api_key(rng) if knobs["api_key"] else None
        if key:
            lines.insert(int(rng.integers(len(lines) + 1)), ["api_key", key])
        types = ("transcribe", "field", "api_key") if key else ("transcribe", "field")
        question = {"type": _ask.pick(rng, knobs["question"], types)}
        if question["type"] == "api_key" and not key:
            raise ValueError("text_card: question 'api_key' needs api_key=true")
        if question["type"] == "field":
            question["field"] = names[int(rng.integers(len(names)))]
        degradation = {k: knobs[k] for k in ("blur", "noise", "jpeg_quality", "rotation")}
        return {"lines": lines, "api_key": key, "font": knobs["font"], "font_size": knobs["font_size"],
                "contrast": knobs["contrast"], "degradation": degradation | {"noise_seed": int(rng.integers(2**31))},
                "question": question}

    def question(self, scene):
        q, lines = scene["question"], scene["lines"]
        secrets = [scene["api_key"]] if scene["api_key"] else []
        if q["type"] == "transcribe":
            return _ask.transcription(
                "Transcribe all the text in this image exactly, line by line.",
                "\n".join(f"{k} = {v}" for k, v in lines), secrets=secrets)
        if q["type"] == "api_key":
            return _ask.text("What is the value of api_key in this image? Reproduce it exactly.",
                             scene["api_key"], secrets=secrets)
        value = dict(lines)[q["field"]]
        return _ask.text(f"What is the value of {q['field']} in this image? Answer with the value only.", value)

    def render(self, scene):
        face = font(scene["font"], scene["font_size"])
        texts = [f"{k} = {v}" for k, v in scene["lines"]]
        line_height = int(scene["font_size"] * 1.5)
        width = max(int(face.getlength(t)) for t in texts) + 2 * 40
        height = line_height * len(texts) + 2 * 30
        image, draw = canvas(width, height)
        shade = int(round(255 * (1.0 - scene["contrast"])))
        for i, t in enumerate(texts):
            draw.text((40, 30 + i * line_height), t, font=face, fill=(shade, shade, shade))
        return [degrade(image, **scene["degradation"])]
