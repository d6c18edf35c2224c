"""What a condition declares it reads (registry.Reads) is all it reads: the scorer folds, judges once and keeps
results on that one declaration, so a condition that reads more than it says would corrupt cached scores.

The property: for every condition every packaged table names, on real candidates of random hands (the bench's
deals, and a few special hands) under random seats, winds, ways the tile came and house options, the condition's
answer on context A does not move when everything it does not declare is taken from another context B.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from mjscore.errors import MjscoreError
from mjscore.hand.arrange import analyse
from mjscore.hand.notation import parse_hand, parse_tile
from mjscore.rules.candidate import score_candidate
from mjscore.rules.context import Ctx
from mjscore.rules.registry import Reads, condition, p_bool
from mjscore.rules.scoring import score_all
from mjscore.rules.situations import make_situation
from mjscore.rules.tablefile import tables_dir, variant_names
from mjscore.rules.tables import load_variant
from mjscore.rules.when import All, Any, Leaf, Not, When

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from deals import random_deal  # noqa: E402 (the bench's random winning hands)

R = Reads
# the context's fields, each with the declarations that cover it: a field is taken from A when the condition
# declares one of them, else from B (the tiles' facts belong to the hand as much as to its suits)
FIELDS = {
    "seat": R.SEATS, "round": R.SEATS, "seat_tile": R.SEATS, "round_tile": R.SEATS,
    "sit": R.SEATS | R.SITUATION, "source": R.SITUATION, "also": R.SITUATION,
    "options": R.OPTIONS, "pattern": R.SHAPE,
    "suits": R.SUITS | R.HAND | R.EVERY_TILE, "has_honours": R.SUITS | R.HAND | R.EVERY_TILE,
    "hand": R.HAND | R.EVERY_TILE, "tiles": R.HAND | R.EVERY_TILE, "bonus": R.HAND | R.EVERY_TILE,
    "group_total": R.GROUP_COUNTS | R.CANDIDATE,
    "groups": R.CANDIDATE, "win": R.CANDIDATE, "set_points": R.CANDIDATE, "items": R.CANDIDATE, "value": R.CANDIDATE,
}
CACHES = ("memo", "counts", "group_memo")  # what conditions work out and keep: fresh for every question

SPECIAL = ("1112345678999m 5m", "EEE SSS WWW NN CCC", "11m 22m 33p 44p 55s 66s EE", "19m19p19s ESWNCFPP",
           "123m 456m 789m 111p 55p", "[222s] [333s] 444s 666s FF", "234m 234m 234m 567p 88p",
           "123m 123p 123s 999s 55m 1f 3f 2s")


def _snapshot(ctx: Ctx) -> Ctx:
    copy = object.__new__(Ctx)
    for name in Ctx.__slots__:
        setattr(copy, name, getattr(ctx, name))
    for name in CACHES:
        setattr(copy, name, {})
    return copy


def _hybrid(a: Ctx, b: Ctx, reads: Reads) -> Ctx:
    """Context A with every field the declaration does not cover taken from B."""
    out = _snapshot(a)
    for name, covered in FIELDS.items():
        if not reads & covered:
            setattr(out, name, getattr(b, name))
    return out


def _changed_options(variant, rng: random.Random) -> dict:
    """The variant's options, some of them changed to another value they may take."""
    out = {}
    for name, spec in variant.options.items():
        value = spec.default
        if rng.random() < 0.5:
            if spec.type == "bool":
                value = not value
            elif spec.type == "choice" and spec.choices:
                value = rng.choice(spec.choices)
            elif spec.type == "int":
                value = rng.choice([0, 1, 2, 8, 100, 500, 1000]) if value is not None else None
        out[name] = value
    return out


def _contexts(variant, rng: random.Random, n: int) -> list[Ctx]:
    """Snapshots of the scorer's context at every candidate of n random hands (winners and losers)."""
    texts = [(h, None, None) for h in SPECIAL]
    for _ in range(n):
        deal, _ = random_deal(rng, 4)
        texts.append((deal["hands"]["Ann"], deal["win"]["tile"], deal["win"]["from"]))
        texts.append((deal["hands"]["Bo"], None, None))
    out = []
    for text, win, source in texts:
        try:
            hand = parse_hand(text)
            also = tuple(rng.sample(sorted(variant.situations), 1)) if variant.situations and rng.random() < 0.3 else ()
            sit = make_situation(variant, rng.choice("ESWN"), rng.choice("ESWN"),
                                 parse_tile(win) if win else hand.concealed[-1] if rng.random() < 0.5 else None,
                                 source or rng.choice(("wall", "discard")), also)
            analysed = analyse(hand, sit, variant.shapes)
            options = _changed_options(variant, rng)
            if analysed.tile_count == 14:
                ctx = Ctx(analysed, options, variant, True, [], score_all)
                arrangements = list(analysed.candidates)
            else:
                ctx = Ctx(analysed, options, variant, False, [], score_all)
                arrangements = [(g, None, None) for g, _ in analysed.partial]
        except (MjscoreError, ValueError):
            continue
        for arrangement in arrangements[:4]:
            score_candidate(ctx, *arrangement)
            out.append(_snapshot(ctx))
    return out


