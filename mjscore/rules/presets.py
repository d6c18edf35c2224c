"""A table's `presets:`: a choice option whose choice sets other options (a published ruleset: riichi's
`ruleset=ema` sets its options as the EMA's rules play), checked when the table loads and applied when options
are resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from mjscore.rules.tablefile import Failure
    from mjscore.rules.tablefile import OptionSpec


def check_presets(section: object, fail: Failure, options: dict[str, OptionSpec]
                  ) -> dict[str, dict[object, dict[str, object]]]:
    """`presets: {OPTION: {CHOICE: {other option: value}}}`: choosing CHOICE of the choice option OPTION
    sets those options, unless they are given themselves."""
    if section is None:
        return {}
    if not isinstance(section, dict):
        fail("presets", "expects a mapping {option: {choice: {option: value}}}")
    out: dict[str, dict[object, dict[str, object]]] = {}
    for key, cases in section.items():
        spec = options.get(key)
        if spec is None or spec.type != "choice":
            fail(f"presets.{key}", "names no choice option of this table")
        if not isinstance(cases, dict):
            fail(f"presets.{key}", "expects a mapping {choice: {option: value}}")
        for choice, sets in cases.items():
            where = f"presets.{key}.{choice}"
            if choice not in spec.choices:
                fail(where, f"{choice!r} is not a choice of {key} ({', '.join(map(str, spec.choices))})")
            if not isinstance(sets, dict):
                fail(where, "expects a mapping {option: value}")
            for name, value in sets.items():
                other = options.get(name)
                if other is None or name == key:
                    fail(where, f"names no other option {name!r}")
                try:
                    other.parse(str(value).lower() if isinstance(value, bool) else str(value), "this table")
                except Exception as e:  # an OptionError: its words say what the option takes
                    fail(where, str(e))
        out[key] = {c: {n: (v if not isinstance(v, str) else options[n].parse(v, "")) for n, v in s.items()}
                    for c, s in cases.items()}
    return out


def apply_presets(presets: dict[str, dict[object, dict[str, object]]], resolved: dict[str, Any],
                  given: Iterable[str] | dict[str, str]) -> dict[str, Any]:
    """The options with each chosen preset's settings, where the user did not give the option."""
    for key, cases in presets.items():
        for name, value in cases.get(resolved.get(key), {}).items():
            if name not in given:
                resolved[name] = value
    return resolved
