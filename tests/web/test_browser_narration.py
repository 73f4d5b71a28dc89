"""The table hears its story from the table screen's page (issue 39): a Sharks round, a Jaws round
and a Loch Ness turn told step by step on the TV with narration on, every stop's clip asked for by
the page's <audio> as the stop is shown (the requests recorded), and the mute button on the TV."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines import TABLE
from tests.waits import page_pause, patience_ms, until
from tests.web import test_browser as shared
from tests.web.test_browser_fit import ROW_LINE

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

# every <audio> that starts playing, from the page's first moment (a capturing listener: media events
# do not bubble, but the capture reaches them; the first clip may play before the test looks)
LISTEN = """window.__played = [];
document.addEventListener('playing', (e) => window.__played.push(e.target.currentSrc), true);"""


def open_tv(browser: Any, server: str, table: str) -> tuple[Any, list[tuple[str, int, str]]]:
    """The TV's page with its clip requests recorded: (clip, status, content type)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(LISTEN)
    tv = watch(context.new_page())
    heard: list[tuple[str, int, str]] = []
    tv.on("response", lambda r: heard.append((r.url.rsplit("/", 1)[-1], r.status,
                                              r.headers.get("content-type", "")))
          if "/speech/" in r.url else None)
    tv.goto(f"{server}/table/{table}")
    tv.locator("#sound").wait_for(state="visible", timeout=patience_ms(10))
    if tv.locator("#sound").get_attribute("aria-pressed") != "true":
        tv.locator("#sound").click()   # a normal browser: "Sound on", once
    return tv, heard


def clip_now(service: Any, table: str) -> str | None:
    """The clip of the stop shown (None: nothing shown yet)."""
    voice = service.public(table)["story"]["voice"]
    assert voice["output"] == "screen"
    return voice["clip"]


def played(tv: Any) -> int:
    """How many times the page's <audio> has started playing so far."""
    return int(tv.evaluate("window.__played.length"))


def heard_clip(tv: Any, heard: list[tuple[str, int, str]], clip: str, since: int = 0) -> None:
    """The page asked for the shown stop's clip, got WAV, and its <audio> plays it (after its
    ``since``-th play: the stop before may have said the same sentence)."""
    assert until(lambda: any(c == clip for c, _, _ in heard), 10, pause=page_pause(tv)), clip
    answers = [(status, kind) for c, status, kind in heard if c == clip]   # (206: the media cache's range)
    assert all(status in (200, 206) and kind.startswith("audio/wav") for status, kind in answers), answers
    check = "([clip, since]) => window.__played.slice(since).some(s => s.endsWith(clip))"
    assert until(lambda: tv.evaluate(check, [clip, since]), 10, pause=page_pause(tv)), "not played: " + clip


def tell(service: Any, table: str, tv: Any, heard: list[tuple[str, int, str]]) -> list[str]:
    """Next until all is told, each stop heard as it is shown; the stops' clips."""
    clips: list[str] = []
    since, shown = 0, None
    while True:
        clip, story = clip_now(service, table), service.public(table)["story"]
        stop = story["steps"][story["at"]]["id"] if story["at"] >= 0 else None
        if clip is not None and stop != shown:   # each stop shown is heard, a sentence said again too
            heard_clip(tv, heard, clip, since)
            clips.append(clip)
            shown = stop
        if not story["waiting"]:
            return clips
        since = played(tv)
        service.advance(table)


GAMES = [   # game, players, the public view's counter, how far it counts (a Sharks round, ...), the
    # table's language, the stops it tells at least, the plays' seed
    ("sharks-with-lasers", 2, "round", 2, "nl", 10, 1),   # (two stops in a row say the same sentence)
    ("jaws", 2, "round", 2, "de", 5, 9),
    ("loch-ness", 3, "turn", 2, "en", 4, 9),   # the opening's turn 0 is placing; turn 1 is the first played
]


