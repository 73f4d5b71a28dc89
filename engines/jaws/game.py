"""The game: options, start and load."""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import engines.jaws.box as boxes
from engines.core import (
    CHANCE_MODES,
    Bot,
    Game,
    HardwareRoles,
    IllegalAction,
    Option,
    Pacing,
    PageAssets,
    ProfileCheck,
    State,
)
from engines.jaws import lessons, setting_up, words
from engines.jaws.amity.data import amity, check_text, deck
from engines.jaws.amity.town import cards_text
from engines.jaws.bot import JawsBot
from engines.jaws.match import Match
from engines.jaws.orca import boarding
from engines.jaws.orca import layout as orcas
from engines.jaws.orca.voyage import abilities, learned
from engines.jaws.position import Acts, deal_roles, parse_roles
from engines.jaws.state import JawsState
from engines.text import N_, Text, translate

DRAWN = {"physical": N_("physical (the table enters them)"), "digital": N_("digital (the companion draws)")}


class Jaws(Game):
    """Jaws: in Act 1 (Amity) one player is the shark, hunting swimmers in secret; the others are the
    crew (Brody, Hooper, Quint), rescuing them and hunting the shark with barrels. In Act 2 (the Orca)
    the shark chooses in secret where it resurfaces and attacks the boat; the crew guesses, prepares
    and attacks."""

    id = "jaws"
    state_type = JawsState
    setting_up = setting_up
    teaching = lessons
    title = N_("Jaws")   # a msgid: the German edition is "Der weiße Hai" (jaws.de.txt:3)
    min_players = 2
    max_players = 4
    chance_modes = CHANCE_MODES  # the event deck: shuffled by the companion, or the real one
    # a seat's button ends its turn (Act 1), locks the shark's choice or says a crew member is ready (Act 2)
    hardware = HardwareRoles(
        button="actions", button_actions=("end", "lock", "ready"), flash_events=frozenset({"hit"})
    )
    page = PageAssets(script="jaws.js", style="jaws.css", parts=("jaws-orca.js", "jaws-act2.js"),
                      host_script="jaws-host.js",
                      # Act 1's record of every round, the effects and decks as counts, the Orca's
                      # spaces as data: no page draws them, and they are 2 KB of every payload
                      unread=("rounds", "effects", "deck", "orca.spaces", "orca.deck"))
    # Act 2 waits for the table at its two shared moments (docs/jaws.md, "The table screen"): the
    # crew decides to attack or hold back on the resurfacing the table has shown ("surfaced": where
    # the shark came up, its evade value, its ability card), and the next round's choice and
    # preparation are made on the boat the table has shown after the shark's attack ("dived": the
    # round's end, with tiles damaged or destroyed and crew in the water). Act 1 queues, as on its
    # own: the shark moves in secret and the crew's turns do not depend on the table's telling.
    # A round's opening (the crew's last "ends the turn", the event card, beaches closed or opened,
    # the swimmers, Michael) is told as one step with "The shark plans its turn in secret." (the
    # board shows it all at once, every line listed), and once the shark's answer is waiting that
    # step is told at a glance: what the shark did comes up within a second of the crew's last
    # "end turn", never before the swimmers it ate went in.
    pacing = Pacing(hold=frozenset({"surfaced", "dived"}), step_seconds=2.4,
                    together=frozenset({"crew_done", "shark_start", "event_card", "beach_closed",
                                        "beach_opened", "swimmers", "michael"}),
                    brief=frozenset({"shark_turn"}))
    # Nothing a seat plays is an entry of the real game: every card turned, printed number and roll
    # of the real dice is a *reading* the table enters (State.reading; the host page's reading form
    # always offers it, and when the computer holds every seat that would enter it, any person's
    # phone may). Act 1's event deck is the table's chance, entered on the host page too. So the
    # shark bot or a phoneless seat never has to enter anything itself.
    physical_input = MappingProxyType({})
    option_spec = (
        Option(
            "acts",
            "both",
            "Which acts to play: both acts (Amity, then the Orca, with Act 1's result carried over), Act 1 "
            "alone (Amity: the shark wins at 7 swimmers eaten) or Act 2 alone (the Orca).",
            choices=("both", "1", "2"),
            label=N_("Acts"),
            choice_labels={"both": N_("both acts"), "1": N_("Act 1 alone"), "2": N_("Act 2 alone")},
        ),
        Option(
            "roles",
            "auto",
            "Who plays what: left empty, seat 1 is the shark and Brody, Hooper and Quint are dealt round "
            "the other seats; or one entry per seat, such as S/BQ/H or shark/brody+quint/hooper.",
            label=N_("Who plays what"),
            # the default in words: the host page leaves the field empty, and empty is not sent
            choice_labels={"auto": N_("seat 1 the shark, the crew dealt round the other seats")},
        ),
        Option(
            "map",
            "",
            'Corrections to the Amity board as JSON, such as {"start": {"brody": "6"}} '
            "(see the docs); empty: the board as shipped.",
            label=N_("Corrections to the Amity board"), advanced=True,
        ),
        Option(
            "cards",
            "",
            'Corrections to the event cards as JSON, such as {"7": {"E": 1}} '
            "(see the docs); empty: the cards as shipped.",
            label=N_("Corrections to the event cards"), advanced=True,
        ),
        Option(
            "orca",
            "",
            'Corrections to the Orca\'s layout as JSON, such as {"bitten": {}} (see the docs); empty: the '
            "layout as shipped.",
            label=N_("Orca layout"), advanced=True,
        ),
        Option(
            "box",
            "",
            "Your box's printed numbers, its box profile as JSON (the host page fills it in from a saved "
            "profile); empty: the table enters them as the game needs them.",
            label=N_("Box profile"), advanced=True,
        ),
        Option(
            "resurface",
            "physical",
            "The resurface deck: physical (the table turns the real cards and enters each) or digital (the "
            "companion shuffles and turns the box's 16 cards; only with a box profile that holds all 16).",
            choices=("physical", "digital"),
            label=N_("Resurface cards"),
            choice_labels=DRAWN,
            needs={"digital": "box"},
        ),
        Option(
            "dice",
            "physical",
            "The red dice: physical (the roller enters the hits) or digital (the companion rolls with the "
            "box's dice faces; only with a box profile that holds them).",
            choices=("physical", "digital"),
            label=N_("Red dice"),
            choice_labels=DRAWN,
            needs={"digital": "box"},
        ),
    )
    profile_option = "box"

    def chapter_title(self, view: Mapping[str, Any]) -> Text | None:
        """"round 3" in Act 1, "Act 2, round 2" on the Orca (its rounds count again from 1)."""
        orca = view.get("orca")
        if view.get("act") == 2 and isinstance(orca, Mapping):
            round_ = orca.get("round")
            if isinstance(round_, int) and round_ > 0:
                return Text("Act 2, round {n}", {"n": round_})
            return Text("the setup of Act 2")
        round_ = view.get("round")
        return Text("round {n}", {"n": round_}) if isinstance(round_, int) and round_ > 0 else None

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options, with the table's corrections checked here already (refused with the reason)."""
        out = super().validate_options(options)
        out["map"] = check_text(str(out["map"]), "map")
        out["cards"] = check_text(str(out["cards"]), "cards")
        out["orca"] = orcas.check_text(str(out["orca"]))
        out["box"] = boxes.check_text(str(out["box"]))
        boxes.check_modes(boxes.read(out["box"]), str(out["resurface"]), str(out["dice"]))
        roles = str(out["roles"]).strip()
        if roles != "auto" and len(roles.split("/")) < 2:
            raise IllegalAction("The roles name one entry per seat, such as S/BQ/H.")
        return out

    def seat_roles(self, players: int, options: Mapping[str, Any] | None = None) -> tuple[Text, ...]:
        """The shark's seat, then each crew seat with the crew members it plays (Brody and Quint)."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("{title} is for {low} to {high} players.",
                                title=self.title, low=self.min_players, high=self.max_players)
        roles = str(self.validate_options(options)["roles"]).strip()
        shark, *crew = deal_roles(players) if roles == "auto" else parse_roles(roles, players)
        return tuple(Text("The shark") if seat == shark
                     else words.roles([r for r, held in enumerate(crew) if held == seat])
                     for seat in range(players))

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> JawsState:
        roles = str(options["roles"]).strip()
        seats = deal_roles(players) if roles == "auto" else parse_roles(roles, players)
        cards = deck(cards_text(deck(str(options["cards"]))))  # the correction in its canonical form
        p = Match.new(
            players,
            Acts(options["acts"]),
            seats,
            amity(str(options["map"])),
            cards,
            orcas.orca(str(options["orca"])),
            boxes.read(str(options["box"])),
            str(options["resurface"]),
            str(options["dice"]),
            seed,
        )
        if p.acts is Acts.ORCA:
            boarding.start(p, -1)  # Act 2 alone: no swimmer track carried over
        return JawsState(self, p)

    def load(self, text: str) -> JawsState:
        return JawsState(self, Match.load(text))

    # -- setting up the real box (engines.jaws.setting_up) ------------------------------

    # -- the box profile (engines.core.Game.profile_option) ----------------------------

    def check_profile(self, data: object) -> ProfileCheck:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as exc:
                where = {"line": getattr(exc, "lineno", 1), "column": getattr(exc, "colno", 1)}
                return ProfileCheck(
                    None, (Text("The box profile is not JSON (line {line}, column {column}).", where),)
                )
        found = boxes.problems(data)
        if found:
            return ProfileCheck(None, tuple(found))
        box = boxes.parse(data)
        return ProfileCheck(box.to_json(), (), {**box.status(), "cards": _titled_cards()})

    def merge_profile(self, stored: Mapping[str, Any], learned: Mapping[str, Any]) -> dict[str, Any]:
        return boxes.merge(boxes.parse(stored), boxes.parse(learned)).to_json()

    def learned_profile(self, state: State) -> dict[str, Any] | None:
        if not isinstance(state, JawsState):
            return None
        act2 = state.position.act2
        if act2 is None:
            return None
        found = learned(act2)
        return found.to_json() if found != boxes.Box(found.name) else None

    def bot(self, **settings: Any) -> Bot:
        return JawsBot(**settings)


def _titled_cards() -> list[dict[str, Any]]:
    """The 24 cards whose printed titles a table may type into its box profile (the host's editor
    lists them): each with its key in the profile's ``titles``, its kind, our title (a sentence) and
    our wording of it in each language the profile takes titles in (what the box may print instead)."""
    event = [(str(n), "event", c.title) for n, c in sorted(deck().items())]
    ability = [(k.code, "ability", k.title) for k in abilities()]
    return [
        {"card": key, "kind": kind, "number": int(key) if kind == "event" else None,
         "title": Text(title).to_json(), "ours": {lang: translate(title, lang) for lang in boxes.TITLED}}
        for key, kind, title in [*event, *ability]
    ]


GAME = Jaws()
