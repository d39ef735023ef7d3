"""The family registry: one module per family, one decorator, no duplicate names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np

from assetgen.dataset.records import RequestOverrides
from assetgen.errors import ConfigError
from assetgen.media.lang import localize
from graders.records import GraderSpec, Modality, Sampling, Truth

KnobKind = Literal["int", "float", "bool", "choice"]


@dataclass(frozen=True)
class Knob:
    """One difficulty knob of a family, with its default and valid range."""

    name: str
    default: Any
    help: str
    kind: KnobKind = "int"
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()

    def describe_range(self) -> str:
        if self.kind == "choice":
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind == "bool":
            return "true or false"
        return f"{self.low}..{self.high}"

    def validate(self, family: str, value: Any) -> Any:
        bad = ConfigError(
            f"{family}: knob {self.name!r} = {value!r} is invalid; valid: {self.describe_range()}"
        )
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "bool":
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                return value.lower() in ("true", "1", "yes")
            if not isinstance(value, bool):
                raise bad
            return value
        try:
            number = int(value) if self.kind == "int" else float(value)
        except (TypeError, ValueError):
            raise bad from None
        if self.kind == "int" and float(value) != number:
            raise bad
        if not (self.low <= number <= self.high):
            raise bad
        return number


@dataclass
class Question:
    """What a family derives from a scene alone: the prompt and its truth."""

    prompt: str
    truth: Truth
    grader: GraderSpec
    system_prompt: str | None = None
    sampling: Sampling | None = None  # videos: how the answer depends on frames seen
    request: RequestOverrides | None = None  # request fields the case sets itself (max_tokens, tools)


class Family:
    """Base class: sample a scene, derive the question from it, render it.

    Subclasses set the class attributes and implement the three methods. `render` must be a pure
    function of the scene; any randomness it needs (noise) is drawn in `sample` and kept in the scene.
    """

    name: ClassVar[str]
    version: ClassVar[int] = 1
    category: ClassVar[str]
    modality: ClassVar[Modality] = "image"
    knobs: ClassVar[tuple[Knob, ...]] = ()
    summary: ClassVar[str] = ""
    # every case of the family in a suite draws its scene from the same generator (the suite seed's, index 0),
    # so they ask one seeded prompt and differ only by their knobs (a max_tokens ladder)
    shared_draw: ClassVar[bool] = False

    def sample(self, rng: np.random.Generator, knobs: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def question(self, scene: dict[str, Any]) -> Question:
        raise NotImplementedError

    def question_in(self, scene: dict[str, Any], lang: str) -> Question:
        """The question asked in `lang` (issue #35): the English one with its prompt rewritten from the
        language's templates (assetgen/media/lang.py), truth unchanged. A family whose truth depends on the
        language (a word limit counted in characters) overrides this."""
        question = self.question(scene)
        if lang != "en":
            question.prompt = localize(question.prompt, lang)
            question.system_prompt = localize(question.system_prompt, lang)
        return question

    def render(self, scene: dict[str, Any]) -> list[np.ndarray]:
        """Return the images of the case, each an HxWx3 uint8 RGB array (none for modality 'text')."""
        if self.modality == "text":
            return []
        raise NotImplementedError

    def documents(self, scene: dict[str, Any]) -> list[str]:
        """Text files sent before the prompt (modality 'text'): a long document kept out of cases.jsonl."""
        return []

    # whether documents_in differs by language: the documents of a case in ja/zh are then files of their own
    # (named by the case id with its language suffix) rather than the English case's, which every language shares
    documents_by_lang: ClassVar[bool] = False

    def documents_in(self, scene: dict[str, Any], lang: str) -> list[str]:
        """The documents of a case asked in `lang` (issue #35): the English ones unless a family writes its own."""
        return self.documents(scene)

    def resolve_knobs(self, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
        known = {k.name: k for k in self.knobs}
        values = {k.name: k.default for k in self.knobs}
        for key, value in (overrides or {}).items():
            if key not in known:
                valid = ", ".join(sorted(known)) or "none"
                raise ConfigError(f"{self.name}: unknown knob {key!r}; valid knobs: {valid}")
            values[key] = known[key].validate(self.name, value)
        return values


_REGISTRY: dict[str, Family] = {}
_BUILTINS_LOADING = False


def _load_builtins() -> None:
    """Import the built-in families once, before anything else registers, so a duplicate of a
    built-in name is always the newcomer and is refused."""
    global _BUILTINS_LOADING
    if not _BUILTINS_LOADING:
        _BUILTINS_LOADING = True
        import assetgen.generate.families  # noqa: F401


def register(cls: type[Family]) -> type[Family]:
    """Class decorator: add a family to the registry; a second family of the same name is refused."""
    _load_builtins()
    name = getattr(cls, "name", None)
    if not name:
        raise TypeError(f"{cls.__qualname__} has no `name`")
    if name in _REGISTRY:
        raise ValueError(f"family {name!r} is already registered by {type(_REGISTRY[name]).__qualname__}")
    _REGISTRY[name] = cls()
    return cls


def all_families() -> dict[str, Family]:
    _load_builtins()
    return dict(sorted(_REGISTRY.items()))


def get_family(name: str) -> Family:
    families = all_families()
    if name not in families:
        raise ConfigError(f"unknown family {name!r}; known families: {', '.join(families)}")
    return families[name]
