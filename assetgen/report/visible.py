"""Make invisible characters of untrusted text visible before any report shows it.

A model (or a golden folder) controls the text a report prints. Control characters (NUL, ESC that starts
terminal sequences, a carriage return that overwrites a line) and Unicode bidi overrides (U+202E turns
"gnp.exe" around) could hide or disguise what was said, so each becomes a visible stand-in: C0 controls
their control picture (NUL -> ␀, ESC -> ␛), the rest a ⟨U+XXXX⟩ tag. Newlines and tabs stay.
"""

from __future__ import annotations

_BIDI = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]


def _table() -> dict[int, str]:
    table = {code: chr(0x2400 + code) for code in range(0x20) if chr(code) not in "\n\t"}
    table[0x7F] = "\u2421"  # ␡
    for code in [*range(0x80, 0xA0), *_BIDI, 0xFEFF, 0x2028, 0x2029]:
        table[code] = f"\u27e8U+{code:04X}\u27e9"
    return table


_VISIBLE = _table()


def visible(text: str) -> str:
    """`text` with every control character and bidi override replaced by a visible stand-in
    (a CRLF line end stays a plain newline)."""
    return text.replace("\r\n", "\n").translate(_VISIBLE)
