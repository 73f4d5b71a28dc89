"""Fzzzt! in a real browser: three 360-px phones bid through an auction that ends in a tie, by
tapping cards; the 1280x720 table screen steps to the reveal and explains the tie in words.

Rulebook, "Veilen" (translated): "All players reveal their bids at the same time ... If there is a
tie, the chief mechanic wins; if the chief mechanic is not in the tie, the tied player nearest
clockwise to the chief mechanic wins. The losing tied player nearest clockwise to the winner then
becomes the chief mechanic."

Bids are placed in turn, clockwise from the chief mechanic ("In uurwijzerzin, te beginnen met de
hoofdmecanicien"): each later bidder sees how many cards the earlier bids hold.

Round 1 hands are the mechanic and its three starter robots (power 1, 2 and 3 in every set), so
the test makes the tie itself: the two players who are not chief bid a power-3 robot each, the
chief bids a power-1 robot. Screenshots go to test-artifacts/ (fzzzt-*.png).
"""

from __future__ import annotations

from typing import Any

import engines
from tests.waits import patience, patience_ms, until
from tests.web import test_browser as shared

# the browser fixtures and helpers of test_browser.py, shared (chromium launched once per module)
pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch


claim = shared.sit


def tell_all(service: Any, table: str) -> None:
    """The table's "next" until everything played so far has been told (the test's own pace)."""
    while service.public(table)["story"]["waiting"]:
        service.advance(table)


def card_with_power(hand: list[dict[str, Any]], power: int) -> str:
    return next(c["id"] for c in hand if c["kind"] == "robot" and c["power"] == power)