@pytest.mark.parametrize(("game", "players", "counter", "until_value", "lang", "stops", "plays"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_round_is_narrated_on_the_table_screen(server: str, browser: Any, service: Any, game: str,
                                                 players: int, counter: str, until_value: int,
                                                 lang: str, stops: int, plays: int) -> None:
    table = service.create_table(game, players, {}, seed=4, lang=lang)["table"]
    service.set_auto(table, False)   # the test moves the story on, stop by stop
    service.narration.configure(table, "screen")
    tv, heard = open_tv(browser, server, table)
    clips = tell(service, table, tv, heard)
    rng = random.Random(plays)
    for _ in range(400):
        state = service.state_of(table)
        if state.view(None).get(counter, 0) >= until_value or state.outcome is not None:
            break
        awaiting = [s for s in state.awaiting if s != TABLE]
        assert awaiting, "the table waits for something the test does not enter"
        seat = rng.choice(awaiting)
        service.act(table, seat, rng.choice(state.legal_actions(seat)))
        clips += tell(service, table, tv, heard)
    assert service.state_of(table).view(None).get(counter, 0) >= until_value
    assert len(set(clips)) >= stops                # many stops, each its own sentence, each heard
    assert {c for c, _, _ in heard} >= set(clips)
    # what the page played is what the companion made of the stop: WAV of that stop's words
    wav = service.narration.audio(table, clips[-1])
    assert wav[:4] == b"RIFF" and len(wav) > 8000


def test_the_tv_mutes_and_sounds_again(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("sharks-with-lasers", 2, {}, seed=4, lang="de")["table"]
    service.set_auto(table, False)
    service.narration.configure(table, "screen", volume=40)
    tv, heard = open_tv(browser, server, table)
    assert tv.evaluate("document.getElementById('voice').volume") == pytest.approx(0.4)
    # the speaker beside "Regeln", not in the full row of Next, Auto and the dot; its words 18 px or more
    assert tv.locator(".title-row #sound").is_visible()
    assert "sound" not in {name for name, _, _ in tv.evaluate(ROW_LINE)}
    assert tv.evaluate("parseFloat(getComputedStyle(document.getElementById('sound')).fontSize)") >= 18
    tv.locator("#sound").click()     # mute
    assert tv.locator("#sound").get_attribute("aria-pressed") == "false"
    assert tv.locator("#sound").get_attribute("aria-label") == "Ton an"
    assert "Ton an" in tv.locator("#sound").inner_text()      # muted: the words to tap again
    rng = random.Random(2)
    while not service.public(table)["story"]["waiting"]:   # plays until there is a step to tell
        state = service.state_of(table)
        seat = rng.choice([s for s in state.awaiting if s != TABLE])
        service.act(table, seat, rng.choice(state.legal_actions(seat)))
    service.advance(table)
    muted = clip_now(service, table)
    story = service.public(table)["story"]
    tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    assert muted is not None
    assert muted not in {c for c, _, _ in heard}   # shown, not heard
    tv.locator("#sound").click()     # sound on again: the stop shown is heard
    heard_clip(tv, heard, muted)
    service.narration.configure(table, "off")
    tv.locator("#sound").wait_for(state="hidden")


def test_the_host_switches_narration_on_and_the_tv_speaks(server: str, browser: Any, host_key: str,
                                                          service: Any) -> None:
    """The host page's table panel: "From the table screen", a lower volume and a faster voice;
    the table screen shows its sound button and plays the stop it shows, at that volume."""
    table = service.create_table("sharks-with-lasers", 2, {}, seed=4, lang="nl")["table"]
    service.set_auto(table, False)
    host = watch(shared.phone(browser))
    host.goto(f"{server}/host?key={host_key}")
    host.locator(f'#tables button[data-table="{table}"]').tap()
    output = host.locator("#narration-output")
    output.wait_for()
    assert until(lambda: output.input_value() == "off", 10, pause=page_pause(host))
    host.locator("#narration-volume").fill("60")       # a range input: set, then "change"
    host.locator("#narration-speed").fill("150")
    output.select_option("screen")
    assert until(lambda: service.narration.settings(table)["output"] == "screen"
                 and service.narration.settings(table)["speed"] == 150, 10, pause=page_pause(host))
    assert service.narration.settings(table)["volume"] == 60
    assert host.evaluate("document.scrollingElement.scrollWidth") <= 390   # no sideways scrolling
    tv, heard = open_tv(browser, server, table)
    rng = random.Random(5)
    while clip_now(service, table) is None:
        state = service.state_of(table)
        seat = rng.choice([s for s in state.awaiting if s != TABLE])
        service.act(table, seat, rng.choice(state.legal_actions(seat)))
    clip = clip_now(service, table)
    assert clip is not None
    heard_clip(tv, heard, clip)
    assert tv.evaluate("document.getElementById('voice').volume") == pytest.approx(0.6)


BLOCK_UNTIL_TAP = """(() => {   // a normal browser's autoplay policy: no sound before the page is tapped
  let tapped = false;
  document.addEventListener('click', () => { tapped = true; }, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    return tapped ? play.call(this) : Promise.reject(new DOMException('no tap yet', 'NotAllowedError'));
  };
})();"""


def test_a_normal_browser_gets_one_sound_on_tap(server: str, browser: Any, service: Any) -> None:
    """A browser that refuses to play before a tap: the TV shows "Sound on"; one tap and the stop
    shown is heard, and the next ones without another tap."""
    table = service.create_table("sharks-with-lasers", 2, {}, seed=4, lang="en")["table"]
    service.set_auto(table, False)
    service.narration.configure(table, "screen")
    rng = random.Random(5)
    while not service.public(table)["story"]["waiting"]:
        state = service.state_of(table)
        seat = rng.choice([s for s in state.awaiting if s != TABLE])
        service.act(table, seat, rng.choice(state.legal_actions(seat)))
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(BLOCK_UNTIL_TAP)
    context.add_init_script(LISTEN)
    tv = watch(context.new_page())
    tv.goto(f"{server}/table/{table}")
    sound = tv.locator("#sound")
    sound.wait_for(state="visible")
    tv.wait_for_function("document.getElementById('sound').textContent.includes('Sound on')",
                         timeout=patience_ms(10))
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true" and sound.get_attribute("aria-label") == "Mute"
    heard: list[tuple[str, int, str]] = []
    tv.on("response", lambda r: heard.append((r.url.rsplit("/", 1)[-1], r.status,
                                              r.headers.get("content-type", "")))
          if "/speech/" in r.url else None)
    first = clip_now(service, table)
    assert first is not None
    assert until(lambda: tv.evaluate("clip => window.__played.some(s => s.endsWith(clip))", first), 10,
                 pause=page_pause(tv))
    service.advance(table)
    second = clip_now(service, table)
    assert second is not None and second != first
    heard_clip(tv, heard, second)


def test_the_host_slows_the_telling_and_the_tv_keeps_each_stop_up_longer(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    """Issue 40: the telling's pace per table, for players who read slowly. The host page (in Dutch)
    sets "Trager" (slower); the table screen's Auto then keeps its shown stop up half as long again:
    the seconds it was given for the stop, as the page holds them (never a wall-clock wait)."""
    table = service.create_table("sharks-with-lasers", 2, {}, seed=4, lang="nl")["table"]
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    state = service.state_of(table)
    seat = next(s for s in state.awaiting if s != TABLE)
    service.act(table, seat, state.legal_actions(seat)[0])
    shown = tv.locator("#resolution")
    # Auto tells the round to its last stop, which stays up: the seconds the page holds for it
    assert until(lambda: not service.tables.get(table).telling.story.waiting()
                 and shown.get_attribute("data-auto-seconds") is not None, 20, pause=page_pause(tv))
    normal = float(shown.get_attribute("data-auto-seconds") or 0)
    assert normal > 0 and shown.get_attribute("data-pace") == "normal"
    host = watch(shared.phone(browser))
    host.goto(f"{server}/host?key={host_key}&lang=nl")
    host.locator(f'#tables button[data-table="{table}"]').tap()
    pace = host.locator("#telling-pace")
    assert until(lambda: pace.input_value() == "normal", 10, pause=page_pause(host))
    assert host.get_by_label("Hoe lang elke stap blijft staan bij Automatisch").count() == 1
    pace.select_option(label="Trager: anderhalf keer zo lang")
    assert until(lambda: shown.get_attribute("data-pace") == "slower", 10, pause=page_pause(tv))
    assert float(shown.get_attribute("data-auto-seconds") or 0) == pytest.approx(1.5 * normal, abs=0.02)
    # and what else moves by itself on this screen (a look back going back to now, Jaws' replay) too
    assert tv.evaluate("() => TC.paceFactor") == 1.5
    assert service.telling_pace.settings(table)["pace"] == "slower"
    assert host.evaluate("document.scrollingElement.scrollWidth") <= 390   # no sideways scrolling
