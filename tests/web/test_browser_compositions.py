"""What a player is composing on their phone survives every update that comes from elsewhere
(issue 29, point 1): a Speed Burst half tapped, a Laser Chess piece picked up, a Sharks card
tapped before its target, a Fzzzt bid half built, a Loch Ness boat set sailing, an open "are you
sure?" sheet. Only the player's own play, or a change that makes it illegal (said in a sentence),
ends it.

Each test starts a composition on a phone, then pushes an update that changes that phone's
payload from elsewhere (the host switches the table's language: a new version for every reader),
waits until the phone has drawn it, and checks the composition is still there and can be finished.
"""

from __future__ import annotations

from typing import Any

from tests.waits import patience_ms
from tests.web import test_browser as shared
from tests.web.test_browser_jaws import tap_space

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch


def update_from_elsewhere(service: Any, table: str, page: Any) -> None:
    """A change the phone did not make (the host sets the table screen's language): the phone's
    payload gets a new version; returns once the phone has drawn it."""
    before = int(page.locator("#seat").get_attribute("data-version"))
    lang = "de" if service.public(table).get("lang") != "de" else "nl"
    service.set_language(table, lang)
    page.wait_for_function("(v) => +document.getElementById('seat').dataset.version > v", arg=before)
    page.wait_for_timeout(patience_ms(0.15))   # and a redraw after it, should one follow


def mark_drawn(page: Any, selector: str = "#board svg") -> None:
    """Remember the element drawn now (the board's drawing, a hand's card)."""
    page.evaluate("(s) => { window.__drawn = document.querySelector(s); }", selector)


def still_drawn(page: Any) -> bool:
    """Whether the element remembered is still the one on the page (nothing drawn again around it)."""
    return bool(page.evaluate("() => !!window.__drawn && window.__drawn.isConnected"))


def watch_next_tap(page: Any, selector: str = "#board svg") -> None:
    """Watch the next tap: whether its own handlers leave the element drawn before it (the board's
    drawing, a hand's card) on the page (answered_in_place). Only the tap's own work is looked at:
    a change from elsewhere the phone draws meanwhile is not the tap's."""
    page.evaluate("""(s) => {
      window.__inPlace = null;
      const before = () => { window.__before = document.querySelector(s); };
      const after = () => { window.__inPlace = !!window.__before && window.__before.isConnected; };
      addEventListener('click', before, {capture: true, once: true});
      addEventListener('click', after, {once: true});
    }""", selector)


def answered_in_place(page: Any) -> bool:
    """Whether the tap watched was answered in place (issue 41: a slow phone answers at once): its
    handlers changed what it changes and did not draw the seat again."""
    page.wait_for_function("() => window.__inPlace !== null")
    return bool(page.evaluate("() => window.__inPlace"))


def test_jaws_a_speed_burst_half_tapped_survives_an_update_and_is_swum(server: str, browser: Any,
                                                                       service: Any) -> None:
    """The game night: "After tapping Turbo, the prompt fell back to 'Dein geheimer Zug: noch 3
    Aktionen' 2.5 s later; the three taps became three ordinary moves (4→2→1)"."""
    table = service.create_table("jaws", 3, {}, seed=7)["table"]
    service.act(table, 0, {"type": "start", "space": "N"})
    shark = phone(browser)
    shared.sit(shark, server, table, 0, "Sharky")
    shark.locator("#controls button.big", has_text="Speed Burst: swim up to 3 spaces").tap()
    tap_space(shark, "1")
    head = shark.locator(".jaws-head")
    assert "Speed Burst" in head.inner_text()
    update_from_elsewhere(service, table, shark)
    assert "Speed Burst" in head.inner_text(), head.inner_text()
    assert shark.locator("#board polyline.shark-path").count() == 1       # N → 1, still drawn
    tap_space(shark, "2")
    update_from_elsewhere(service, table, shark)
    shark.locator("#controls button.big", has_text="Swim the Speed Burst").tap()
    shark.locator(".jaws-plan li").first.wait_for()
    secret = service.seat_view(table, 0)["view"]["secret"]
    assert secret["space"] == "2" and secret["power_this_round"] == "burst", secret
    # its own play ended the composition: the ordinary prompt again
    assert "Speed Burst: tap up to 3 spaces" not in head.inner_text()

    # An open "are you sure?" sheet stays open through an update; its play is still legal.
    shark.locator("#controls button.big", has_text="End the turn and announce it").tap()
    shark.locator("#sheet").wait_for(state="visible")
    update_from_elsewhere(service, table, shark)
    assert shark.locator("#sheet").is_visible()
    shared.confirm(shark)
    shark.locator("#status", has_text="Not your turn").wait_for()
    shark.context.close()


