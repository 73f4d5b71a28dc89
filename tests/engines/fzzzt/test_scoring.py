"""Final scoring (rulebook "Eindtelling" and "Voorbeeld van de eindtelling")."""

from __future__ import annotations

import itertools

from engines.fzzzt.cards import SYMBOLS, card_table
from engines.fzzzt.scoring import best_widgets
from engines.fzzzt.table import score_sheet
from engines.rng import Rng
from tests.engines.fzzzt.helpers import position

CARDS = card_table("")
UNIT = {c.id: (c.id, c.symbols, c.points) for c in CARDS.values() if c.kind == "unit"}
ROBOTS = [c for c in CARDS.values() if c.kind in ("robot", "upgrade")]

# Jon's cards in the rulebook's example: a prototype (oil, 3), a reinforced unit worth 6
# (nut+oil) and an advanced one (nut+bolt+cog, 9); a robot already on each of the last two;
# six robots in hand including the robot upgrade; robot points 16; one Fzzzt card.
JON_UNITS = ["PO", "PNO", "PNBCa"]
JON_PINS = [("PNO", "R2Na", 2), ("PNBCa", "R3Ca", 3)]
JON_HAND = ["R2Oa", "Ua", "R4N", "R4B", "R2Ba", "R2Nb", "Fa", "M1"]


def jon(pins: list[tuple[str, str, int]] = JON_PINS, hand: list[str] = JON_HAND) -> dict[str, object]:
    state = position(2, hands=[hand, ["M2"]], units=[JON_UNITS, []], pins=[pins, []], phase="over")
    return score_sheet(state, 0)


def test_the_rulebook_scoring_example_makes_36() -> None:
    """Eindtelling example: "basisscore van 16 ... Fzzzt-kaart ... 15 ... bonusscore van 6 voor zijn
    versterkte eenheid en 18 punten voor zijn twee geavanceerde widgets. Hij verliest drie punten
    ... prototype ... 6+18-3=21. Zijn eindscore bedraagt 15+21=36"."""
    sheet = jon()
    assert sheet["robot_points"] == 16 and sheet["fzzzt"] == -1 and sheet["base"] == 15
    by_unit = {u["unit"]: u for u in sheet["units"]}
    assert by_unit["PNO"]["score"] == 6 and len(by_unit["PNBCa"]["widgets"]) == 2
    assert by_unit["PNBCa"]["score"] == 18 and by_unit["PO"]["score"] == -3
    assert sheet["bonus"] == 21 and sheet["total"] == 36
    assert sheet["arithmetic"] == "16 - 1 - 3 + 6 + 18 = 36"


def test_the_rulebook_alternative_with_the_upgrade_on_the_prototype_is_three_less() -> None:
    """Example: "Jon kon zijn drie minpunten vermijden door zijn robotopwaarderingskaart aan zijn
    prototype eenheid toe te wijzen. ... Zijn bonus zou dan 6+9+3=18 bedragen, drie punten minder"."""
    hand = [c for c in JON_HAND if c != "Ua"]
    sheet = jon([*JON_PINS, ("PO", "Ua", 4)], hand)
    assert sheet["bonus"] == 18 and sheet["total"] == 33


def test_the_upgrade_serves_any_symbol() -> None:
    """Card overview: the robot upgrade counts as a robot card and carries every symbol."""
    got = best_widgets([UNIT["PNBCO"]], {}, [("R5N", "N"), ("R5B", "B"), ("R5C", "C"), ("Ua", "NBCO")])
    assert got.bonus == 13
    assert dict(got.units[0].widgets[0])["O"] == "Ua"
    without = best_widgets([UNIT["PNBCO"]], {}, [("R5N", "N"), ("R5B", "B"), ("R5C", "C")])
    assert without.bonus == -13


def test_several_widgets_on_one_unit() -> None:
    """Eindtelling: "Spelers kunnen wel verschillende widgets per productie-eenheid creëren"."""
    free = [("R2Oa", "O"), ("R2Ob", "O"), ("R3Oa", "O"), ("R1NO", "NO")]
    got = best_widgets([UNIT["PO"]], {}, free)
    assert got.bonus == 12 and len(got.units[0].widgets) == 4


def test_a_unit_left_empty_costs_its_value() -> None:
    """Eindtelling: "Als een productie-eenheid geen enkele widget heeft, dan moet de eigenaar zijn
    punten verminderen met de punten die op de kaart vermeld staan"."""
    got = best_widgets([UNIT["PNO"], UNIT["PBC"]], {}, [("R1BC", "BC"), ("R2Ca", "C"), ("R2Na", "N")])
    assert got.bonus == 5 - 6      # bolt+cog built from the two-symbol robot and the cog; nut+oil empty
    assert [u.score for u in got.units] == [-6, 5]