def test_three_phones_bid_through_an_auction_with_a_tie(server: str, browser: Any, service: Any) -> None:
    created = service.create_table("fzzzt", 3, {}, seed=7)
    table = created["table"]
    service.set_auto(table, False)   # the test steps the table screen itself
    tell_all(service, table)         # the start (the phones are asked once the table has shown it)
    public = service.public(table)["view"]
    chief = public["chief"]
    tied = [(chief + 1) % 3, (chief + 2) % 3]  # clockwise from the chief
    hands = {s: service.seat_view(table, s)["view"]["you"]["hand"] for s in range(3)}
    bids = {s: card_with_power(hands[s], 3 if s in tied else 1) for s in range(3)}
    head = public["conveyor"]["head"]

    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator(".fz-conveyor .fz-slot.head svg").wait_for()
    assert tv.locator(f'.fz-slot.head svg[data-card="{head["id"]}"]').count() == 1  # the card up for auction
    assert "face down on the conveyor" in tv.locator(".fz-count").inner_text()
    assert tv.locator(f'.fz-player[data-seat="{chief}"] .fz-chief').count() == 1  # the chief mechanic marker

    names = ["Anna", "Bo", "Cas"]
    phones = [phone(browser) for _ in range(3)]
    for seat, page in enumerate(phones):
        claim(page, server, table, seat, names[seat])
    tv.locator("#seats", has_text="Cas").wait_for()
    # Bids go clockwise from the chief mechanic (the rulebook's default): the chief bids first.
    assert phones[tied[0]].locator(".fz-wait-turn").count() == 1  # not yet her turn: no builder
    assert phones[tied[0]].locator(".fz-pick").count() == 0
    phones[chief].locator(f'.fz-pick[data-card="{bids[chief]}"]').tap()
    phones[chief].locator("#fz-bid").tap()
    phones[chief].locator("#sheet-ok").tap()
    phones[chief].locator(".fz-mybid").wait_for()
    tell_all(service, table)   # each phone learns a bid when the table has told it

    first = phones[tied[0]]
    first.locator(".fz-pick").first.wait_for()
    assert first.locator(".fz-pick").count() == len(hands[tied[0]])  # the whole hand, as cards to tap
    chief_state = first.locator(f'.fz-player[data-seat="{chief}"] .fz-bidstate')
    assert "bid 1 card" in chief_state.inner_text()  # she sees how many cards the chief bid
    shot(first, "fzzzt-phone-hand")

    # Build a bid by tapping, change it, then confirm: the power adds up as cards go in and out.
    other = next(c["id"] for c in hands[tied[0]] if c["id"] != bids[tied[0]] and c["power"] > 0)
    first.locator(f'.fz-pick[data-card="{other}"]').tap()
    first.locator(f'.fz-pick[data-card="{bids[tied[0]]}"]').tap()
    line = first.locator(".fz-power-line")
    expected = sum(c["power"] for c in hands[tied[0]] if c["id"] in (other, bids[tied[0]]))
    assert line.get_attribute("data-power") == str(expected)
    first.locator(f'.fz-pick[data-card="{other}"]').tap()  # changed her mind: out again
    assert line.get_attribute("data-power") == "3"
    shot(first, "fzzzt-phone-building-bid")
    first.locator("#fz-bid").tap()
    first.locator("#sheet").wait_for(state="visible")
    assert "3" in first.locator("#sheet-title").inner_text()
    first.locator("#sheet-ok").tap()
    first.locator(".fz-mybid").wait_for()
    tell_all(service, table)

    # The last bidder sees how many cards each earlier bid holds, never which.
    second = phones[tied[1]]
    # once the stream has brought what the table told (the line is there before it, "still thinking")
    who = second.locator(f'.fz-player[data-seat="{tied[0]}"] .fz-bidstate[data-bid-count="1"]')
    who.wait_for()
    assert "bid 1 card" in who.inner_text()
    assert "bid 1 card" in second.locator(f'.fz-player[data-seat="{chief}"] .fz-bidstate').inner_text()
    assert bids[tied[0]] not in second.content() or bids[tied[0]] == bids[tied[1]]  # the id is not shown
    tell_all(service, table)
    tv.locator(f'.fz-player[data-seat="{tied[0]}"] .fz-bidstate[data-bid-count="1"]').wait_for()
    shot(second, "fzzzt-phone-others-bidding")

    second.locator(f'.fz-pick[data-card="{bids[tied[1]]}"]').tap()
    second.locator("#fz-bid").tap()
    second.locator("#sheet-ok").tap()

    winner = tied[0] if (tied[0] - chief) % 3 < (tied[1] - chief) % 3 else tied[1]
    new_chief = tied[1] if winner == tied[0] else tied[0]
    # the confirmed bid is on its way from the phone: the auction is settled once it is in
    last = until(lambda: service.public(table)["view"]["last"], 8)
    assert last is not None, "the second bid never reached the companion"
    assert last["winner"] == winner and service.public(table)["view"]["chief"] == new_chief

    # The table screen steps through the change to the reveal: first the last bid, then a tap on the
    # screen (as on the Pi's own display) shows the reveal; the phones show it with the table.
    tv.locator("#resolution .resolution-count", has_text="1 of 2").wait_for()   # the screen has drawn it
    assert "placed a bid" in tv.locator("#events li.current").inner_text()
    assert tv.locator(".fz-reveal.now").count() == 0
    # no spoiler (issue 15): at "1 of 2" no panel shows who won, and the chief marker has not moved
    assert "won it" not in tv.locator("#game-area").inner_text()
    assert tv.locator(f'.fz-player[data-seat="{chief}"] .fz-chief').count() == 1
    assert tv.locator(f'.fz-player[data-seat="{new_chief}"] .fz-chief').count() == 0
    for page in phones:   # nor does any phone (issue 36.1): it says what the table is showing
        page.locator("#telling", has_text=": 1 of 2.").wait_for()
        assert "won it" not in page.locator("#seat").inner_text() and page.locator(".fz-reveal").count() == 0
    step = service.public(table)["step"]
    tv.locator("#stage").click(position={"x": 300, "y": 600})
    reveal = tv.locator(".fz-reveal.now")
    reveal.wait_for()
    assert service.public(table)["step"] == step + 1  # every screen follows the table's next
    assert "A tie!" in reveal.inner_text()
    assert "A tie at power 3" in tv.locator("#events li.current").inner_text()  # said in a sentence
    assert tv.locator("#resolution .resolution-count").inner_text() == "2 of 2"
    assert reveal.locator(".fz-bid").count() == 3
    assert reveal.locator(f'.fz-bid.winner[data-seat="{winner}"]').count() == 1
    assert names[new_chief] in reveal.locator(".fz-chief-change").inner_text()
    tv.locator(f'.fz-player[data-seat="{new_chief}"] .fz-chief').wait_for()  # the marker moved
    shot(tv, "fzzzt-table-reveal")

    # The reveal on the phones, now: every bid and who won, with the tie in words.
    for page in phones:
        page.locator(".fz-reveal .fz-tie-sentence").wait_for()
        assert f"{names[winner]} won it." in page.locator(".fz-reveal .fz-winner").inner_text()
        assert page.locator(".fz-reveal .fz-bid").count() == 3
    sentence = phones[0].locator(".fz-tie-sentence").inner_text()
    assert "A tie at power 3" in sentence and names[new_chief] in sentence and names[chief] in sentence
    shot(phones[chief], "fzzzt-phone-reveal")

    # The next auction is open: the new chief mechanic bids first, the others wait their turn.
    phones[new_chief].locator(".fz-builder").wait_for()
    for seat in range(3):
        if seat != new_chief:
            phones[seat].locator(".fz-wait-turn").wait_for()
    for ctx in (tv_ctx, *(p.context for p in phones)):
        ctx.close()


