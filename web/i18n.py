"""Every sentence a person reads goes through :func:`engines.text.translate`.

- Templates call ``t("Claim seat {number}", number=2)`` (a Jinja global, also a filter).
- Payloads leave the web with every ``{"msgid", "params"}`` sentence (an
  event's ``say``, an action's ``label``, an outcome's ``say``) given a
  ``"text"``: the sentence translated for this phone, seats shown as names.
- Page scripts get a small catalogue (:data:`UI_MSGIDS`, translated the same
  way) for their own labels, through ``window.TC_TEXT``.

The language comes from ``?lang=``, then the ``lang`` cookie, then the phone's
``Accept-Language``; English until the Dutch and German catalogues are filled.

>>> localize({"say": {"msgid": "It is {seat}'s turn.", "params": {"seat": 1}}}, "en", ["Ann", "Bo"])
{'say': {'msgid': "It is {seat}'s turn.", 'params': {'seat': 1}, 'text': "It is Bo's turn."}}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask, Response, g, request

from engines.text import CATALOGUES, Text, default_seat_name, translate

# Labels the page scripts need (buttons, prompts); the server translates them once per page.
UI_MSGIDS: tuple[str, ...] = (
    "Confirm", "Cancel", "Play this?", "Sending…", "Refused", "Connection lost: retrying…",
    "Connected", "Waiting for {names}.", "Your turn.", "Not your turn: waiting for {names}.",
    "The game is over.", "Winner: {names}.", "A draw.", "Tap one of your pieces.",
    "Tap a highlighted square or turn the piece.", "Turn left (anticlockwise)",
    "Turn right (clockwise)", "Move {from} to {to}?", "Swap {from} with {to}?",
    "Turn {square} {turn}?", "clockwise", "anticlockwise",
    "After your move your laser fires. This cannot be undone.", "Declare a draw",
    "Blue", "Red", "Laser", "King", "Defender", "Switch", "Deflector", "Removed", "Beam ends at {square}.",
    "Beam leaves the board at {square}.", "Only {colour} may enter", "Step {step}", "Next",
    "free", "taken", "bot", "connected", "away", "Free this seat", "Seat a bot", "Undo last move",
    "End this table", "Next game with the same seats", "Start", "Players", "Game", "Options",
    "default", "Seats", "Join", "Open the table screen", "Press", "Lit", "Dark", "On", "Off",
    "Blinking", "Pressed", "Released", "Fault", "none", "Inject", "Clear", "Last beam check",
    "agrees", "does not agree", "hardware fault",
    "superseded by the next move or an undo, not told to the table (it found: {verdict})",
    "Virtual hardware panel (mock pins)", "Host key", "Open", "Your seat: {name}", "Sit here",
    "Your name", "Claim seat {number}", "{name} is still to act.", "Nothing to do right now.",
    "Events", "Turn", "Seat {number}", "The table has ended.", "Is everyone sure?",
    "Your legal plays", "What you can see", "Chance", "Table screen", "Hardware",
    "Tables", "Undo", "Could not reach the table. Check the Wi-Fi.",
    "No legal plays.", "Ply {ply}", "Removed pieces", "Last move: {notation}",
    "yes", "no", "the table", "Player {number}", "The request could not be read.", "Laser Chess board",
    "What did the table show?", "Their phone loses the seat.", "Everyone sees that it was undone.", "ended",
    # the table screen's step-by-step resolution
    "Auto", "{index} of {count}", "Tap or press Next for the next step.",
    # the games' own page parts (web/static/games/<id>.js)
    "B = Blue (solid outline), R = Red (dashed outline). The beam is the red line; ● where it left the "
    "board, ✕ where it stopped.",
    "Swipe the board sideways to see all of it.",
    # Fzzzt! (games/fzzzt.js)
    "A tie!", "No auction yet.", "Bid power {power}?", "Bid {count} card", "Bid {count} cards",
    "Cards: ⚡ power (top left), ▸ conveyor number (top right), ★ points; symbols: hexagon nut, bolt, "
    "toothed cog, drop of oil, each named.",
    "Clean-up: put one matching card on each production unit", "Conveyor (round {round})",
    "Done: waiting for the others.", "Final scores", "Fits (tap one to put it on):",
    "Fzzzt! card: power {power}, {points} point",
    "Fzzzt! cards: {points}", "Last auction", "Mechanic", "Mechanic {number}",
    "No card in your hand fits (or it already got one this round).", "No cards chosen yet.",
    "No widget: -{value}", "On it:", "Power {power}: waiting for the others.",
    "Production unit {symbols}: {points} per widget", "Robot cards: {points} points ({count} cards)",
    "Robot upgrade: serves any symbol, power {power}", "Robot {symbols}: power {power}, {count} point",
    "Robot {symbols}: power {power}, {count} points",
    "The card stays on this unit for the rest of the game.",
    "Tied on points and robot cards: the win is shared.", "Widget {n}",
    "You have no cards in your hand, so you cannot bid until the next reshuffle.",
    "You have no production units.", "Your bid (face down)",
    "Your bid: {count} card, power {power}.", "Your bid: {count} cards, power {power}.",
    "Your hand", "Your hand: tap cards to build your bid", "Your plays",
    "Which cards did you draw? Tap each one ({count} in hand so far).", "a face-down card", "any symbol",
    "You are the chief mechanic: turn the next conveyor card and tap it ({count} kinds of card still in "
    "the deck).", "Bids go clockwise from the chief mechanic: your turn to bid comes.",
    "bid {count} card", "bid {count} cards", "chief mechanic", "in bid", "no cards: cannot bid",
    "no production units yet",
    "power {power}", "still thinking", "up for auction", "you",
    "{cards}. Face down until everyone has bid; you cannot change it after this.",
    "{count} unit", "{count} units",
    "{count} widget × {value} = {score}", "{count} widgets × {value} = {score}",
    "{down} face down on the conveyor · {deck} in the deck",
    "{hand} in hand · {pile} in pile", "{name} won it.", "{old} → {new}", "{total} points",
    "★{points} per widget", "Robot", "Production unit", "Fzzzt!", "Upgrade", "nut", "bolt", "cog", "oil",
    # Sharks with Lasers (games/sharks-with-lasers.js)
    "1 card", "After a pass every other player gets one last action, then the round is resolved.", "Agent",
    "Agent {number}",
    "Agents: coloured discs with the seat number, facing the beach. Sharks: W = white (circle), "
    "G = grey (diamond), B = black (square); the red point shows where a shark faces. Dotted squares: "
    "the start zone. The laser is the red line: ✕ where it hit, ● where it left the board.",
    "Another card", "Beach", "Before the round", "Black shark", "Boat", "Cards turned over", "Dealing",
    "Deaths: {count} of 3", "Diagonal move: push the agent in the way which way?", "Eaten",
    "Face down on the {shark}. It acts as: {face}.",
    "Face down on your agent (slot {n} of 2). It acts as: {face}.", "Fire laser", "Forward", "Fried",
    "Game over", "Green", "Grey shark", "Last round: {count} steps", "Move left", "Move right", "My agent",
    "No effect", "Open water ⇄", "Orange", "Pass", "Pass?", "Phase I: agents back in",
    "Phase II: programming", "Phase III: a choice", "Placing the agents",
    "Played face up: you alone see the cards on that stack.", "Resolving: step {index} of {count}",
    "Round {n}", "Shark", "Shark stacks", "Shark-o-Porter: pick a shark, then tap its new square.",
    "Sharks with Lasers board", "Shield", "Spy on the {shark}", "Step back", "Step forward",
    "Tap a green square of the start zone for your agent.", "Turn 180°", "Turn left", "Turn right",
    "Waiting for {name} to choose.", "Wall", "White shark",
    "Your Laser Blast Deflector: where does the laser go?", "Your agent", "Your agent goes on {square}.",
    "facing {dir}", "hand {n}", "last action", "now tap where it goes.", "on agent {n}", "on the boat",
    "passed", "start", "{count} cards", "{name}'s agent", "following the table",
    "Which two special cards did you draw? Tap both, then confirm.", "Enter {first} and {second}",
    "Tap two cards ({count} of 2)", "Only your phone learns which cards you drew.",
    # presence: who is connected (common.js TC.presence; the table screen and the host page)
    "Their phone is connected.", "Their phone is not connected.",
    "If their phone is gone for good, free the seat so they can sit again.",
)


def pick_language() -> str:
    asked = request.args.get("lang") or request.cookies.get("lang")
    if asked in CATALOGUES:
        return str(asked)
    best = request.accept_languages.best_match(list(CATALOGUES), default="en")
    return best or "en"


def lang() -> str:
    if "lang" not in g:
        g.lang = pick_language()
    return str(g.lang)


def name_lookup(names: Sequence[str | None] | None) -> Callable[[int], str]:
    def seat_name(seat: int) -> str:
        if seat < 0:
            return translate("the table", lang_or_en())
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return str(names[seat])
        return default_seat_name(seat)
    return seat_name


def lang_or_en() -> str:
    try:
        return lang()
    except RuntimeError:  # outside a request
        return "en"


def say(text: Text | str, names: Sequence[str | None] | None = None, **params: Any) -> str:
    return translate(text, lang_or_en(), name_lookup(names), **params)


def _is_text(value: dict[str, Any]) -> bool:
    return isinstance(value.get("msgid"), str) and isinstance(value.get("params", {}), dict)


def localize(value: Any, language: str, names: Sequence[str | None] | None = None) -> Any:
    """A copy of ``value`` where every sentence dict also carries its translated ``text``."""
    seat_name = name_lookup(names)

    def walk(item: Any) -> Any:
        if isinstance(item, dict):
            out = {key: walk(sub) for key, sub in item.items()}
            if _is_text(item):
                out["text"] = translate(Text(item["msgid"], item.get("params", {})), language, seat_name)
            return out
        if isinstance(item, list | tuple):
            return [walk(sub) for sub in item]
        return item

    return walk(value)


def seat_names(payload: dict[str, Any]) -> list[str | None]:
    seats = payload.get("seats") or []
    out: list[str | None] = []
    for entry in seats:
        out.append(entry.get("name") if isinstance(entry, dict) else None)
    return out


def localize_payload(payload: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    result = localize(payload, language or lang_or_en(), seat_names(payload))
    assert isinstance(result, dict)
    return result


def catalogue(language: str) -> dict[str, str]:
    """The page scripts' labels, translated (msgid -> template, placeholders kept)."""
    return {msgid: CATALOGUES.get(language, {}).get(msgid, msgid) for msgid in UI_MSGIDS}


def init_app(app: Flask) -> None:
    @app.after_request
    def remember_language(resp: Response) -> Response:
        """``?lang=nl`` is a setting: the phone keeps it in a cookie for its next pages."""
        asked = request.args.get("lang")
        if asked in CATALOGUES and request.cookies.get("lang") != asked:
            resp.set_cookie("lang", str(asked), max_age=60 * 60 * 24 * 365, path="/", samesite="Lax")
        return resp

    @app.template_global("t")
    @app.template_filter("t")
    def t(msgid: str, **params: Any) -> str:
        """``{{ t("Seat {number}", number=2) }}`` or ``{{ "Seat {number}"|t(number=2) }}``."""
        return say(msgid, None, **params)

    @app.template_global("ui_catalogue")
    def ui_catalogue() -> dict[str, str]:
        return catalogue(lang())

    @app.template_global("page_lang")
    def page_lang() -> str:
        return lang()