def test_a_robot_uses_one_of_its_symbols_once() -> None:
    """Eindtelling: "Slechts één symbool per robotkaart kan gebruikt worden ... Iedere robotkaart kan
    slechts in één widget gebruikt worden"."""
    got = best_widgets([UNIT["PNB"]], {}, [("R1NB", "NB")])
    assert got.bonus == -5


def test_pinned_robots_stay_on_their_unit() -> None:
    """Opkuis: "Een toegewezen robotkaart kan niet meer verplaatst worden in de loop van het spel"."""
    got = best_widgets([UNIT["PO"], UNIT["PCO"]], {"PCO": [("R2Oa", "O")]}, [])
    assert got.bonus == -3 - 6      # the oil robot may not leave the cog+oil unit for the prototype


def _brute(units: list[tuple[str, str, int]], pinned: dict[str, list[tuple[str, str]]],
           free: list[tuple[str, str]]) -> int:
    robots = [(cid, syms, None) for cid, syms in free]
    robots += [(cid, syms, uid) for uid, lst in pinned.items() for cid, syms in lst]
    choices = []
    for _, syms, home in robots:
        opts: list[tuple[str, str] | None] = [None]
        for uid, usyms, _ in units:
            if home is None or home == uid:
                opts += [(uid, s) for s in usyms if s in syms]
        choices.append(opts)
    best = -10**9
    for pick in itertools.product(*choices):
        total = 0
        for uid, usyms, value in units:
            widgets = min(sum(1 for p in pick if p == (uid, s)) for s in usyms)
            total += value * widgets if widgets else -value
        best = max(best, total)
    return best


def test_best_assignment_equals_brute_force_on_small_random_hands() -> None:
    """The search is exact: the same best bonus as trying every assignment, and a valid one."""
    rng = Rng.from_seed(2024)
    checked = 0
    while checked < 150:
        k, rng = rng.below(3)
        units_pick, rng = rng.shuffled(sorted(UNIT))
        units = [UNIT[u] for u in units_pick[:k + 1]]
        size, rng = rng.below(6)
        robots, rng = rng.shuffled([c.id for c in ROBOTS])
        free = [(c, CARDS[c].symbols) for c in robots[:size]]
        pinned: dict[str, list[tuple[str, str]]] = {}
        npins, rng = rng.below(3)
        for i in range(npins):
            uid = units[i % len(units)][0]
            pinned.setdefault(uid, []).append((robots[size + i], CARDS[robots[size + i]].symbols))
        space = 1
        for _, syms in [*free, *(p for lst in pinned.values() for p in lst)]:
            space *= 1 + sum(len(set(syms) & set(u[1])) for u in units)
        if space > 30000:
            continue
        got = best_widgets(units, pinned, free)
        assert got.bonus == _brute(units, pinned, free), (units, pinned, free)
        owner = {c: None for c, _ in free} | {c: u for u, lst in pinned.items() for c, _ in lst}
        symbols = dict(free) | {c: s for lst in pinned.values() for c, s in lst}
        used = [c for u in got.units for w in u.widgets for _, c in w]
        assert len(used) == len(set(used))
        for u in got.units:
            for w in u.widgets:
                assert [s for s, _ in w] == [s for s in SYMBOLS if s in u.symbols]
                for s, c in w:
                    assert s in symbols[c] and owner[c] in (None, u.unit)
        checked += 1


def test_tie_goes_to_fewest_robot_cards_then_shared() -> None:
    """Eindtelling: "Bij een gelijke stand wint de speler met de minste robotkaarten. Als er dan nog
    een gelijke stand is, dan winnen alle gelijke spelers"."""
    # Seat 0: 3+2 = 5 points, two robots; seat 1: 2+2+1 = 5 points, three robots.
    state = position(2, hands=[["R4N", "R3Na"], ["R2Na", "R2Nb", "R1N"]], phase="over")
    assert state.outcome is not None and state.outcome["winners"] == [0]
    # Seat 2 also has 5 points from two robots: seats 0 and 2 share the win.
    state = position(3, hands=[["R4N", "R3Na"], ["R2Na", "R2Nb", "R1N"], ["R5N", "R3Nb"]], phase="over")
    assert state.outcome is not None and state.outcome["winners"] == [0, 2]
    assert "shared" in state.outcome["reason"]