def play_seat_until(service: Any, table: str, seat: int, done: Any, limit: int = 600) -> None:
    """Seat ``seat`` plays by the game's own bot rule (the others are companion bots) until ``done()``."""
    bot = engines.get("fzzzt").bot()
    for i in range(limit):
        assert service.wait_for_bots(patience(10))
        if done():
            return
        state = service.state_of(table)
        assert seat in state.awaiting, state.awaiting
        service.act(table, seat, bot.choose(state, seat, lambda: False, i).action)
    raise AssertionError("never got there")


def test_clean_up_on_the_phone_and_the_score_sheets_on_the_table_screen(server: str, browser: Any,
                                                                       service: Any) -> None:
    """Rulebook, "Opruimen" (translated): "each player may put one robot card from their hand on each
    of their production units, on a matching symbol." And "Einde van het spel": the widgets
    are counted per production unit; a unit without a widget costs its value."""
    table = service.create_table("fzzzt", 3, {}, seed=1)["table"]
    service.set_auto(table, False)
    page = phone(browser)
    claim(page, server, table, 0, "Anna")
    service.seat_bot(table, 1)
    service.seat_bot(table, 2)

    def can_assign() -> bool:
        return any(a["type"] == "assign" for a in service.seat_view(table, 0)["legal_actions"])

    play_seat_until(service, table, 0, can_assign)
    page.locator(".fz-cleanup [data-assign]").first.wait_for()
    first = page.locator(".fz-cleanup [data-assign]").first
    notation = first.get_attribute("data-assign")
    unit, card = notation.split()[1:]
    fitting = page.locator(f'.fz-unit-row[data-unit="{unit}"] [data-assign]').count()
    assert fitting >= 1  # the phone says which cards fit each unit
    shot(page, "fzzzt-phone-cleanup")
    first.tap()
    page.locator("#sheet-ok").tap()
    page.locator(f'.fz-unit-row[data-unit="{unit}"] .fz-on-it svg[data-card="{card}"]').wait_for()
    assert any(c["id"] == card for u in service.public(table)["view"]["players"][0]["units"]
               if u["card"]["id"] == unit for c in u["robots"])

    play_seat_until(service, table, 0, lambda: service.public(table)["outcome"] is not None)
    sheets = service.public(table)["view"]["scores"]
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    # the table screen opened late tells the last steps first: no score sheet before the last one
    count = tv.locator("#resolution .resolution-count")
    count.wait_for()
    assert service.public(table)["story"]["waiting"] > 0
    assert tv.locator(".fz-sheet").count() == 0 and tv.locator("#outcome").is_hidden()
    # "Auto" tells the steps by itself, at a table pace (switched for the whole table)
    shown = tv.locator("#events li.current").inner_text()
    tv.locator("#auto").click()
    tv.locator("#auto[aria-pressed=true]").wait_for()
    tv.locator("#events li.current").filter(has_not_text=shown).wait_for(timeout=patience_ms(9))
    tv.locator("#auto").click()
    tv.locator("#auto[aria-pressed=false]").wait_for()
    tell_all(service, table)
    tv.locator(".fz-sheet").first.wait_for()
    tv.locator("#outcome").wait_for()
    assert tv.locator(".fz-sheet").count() == 3
    for sheet in sheets:
        box = tv.locator(f'.fz-sheet[data-seat="{sheet["seat"]}"]')
        assert box.locator(".fz-arith").inner_text() == sheet["arithmetic"]  # the sum written out
        widgets = sum(len(u["widgets"]) for u in sheet["units"])
        assert box.locator(".fz-widget-chip").count() == widgets   # read across a table: a widget a chip
        parts = sum(len(w) for u in sheet["units"] for w in u["widgets"])
        assert box.locator(".fz-widget-chip svg.fz-sym-icon").count() == parts  # each robot's symbol, drawn
    shot(tv, "fzzzt-table-scores")
    page.locator(".fz-sheet").first.wait_for()
    shot(page, "fzzzt-phone-scores")
    tv_ctx.close()
    page.context.close()