def test_laser_chess_a_picked_up_piece_survives_an_update(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, False)
    blue = phone(browser)
    shared.sit(blue, server, table, 0, "Anna")
    move = next(a for a in service.seat_view(table, 0)["legal_actions"] if a["type"] == "move")
    watch_next_tap(blue)
    blue.locator(f'#board .hit[data-square="{move["from"]}"]').tap()
    blue.locator("#board .hit.target").first.wait_for()
    assert answered_in_place(blue)   # the piece picked up marks its squares on the board as drawn
    update_from_elsewhere(service, table, blue)
    assert blue.locator("#board .hit.target").count() >= 1
    blue.locator(f'#controls .lc-move[data-to="{move["to"]}"]').tap()
    shared.confirm(blue)
    blue.locator("#status", has_text="Not your turn").wait_for()
    assert service.public(table)["view"]["last_move"]["notation"] == move["notation"]
    blue.context.close()


# Every message the page's stream brings, counted (an init script, before the page's own).
COUNT_MESSAGES = """() => {
  const Source = window.EventSource;
  window.__messages = 0;
  window.EventSource = function (url) {
    const source = new Source(url);
    source.addEventListener('message', () => { window.__messages += 1; });
    return source;
  };
  window.EventSource.OPEN = Source.OPEN;
  window.EventSource.CLOSED = Source.CLOSED;
}"""


def test_a_phone_is_not_drawn_again_when_another_phone_comes_or_goes(server: str, browser: Any,
                                                                     service: Any) -> None:
    """A phone connecting or leaving changes only who is at the table, which a phone does not show:
    the other phones draw nothing again (on a slow phone a seat drawn again is a long task, at any
    moment; issue 41), and a piece picked up stays picked up."""
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, False)
    red = phone(browser)   # Bo's seat taken before: his phone comes later
    bo = service.claim_seat(table, 1, "Bo")
    red.context.add_cookies([{"name": f"seat_{table}", "value": bo, "url": server}])
    blue = phone(browser)
    blue.add_init_script(f"({COUNT_MESSAGES})()")
    shared.sit(blue, server, table, 0, "Anna")
    move = next(a for a in service.seat_view(table, 0)["legal_actions"] if a["type"] == "move")
    blue.locator(f'#board .hit[data-square="{move["from"]}"]').tap()
    blue.locator("#board .hit.target").first.wait_for()
    mark_drawn(blue)
    heard = int(blue.evaluate("() => window.__messages"))
    red.goto(f"{server}/play/{table}")
    red.locator("#seat").wait_for(state="visible")
    blue.wait_for_function("(n) => window.__messages > n", arg=heard)   # Bo's phone is there: told
    assert still_drawn(blue)   # nothing drawn again
    heard = int(blue.evaluate("() => window.__messages"))
    red.context.close()   # and gone
    blue.wait_for_function("(n) => window.__messages > n", arg=heard, timeout=patience_ms(10))
    assert still_drawn(blue)   # nothing drawn again
    assert blue.locator("#board .hit.selected").count() == 1
    blue.context.close()


