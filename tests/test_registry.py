"""The conditions a table may name: an explicit list of modules, gathered once, read-only; `when:` built of
closures, never of text handed to eval."""

import builtins
import types

import pytest

from mjscore.hand.sets import concealed
from mjscore.rules import registry, special
from mjscore.rules.conditions import CONDITIONS, MODULES
from mjscore.rules.registry import Condition, Invalid, Reads, Registry, compile_when, condition, p_bool
from mjscore.rules.tablefile import tables_dir, variant_names
from mjscore.rules.tables import build, read_raw


def _when_keys(when, out):
    if isinstance(when, dict):
        for k, v in when.items():
            if k not in ("any", "all", "not", "min", "max", "suits"):
                out.add(k)
            if k != "option":  # (its keys are the table's options)
                _when_keys(v, out)
    elif isinstance(when, list):
        for v in when:
            _when_keys(v, out)


def test_every_condition_comes_from_a_listed_module_and_the_packaged_tables_use_only_those():
    assert {c.module for c in CONDITIONS} == set(MODULES)
    named = set()
    for name in variant_names(tables_dir(None)):
        raw = read_raw(f"{tables_dir(None)}/{name}.yaml")
        for table in raw.get("tables", []):
            for rule in table["rules"]:
                _when_keys(rule.get("when"), named)
    known = {c.name for c in CONDITIONS}
    assert named and named <= known


def test_a_module_not_listed_makes_no_condition_known():
    only_general = Registry((registry,))
    known = {"shapes": ["standard"], "options": {}, "situations": {}, "conditions": only_general}
    assert compile_when({"suits": 1}, "hand", known) is not None
    with pytest.raises(Invalid, match="unknown hand condition 'held_before_win'"):
        compile_when({"held_before_win": "1112345678999"}, "hand", known)


def test_a_condition_declared_twice_stops_the_gathering_naming_both_modules():
    one, two = types.ModuleType("club_one"), types.ModuleType("club_two")
    for module in (one, two):
        def test(c, v, s):
            return v

        test.__module__ = module.__name__
        module.flag = condition("flag", "hand", p_bool, "a flag", reads=Reads(0))(test)
    with pytest.raises(ValueError, match="'flag' is declared twice: in club_one and in club_two"):
        Registry((one, two))


def test_the_registry_is_read_only():
    with pytest.raises(AttributeError):
        CONDITIONS.every()._by_id = {}
    with pytest.raises(TypeError):
        CONDITIONS.every()._by_id[("hand", "flag")] = None
    with pytest.raises(AttributeError):
        CONDITIONS._registry = Registry(())


def test_a_declared_condition_is_still_its_function():
    # the decorator gives back a Condition, which a module may call as the f(c, v, s) it wrote
    pung = concealed("pung", (4, 4, 4))
    assert isinstance(registry._set, Condition)
    assert registry._set(None, frozenset({"pung", "kong"}), pung) is True
    assert registry._set(None, frozenset({"chow"}), pung) is False
    assert special._gates_surplus.name == "gates_surplus" and special._gates_surplus.scope == "hand"


def test_tables_load_with_eval_and_compile_refused(monkeypatch):
    raw = read_raw(f"{tables_dir(None)}/basque.yaml")

    def refused(*args, **kwargs):
        raise AssertionError("a `when:` was compiled from text")

    monkeypatch.setattr(builtins, "eval", refused)
    monkeypatch.setattr(builtins, "compile", refused)
    variant = build(raw, "basque.yaml")
    assert any(r.per == "hand" for r in variant.rules)


def test_every_module_of_conditions_in_the_package_is_listed():
    # importing a module no longer makes its conditions known: one declaring some must be named in MODULES
    import importlib
    import pkgutil

    import mjscore.rules

    declaring = set()
    for info in pkgutil.iter_modules(mjscore.rules.__path__):
        module = importlib.import_module(f"mjscore.rules.{info.name}")
        if any(isinstance(v, Condition) and v.module == module.__name__ for v in vars(module).values()):
            declaring.add(module.__name__)
    assert declaring == set(MODULES)


def test_a_when_told_its_situation_and_shape_keeps_only_what_reads_the_hand():
    # when.folded: situational and shaped conditions, at any depth, replaced by their values there
    from types import SimpleNamespace

    from mjscore.hand.sets import Group
    from mjscore.rules.tables import OptionSpec
    from mjscore.rules.when import folded

    options = {"mode": OptionSpec("mode", "choice", "clean", ("clean", "mixed"))}
    known = {"shapes": ["standard", "seven_pairs"], "options": options, "situations": {}, "conditions": CONDITIONS}
    pred = compile_when({"pattern": "standard", "any": [{"option": {"mode": "clean"}}, {"concealed_hand": True}],
                         "not": {"from": "wall"}}, "hand", known)
    pung = Group("pung", (0, 0, 0))

    def ctx(pattern, source, mode, exposed=False):
        return SimpleNamespace(pattern=pattern, source=source, options={"mode": mode}, suits=frozenset({0}),
                               has_honours=False, groups=(pung._replace(exposed=exposed),))

    assert folded(pred, ctx("seven_pairs", "discard", "clean")) is None  # the shape says no
    assert folded(pred, ctx("standard", "wall", "clean")) is None  # the situation says no
    assert folded(pred, ctx("standard", "discard", "clean")) == (None, None)  # nothing left to test
    test, p = folded(pred, ctx("standard", "discard", "mixed"))  # left: concealed hand, read from the groups
    for exposed in (False, True):
        c = ctx("standard", "discard", "mixed", exposed)
        assert test(c, p, None) == pred(c, None) == (not exposed)


def test_a_when_told_the_suits_held_keeps_only_what_reads_the_tiles():
    # when.folded: `suits` and `honours` read only the suits held and whether honours are (suited), so they are
    # told too; `all_tiles` of a class with no tile in a suit the hand holds is false there (its screen)
    from types import SimpleNamespace

    from mjscore.rules.when import folded

    known = {"shapes": ["standard"], "options": {}, "situations": {}, "conditions": CONDITIONS}
    one_suit = compile_when({"suits": 1, "honours": False}, "hand", known)
    green = compile_when({"all_tiles": "green"}, "hand", known)  # 23468s and the green dragon

    def ctx(suits, honours, kinds=frozenset()):
        return SimpleNamespace(suits=frozenset(suits), has_honours=honours, hand=SimpleNamespace(kinds=kinds),
                               memo={})

    assert folded(one_suit, ctx({2}, False)) == (None, None)  # one suit, no honours: it holds, nothing to test
    assert folded(one_suit, ctx({0, 2}, False)) is None  # two suits
    assert folded(one_suit, ctx({2}, True)) is None  # honours too
    assert folded(green, ctx({0, 2}, False)) is None  # the characters have no green tile
    assert folded(green, ctx({2}, True)) is not None  # the bamboos and honours have: left to test on the hand
    test, p = folded(green, ctx({2}, True))
    for kinds, met in ((frozenset({19, 20, 21, 23, 25, 32}), True), (frozenset({19, 20, 27}), False)):
        c = ctx({2}, True, kinds)
        assert test(c, p, None) == green(c, None) == met  # 2s 3s 4s 6s 8s and G: green; 2s 3s and E: not