def test_with_the_real_cards_a_phone_confirms_the_cards_its_player_drew(server: str, browser: Any,
                                                                        service: Any) -> None:
    """Physical mode (docs/fzzzt.md): a player who owns more than six cards shuffles their own and
    draws six (rulebook, "Voorbereiding": "each player shuffles their cards and takes six"); the
    phone asks which, one card at a time."""
    from engines import TABLE

    table = service.create_table("fzzzt", 3, {"chance": "physical"}, seed=3)["table"]
    page = phone(browser)
    claim(page, server, table, 0, "Anna")
    bot = engines.get("fzzzt").bot()
    for i in range(300):  # the host enters the real cards, everyone plays, until Anna has to draw
        state = service.state_of(table)
        if any(a["type"] == "draw" for a in state.legal_actions(0)):
            break
        seat = state.awaiting[0]
        action = (state.chance_outcomes()[0][0] if seat == TABLE
                  else bot.choose(state, seat, lambda: False, i).action)
        service.act(table, seat, action)
    else:
        raise AssertionError("Anna never had to draw")
    offered = service.seat_view(table, 0)["legal_actions"]
    button = page.locator('#controls button.action[data-notation^="draw "]')
    button.first.wait_for()
    assert button.count() == len(offered)
    assert "Which cards did you draw?" in page.locator("#controls").inner_text()
    shot(page, "fzzzt-phone-physical-draw")
    before = len(service.seat_view(table, 0)["view"]["you"]["hand"])
    notation = button.first.get_attribute("data-notation")
    button.first.tap()
    page.locator("#sheet-ok").tap()
    page.locator("#events", has_text="You drew").wait_for()
    assert len(service.seat_view(table, 0)["view"]["you"]["hand"]) == before + 1
    assert notation.split()[1] in [c["id"] for c in service.seat_view(table, 0)["view"]["you"]["hand"]]
    page.context.close()


def test_with_the_real_cards_the_chief_mechanics_phone_enters_each_turned_conveyor_card(
        server: str, browser: Any, service: Any) -> None:
    """Issue 6 / rulebook, "Voorbereiding" (translated): "The chief mechanic turns the card at the head
    of the conveyor". With the real cards the chief's phone offers the cards still in the deck."""
    from engines import TABLE

    table = service.create_table("fzzzt", 3, {"chance": "physical"}, seed=3)["table"]
    service.act(table, TABLE, {"type": "mechanics", "numbers": [2, 1, 3]})  # seat 1 is chief
    assert service.public(table)["awaiting"] == [1]
    offered = service.seat_view(table, 1)["legal_actions"]
    page = phone(browser)
    claim(page, server, table, 1, "Bo")
    button = page.locator('#controls button.action[data-notation^="turn "]')
    button.first.wait_for()
    assert button.count() == len(offered) and {a["type"] for a in offered} == {"turn"}
    assert "chief mechanic" in page.locator("#controls .fz-turning").inner_text()
    shot(page, "fzzzt-phone-chief-turns")
    pick = next(a for a in offered if a["card"].startswith("R5"))  # conveyor number 1: one card open
    page.locator(f'#controls button.action[data-notation="{pick["notation"]}"]').tap()
    page.locator("#sheet-ok").tap()
    page.locator(f'.fz-conveyor .fz-slot.head svg[data-card="{pick["card"]}"]').wait_for()
    view = service.public(table)["view"]
    assert [c["id"] for c in view["conveyor"]["open"]] == [pick["card"]] and view["phase"] == "bid"
    other = phone(browser)
    claim(other, server, table, 0, "Anna")   # a player who is not chief is offered no card to enter
    other.locator(".fz-conveyor .fz-slot.head svg").wait_for()
    assert other.locator('#controls button.action[data-notation^="turn "]').count() == 0
    page.context.close()
    other.context.close()


# The smallest word drawn on each face-up card in ``selector`` (its font size as drawn on the screen,
# in CSS px), and how many such cards there are.
SMALLEST_WORD = """(selector) => {
  const drawn = (t) => {
    const m = t.getScreenCTM();
    return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  };
  const sizes = [...document.querySelectorAll(selector)].map((card) =>
    Math.min(...[...card.querySelectorAll('text')].filter((t) => t.textContent.trim()).map(drawn)));
  return {cards: sizes.length, smallest: Math.min(...sizes)};
}"""


def test_a_phone_draws_the_conveyors_open_cards_as_legibly_as_its_hand(server: str, browser: Any,
                                                                       service: Any) -> None:
    """Rulebook, "Biedronden" (translated): "During the bidding round some cards of the row lie face
    up, so that the players can see which cards will be auctioned next." A 360-px phone draws each
    face-up card on its belt with words as large as its hand's (a symbol's name was 4.95 px on the
    belt, 6.42 in the hand)."""
    table = service.create_table("fzzzt", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    tell_all(service, table)
    page = phone(browser)
    claim(page, server, table, 0, "Anna")
    page.locator(".fz-conveyor .fz-slot:not(.down) svg.fz-card").first.wait_for()
    belt = page.evaluate(SMALLEST_WORD, ".fz-conveyor .fz-slot:not(.down) svg.fz-card")
    hand = page.evaluate(SMALLEST_WORD, "#controls svg.fz-card")
    assert belt["cards"] >= 2 and hand["cards"] >= 3, (belt, hand)
    assert belt["smallest"] >= hand["smallest"] - 0.01, (belt, hand)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 360
    page.context.close()