def test_sharks_a_tapped_card_waiting_for_its_target_survives_an_update(server: str, browser: Any,
                                                                        service: Any) -> None:
    table = service.create_table("sharks-with-lasers", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    programming = ("agent", "shark", "spy")
    for _ in range(20):   # the placements and the pre-round specials, until a seat programs
        state = service.state_of(table)
        seat = state.awaiting[0]
        legal = service.seat_view(table, seat)["legal_actions"]
        if any(a["type"] in programming for a in legal):
            break
        service.act(table, seat, legal[0])
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    seat = service.state_of(table).awaiting[0]
    card = next(a for a in service.seat_view(table, seat)["legal_actions"] if a["type"] in programming)
    page = phone(browser)
    shared.sit(page, server, table, seat, "Ann")
    watch_next_tap(page)
    page.locator(f'.swl-card[data-card="{card["card"]}"]').first.tap()
    page.locator(".swl-targets .swl-target").first.wait_for()
    assert answered_in_place(page)   # the card marks itself and shows its targets; the board stays
    update_from_elsewhere(service, table, page)
    assert page.locator(".swl-targets .swl-target").count() >= 1
    assert page.locator(".swl-card.chosen").count() == 1
    page.context.close()


def fzzzt_chief(server: str, browser: Any, service: Any) -> tuple[str, Any, list[dict[str, Any]]]:
    """A Fzzzt! table of 3 (stepped by hand), the chief mechanic seated on a phone: the table, the
    phone and its hand."""
    table = service.create_table("fzzzt", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    chief = service.public(table)["view"]["chief"]
    page = phone(browser)
    shared.sit(page, server, table, chief, "Anna")
    return table, page, service.seat_view(table, chief)["view"]["you"]["hand"]


def test_fzzzt_a_bid_half_built_survives_an_update(server: str, browser: Any, service: Any) -> None:
    table, page, hand = fzzzt_chief(server, browser, service)
    watch_next_tap(page, ".fz-pick")
    page.locator(f'.fz-pick[data-card="{hand[0]["id"]}"]').tap()
    page.locator(".fz-pick.chosen").wait_for()
    assert answered_in_place(page)   # the card marks itself in the hand as drawn
    update_from_elsewhere(service, table, page)
    assert page.locator(f'.fz-pick.chosen[data-card="{hand[0]["id"]}"]').count() == 1
    assert page.locator(".fz-power-line").get_attribute("data-power") == str(hand[0]["power"])
    page.context.close()


# At DOMContentLoaded (the task that draws the seat, before the page's first frame and so before
# the composition kept in the phone's storage is put back): a tap on the seat's blank part.
TAP_BEFORE_THE_FIRST_FRAME = """document.addEventListener('DOMContentLoaded', () => {
  window.__restored_then = document.querySelectorAll('.fz-pick.chosen').length;
  document.getElementById('game-ui').dispatchEvent(new MouseEvent('click', {bubbles: true}));
})"""


def test_fzzzt_a_bid_half_built_comes_back_after_a_reload_tapped_before_it_is_back(
        server: str, browser: Any, service: Any) -> None:
    """The composition comes back from the phone's storage once the reloaded seat's first frame is on
    the screen (the first frame does not wait for the storage: docs/web.md "The fourth look"); a
    tap before then that composes nothing keeps nothing over it."""
    _, page, hand = fzzzt_chief(server, browser, service)
    for card in hand[:2]:
        page.locator(f'.fz-pick[data-card="{card["id"]}"]').tap()
        page.locator(f'.fz-pick.chosen[data-card="{card["id"]}"]').wait_for()
    page.add_init_script(TAP_BEFORE_THE_FIRST_FRAME)
    page.reload()
    for card in hand[:2]:
        page.locator(f'.fz-pick.chosen[data-card="{card["id"]}"]').wait_for()
    assert page.evaluate("window.__restored_then") == 0   # the seat was drawn before it came back
    assert page.locator(".fz-pick.chosen").count() == 2
    power = sum(card["power"] for card in hand[:2])
    assert page.locator(".fz-power-line").get_attribute("data-power") == str(power)
    page.context.close()


def test_loch_ness_a_boat_set_sailing_survives_an_update(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("loch-ness", 3, {}, seed=4)["table"]
    service.set_auto(table, False)
    anna = phone(browser)
    shared.sit(anna, server, table, 0, "Anna")
    watch_next_tap(anna)
    anna.locator('[data-sail="1"]').tap()
    anna.locator("#board .ln-target").first.wait_for()
    assert answered_in_place(anna)   # the boat's spaces ringed on the board as drawn
    update_from_elsewhere(service, table, anna)
    assert anna.locator("#board .ln-target").count() >= 1
    anna.locator('#board .ln-target[data-target="w13"]').tap()
    shared.confirm(anna)
    anna.locator("#controls .ln-boat-card", has_text="at w13").wait_for()
    anna.context.close()


def act2_at_the_first_resurface_card(service: Any) -> str:
    """A Jaws table in Act 2 (the test fixture's box, the real resurface deck) where the table is
    asked for the first resurface card: the crew's phones (seats 1 and 2) may enter it."""
    import json
    from pathlib import Path

    box = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                                .read_text(encoding="utf-8"))["profile"])
    table = service.create_table("jaws", 3, {"acts": "2", "box": box}, seed=31)["table"]
    service.set_auto(table, False)
    for _ in range(40):
        reading = service.public(table)["view"]["orca"].get("reading")
        if reading and reading["what"] == "turn":
            return str(table)
        state = service.state_of(table)
        seat = state.awaiting[0]
        service.act(table, seat, state.legal_actions(seat)[0])
    raise AssertionError("Act 2 never asked for a resurface card")


def test_jaws_act2_a_half_entered_resurface_card_survives_an_update(server: str, browser: Any,
                                                                     service: Any) -> None:
    table = act2_at_the_first_resurface_card(service)
    crew = phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    form = crew.locator(".orca-reading .orca-form")
    form.wait_for()
    crew.locator("#orca-evade").fill("2")
    crew.locator('.orca-dice-pick button[data-dice="3"]').tap()
    crew.locator("#orca-shake").check()
    crew.locator('.orca-mini [data-space="b5"]').first.tap()
    update_from_elsewhere(service, table, crew)
    assert crew.locator("#orca-evade").input_value() == "2"
    assert crew.locator('.orca-dice-pick button[data-dice="3"]').get_attribute("aria-pressed") == "true"
    assert crew.locator("#orca-shake").is_checked()
    assert "5" in crew.locator(".orca-zone-picked").inner_text()
    # the card entered: read once the companion has answered it (the next card's form is a "turn"
    # reading too, so the form on the page says nothing of whether the play has arrived)
    with crew.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/actions?packed=1")) as answer:   # the pages' form
        crew.locator("#orca-enter-card").tap()
    assert answer.value.ok, answer.value.status
    options = service.public(table)["view"]["orca"]["options"]
    assert options[0] == {**options[0], "zone": "5", "evade": 2, "dice": 3, "shake_off": True}, options
    crew.context.close()


def test_jaws_act2_a_number_being_typed_keeps_the_keyboard_through_an_update(server: str, browser: Any,
                                                                            service: Any) -> None:
    """Half-way through typing a number an update comes from elsewhere: the field keeps the focus and
    the next keystroke lands in it (a phone's keyboard does not close mid-number; two full runs
    lost a typed number when a drawing came between the field taking the focus and the digit)."""
    table = act2_at_the_first_resurface_card(service)
    crew = phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    field = crew.locator("#orca-evade")
    field.wait_for()
    field.focus()
    crew.keyboard.type("1")
    update_from_elsewhere(service, table, crew)
    assert crew.evaluate("() => document.activeElement && document.activeElement.id") == "orca-evade"
    crew.keyboard.type("2")
    assert field.input_value() == "12"
    crew.context.close()


def test_jaws_act2_entering_one_boat_tile_keeps_the_numbers_typed_for_the_others(
        server: str, browser: Any, service: Any) -> None:
    """The game night (J1): "Type the three numbers of all 8 tiles, tap the first Enter: tile 1 is
    accepted, and all 21 other fields are empty." A new box: the table is asked for every tile."""
    table = service.create_table("jaws", 3, {"acts": "2"}, seed=31)["table"]
    assert service.public(table)["view"]["orca"]["reading"]["what"] == "tiles"
    crew = phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    crew.locator('.orca-reading .orca-form[data-tile="1"]').wait_for()
    typed = {f"#orca-t{z}-{field}": str(n)
             for z, numbers in ((1, (2, 4, 1)), (2, (3, 5, 2)), (3, (2, 3, 1)))
             for field, n in zip(("damage", "destroy", "damaged"), numbers, strict=True)}
    for field, value in typed.items():
        crew.locator(field).fill(value)
    crew.locator('.orca-form[data-tile="1"] button').tap()
    crew.locator('.orca-form[data-tile="1"]').wait_for(state="detached")    # tile 1 went in
    for field, value in typed.items():
        if not field.startswith("#orca-t1-"):
            assert crew.locator(field).input_value() == value, field
    crew.locator('.orca-form[data-tile="2"] button').tap()
    crew.locator('.orca-form[data-tile="2"]').wait_for(state="detached")
    third = [crew.locator(f"#orca-t3-{f}").input_value() for f in ("damage", "destroy", "damaged")]
    assert third == ["2", "3", "1"]
    crew.context.close()


def test_jaws_act2_a_card_another_phone_entered_first_leaves_no_half_of_it_behind(
        server: str, browser: Any, service: Any) -> None:
    """The game night (J2): "Daan enters card A first: Bernd's form moves on to card B with the
    evade field still 2, but the zone and the dice choice are gone." What Bernd tapped and typed
    was card A's: card B's form starts empty, all of it."""
    table = act2_at_the_first_resurface_card(service)
    chip = service.public(table)["view"]["orca"]["reading"]["chip"]
    bernd = phone(browser)
    shared.sit(bernd, server, table, 1, "Bernd")
    bernd.locator(".orca-reading .orca-form").wait_for()
    bernd.locator('.orca-mini [data-space="b3"]').first.tap()
    bernd.locator("#orca-evade").fill("2")
    bernd.locator('.orca-dice-pick button[data-dice="2"]').tap()
    offer = service.public(table)["view"]["orca"]["reading"]["offers"][0]   # Daan: one tap, this box's card
    service.act(table, 2, {"type": offer["type"], "notation": offer["notation"]})
    bernd.wait_for_function("(c) => !document.querySelector('#orca-enter-card').textContent.includes(c)",
                            arg=chip)
    assert bernd.locator("#orca-evade").input_value() == ""
    assert bernd.locator('.orca-dice-pick button[aria-pressed="true"]').count() == 0
    assert "5" not in bernd.locator(".orca-zone-picked").inner_text()
    assert "3" not in bernd.locator(".orca-zone-picked").inner_text()
    bernd.context.close()
