"""The Dutch and German catalogues are complete for the code as it is.

Every msgid in use (engines, templates, page scripts, the CLI, the hardware) is extracted with
Babel (web/messages.py); each must have a Dutch and a German translation that is not fuzzy, no
translation may be left for a msgid the code no longer uses, and a translation must keep its
msgid's placeholders. The extraction itself is checked against what random games of every game
really say, so a msgid the extractor cannot see fails here too.
"""

from __future__ import annotations

from typing import Any

import pytest
from babel.messages.catalog import Catalog

import engines
from engines.playout import random_playout
from engines.text import CATALOGUES, is_text_json, translate
from web import messages
from web.i18n import load_catalogues


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return messages.template()


def _ids(pot: Catalog) -> set[str]:
    out: set[str] = set()
    for m in pot:
        if m.id:
            out.update((m.id,) if isinstance(m.id, str) else m.id)
    return out


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_msgid_in_use_has_a_translation_that_keeps_its_placeholders(lang: str, pot: Catalog) -> None:
    """Nothing missing, fuzzy or stale, and every {placeholder} where the msgid has it
    (`python -m web.messages check` prints the same list)."""
    found = list(messages.problems(lang, pot))
    assert found == [], (f"{len(found)} problems, run `python -m web.messages update`:\n"
                         + "\n".join(found[:60]))


def test_the_check_catches_a_missing_fuzzy_stale_or_misplaced_translation(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above is worth something only if it fails on each kind of mistake."""
    monkeypatch.setattr(messages, "TRANSLATIONS", tmp_path)
    pot = Catalog()
    pot.add("{seat} moved.")
    pot.add("Next")
    pot.add("Undo")
    pot.add(("{count} card", "{count} cards"))
    po = messages.new_catalog("nl")
    po.add("{seat} moved.", "{speler} verzette.")             # placeholder renamed
    po.add("Next", "Volgende", flags=("fuzzy",))               # fuzzy
    po.add("Gone", "Weg")                                      # stale
    po.add(("{count} card", "{count} cards"), ("{count} kaart", ""))   # half a plural
    messages._write(messages.po_path("nl"), po)
    found = "\n".join(messages.problems("nl", pot))
    assert "placeholders differ in '{seat} moved.'" in found
    assert "fuzzy" in found and "'Next'" in found
    assert "stale" in found and "'Gone'" in found
    assert "not translated: '{count} card'" in found
    assert "missing" in found and "'Undo'" in found


def test_extraction_finds_every_msgid_that_random_games_of_every_game_say(pot: Catalog) -> None:
    """Events, button labels, views, outcomes, option help and refusals of random games, in the
    JSON form the web sends: every msgid in them is one the extractor found in the code (a
    msgid built at run time, or picked from a table without its N_ marker, fails here)."""
    seen: dict[str, str] = {}

    def walk(value: Any, where: str) -> None:
        if isinstance(value, dict):
            if is_text_json(value):
                seen.setdefault(value["msgid"], where)
                if isinstance(value.get("plural"), str):
                    seen.setdefault(value["plural"], where)
            for sub in value.values():
                walk(sub, where)
        elif isinstance(value, list | tuple):
            for sub in value:
                walk(sub, where)

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        where = after.game.id
        walk(after.events, where + " event")
        walk(after.view(None), where + " view")
        for seat in after.awaiting:
            if seat >= 0:
                walk(after.legal_actions(seat)[:60], where + " label")
                walk(after.view(seat), where + " view")
                try:   # a refusal: an action of no known type
                    after.apply(seat, {"type": "no-such-play"})
                except engines.IllegalAction as refused:
                    walk(refused.text.to_json(), where + " refusal")
        if after.outcome:
            walk(after.outcome, where + " outcome")

    for game in engines.GAMES.values():
        if not type(game).__module__.startswith("engines."):
            continue   # a test's own game (tests/fakegame.py) says its own words
        for option in game.options:
            seen.setdefault(option["help"], game.id + " option")
        variants: list[dict[str, Any]] = [{}]
        variants += [{opt["name"]: True} for opt in game.options if opt["type"] == "bool"]
        variants += [{"chance": "physical"}] if any(o["name"] == "chance" for o in game.options) else []
        for seed, options in enumerate(variants * 2):
            players = game.min_players + seed % (game.max_players - game.min_players + 1)
            random_playout(game, players, seed, options=options, max_plies=250, on_step=collect)
    missing = {msgid: where for msgid, where in seen.items() if msgid not in _ids(pot)}
    assert missing == {}
    assert len(seen) > 150   # the games said something


def test_a_plural_follows_each_languages_rule() -> None:
    """One catalogue entry per plural sentence, each language choosing its form: English, Dutch
    and German say "1 card" and "2 cards" (gettext's Plural-Forms of each PO file)."""
    from engines.text import plural
    load_catalogues()
    for lang in ("en", *messages.LANGUAGES):
        one = translate(plural(1, "{seat} placed a bid of {count} card face down.",
                               "{seat} placed a bid of {count} cards face down.", seat=0), lang)
        many = translate(plural(2, "{seat} placed a bid of {count} card face down.",
                                "{seat} placed a bid of {count} cards face down.", seat=0), lang)
        assert one != many and "1" in one and "2" in many
    assert CATALOGUES["nl"].ngettext("a", "b", 1) == "a"   # type: ignore[union-attr]


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_only_a_fuzzy_entry_carries_its_old_msgid(lang: str) -> None:
    """A translator in Poedit or Weblate sees an old msgid (``#| msgid``) only beside an entry still
    to check: none beside a checked one, and no old msgid left as a translator comment."""
    blocks = messages.po_path(lang).read_text(encoding="utf-8").split("\n\n")
    stale = [b.splitlines()[-2] for b in blocks
             if any(line.startswith(("#|", "# |")) for line in b.splitlines()) and "#, fuzzy" not in b]
    assert stale == []


def test_an_update_keeps_the_old_msgid_while_fuzzy_and_drops_it_once_checked(tmp_path: Any) -> None:
    from babel.messages.pofile import read_po

    old = Catalog(locale="nl")
    old.add("Your bid (face down)", "Je bod (gedekt)")
    pot = Catalog()
    pot.add("Your bid, face down")
    old.update(pot)                                  # what `web.messages update` does to a changed msgid
    path = tmp_path / "messages.po"

    def written() -> tuple[str, Catalog]:
        with path.open("rb") as fileobj:
            return path.read_text(encoding="utf-8"), messages.previous_ids(read_po(fileobj, locale="nl"))

    messages._write(path, old)
    text, back = written()
    entry = back["Your bid, face down"]
    assert '#| msgid "Your bid (face down)"' in text
    assert entry.fuzzy and entry.previous_id == ["Your bid (face down)"] and entry.user_comments == []
    entry.flags.discard("fuzzy")                     # a person checked it
    messages._write(path, back)
    text, back = written()
    assert "#|" not in text and "# |" not in text
    entry = back["Your bid, face down"]
    assert entry.previous_id == [] and entry.string == "Je bod (gedekt)"