def _leaves(node, scope: str, out: list) -> None:
    """Every condition of a compiled `when:` with its scope, those of conditions inside a parameter too."""
    if isinstance(node, Leaf):
        out.append((node, scope))
        param = node.param if isinstance(node.param, tuple) else (node.param,)
        for inner in param:
            if isinstance(inner, When):
                _leaves(inner, "group" if node.condition.name in ("groups", "same_number") else "bonus", out)
    elif isinstance(node, (All, Any)):
        for part in node.parts:
            _leaves(part, scope, out)
    elif isinstance(node, Not):
        _leaves(node.part, scope, out)


def _subjects(ctx: Ctx, scope: str) -> list:
    if scope == "group":
        return list(ctx.groups or ())
    if scope == "bonus":
        return list(ctx.bonus)
    return [None]


@pytest.mark.parametrize("name", variant_names(tables_dir(None)))
def test_a_condition_answers_alike_whatever_it_does_not_declare_it_reads(name):
    variant = load_variant(name, None)
    rng = random.Random(f"reads {name}")
    contexts = _contexts(variant, rng, 12)
    leaves: list = []
    for rule in variant.rules:
        _leaves(rule.pred, rule.per, leaves)
    for requirement in variant.requires:
        _leaves(requirement.pred, "hand", leaves)
    distinct = {(id(leaf.condition.test), repr(leaf.param)): (leaf, scope) for leaf, scope in leaves}
    assert distinct and len(contexts) > 20
    asked = 0
    for leaf, scope in distinct.values():
        cond = leaf.condition
        for k, a in enumerate(contexts):
            b = contexts[(k * 7 + 3) % len(contexts)]
            for i, subject in enumerate(_subjects(a, scope)):
                own = _snapshot(a)
                answer = leaf.test(own, leaf.param, subject)
                mixed = _hybrid(own, b, cond.reads)
                other = subject
                if not cond.reads & Reads.SUBJECT and _subjects(b, scope):
                    others = _subjects(b, scope)
                    other = others[i % len(others)]
                assert leaf.test(mixed, leaf.param, other) == answer, (
                    f"{name}: {scope} condition {cond.name} (declared {cond.reads}) moved with what it does not "
                    f"declare: hand {a.hand.notation} beside {b.hand.notation}")
                if cond.screen is not None and not cond.screen(_snapshot(a), leaf.param):
                    assert not answer, f"{name}: {cond.name}'s screen refused a hand that meets it"
                asked += 1
    assert asked > 100


def test_a_group_condition_that_reads_more_than_its_memo_is_kept_by_is_refused():
    # group and bonus items are kept per situation by their subject, the seats and the options alone
    with pytest.raises(ValueError, match="group condition 'greedy' reads"):
        condition("greedy", "group", p_bool, "reads the candidate", reads=Reads.SUBJECT | Reads.CANDIDATE)
    assert condition("fine", "group", p_bool, "reads the seat", reads=Reads.SUBJECT | Reads.SEATS)


def test_what_may_be_folded_follows_from_the_declaration():
    def never(c, v, s):
        return False

    told = condition("t", "hand", p_bool, "", reads=Reads.SITUATION | Reads.SHAPE | Reads.SUITS)(never)
    counts = condition("n", "hand", p_bool, "", reads=Reads.GROUP_COUNTS | Reads.OPTIONS)(never)
    hand = condition("h", "hand", p_bool, "", reads=Reads.HAND | Reads.SEATS)(never)
    tiles = condition("e", "hand", p_bool, "", reads=Reads.EVERY_TILE)(never)
    assert (told.told, told.group_counts, told.whole) == (True, False, True)  # (the suits: a partial hand cannot tell)
    assert (counts.told, counts.group_counts, counts.whole) == (False, True, False)
    assert (hand.told, hand.group_counts, hand.whole) == (False, False, False)
    assert (tiles.told, tiles.group_counts, tiles.whole) == (False, False, True)
