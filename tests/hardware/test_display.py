"""The status display (issue 16): Pillow frames on luma's dummy device, as a real OLED would show them.

Every frame a test draws is also written to ``test-artifacts/display/`` (four times its size),
so the display can be seen without owning one.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import segno
from PIL import Image, ImageDraw

import hardware.rig
from companion import status_screen
from companion.hardware_link import HardwareLink
from companion.pairing import WINDOW_S, Pairing
from companion.service import Service
from hardware import Rig, frames, parse, selftest
from hardware.display import open_display
from tests.conftest import HOST_KEY
from tests.hardware.conftest import FakeClock
from tests.hardware.test_link import fire, moved
from tests.waits import patience

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "display"
SIZE = (128, 64)
URL = "http://192.168.100.200:8080/play/k3m9xa"


def keep(frame: frames.Frame, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    image = frame.image.resize((SIZE[0] * 4, SIZE[1] * 4), Image.Resampling.NEAREST)
    image.save(ARTIFACTS / f"{name}.png")


def every_frame() -> dict[str, frames.Frame]:
    return {
        "start": frames.start(SIZE, "http://192.168.100.200:8080/"),
        "table": frames.table(SIZE, "Laser Chess", ["Anna"], URL),
        "table-long-names": frames.table(SIZE, "Sharks with Lasers",
                                         ["Anna-Katharina", "Bo", "Christopher"], URL),
        "table-fault": frames.table(SIZE, "Laser Chess", ["Bo"], URL, fault=True),
        "table-won": frames.table(SIZE, "Fzzzt!", [], URL, winners=["Anna", "Bo"]),
        "beam-agree": frames.beam(SIZE, "agree", None),
        "beam-mismatch": frames.beam(SIZE, "mismatch", "j5"),
        "fault": frames.fault(SIZE),
        "pairing": frames.pairing(SIZE, "Next button"),
        "pairing-choice": frames.pairing(SIZE, "Next button", asking=12, shown="4712", place=10),
    }


def test_every_frame_is_one_bit_at_the_displays_size_and_is_kept_as_a_picture() -> None:
    """128x64, mode "1" (what luma's SSD1306 and SH1106 take), nothing drawn off the edge."""
    for name, frame in every_frame().items():
        assert frame.image.mode == "1" and frame.image.size == SIZE, name
        assert frame.image.getbbox() is not None, name  # something is drawn
        keep(frame, name)
    assert (ARTIFACTS / "pairing.png").exists()


def test_no_text_is_smaller_than_the_minimum_height(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legible at arm's length: every font any frame draws with has capitals at least 9 px tall,
    and no line of text runs past the display's right edge."""
    used: list[tuple[Any, str, float]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: str, *args: Any, **kw: Any) -> None:
        used.append((kw.get("font"), text, xy[0] + kw["font"].getlength(text, mode="1")))
        original(self, xy, text, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    every_frame()
    monkeypatch.undo()  # measuring draws text too
    assert len(used) > 20
    assert frames.MIN_TEXT_PX >= 9
    for face, text, right in used:
        assert frames.cap_height(face) >= frames.MIN_TEXT_PX, text
        assert right <= SIZE[0], text


def test_with_apts_older_pillow_on_a_32_bit_pi_capitals_stay_legible(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 32-bit bookworm Pi takes apt's Pillow 9.4 (requirements/apt.toml), whose
    ``load_default()`` has no size: the display then draws with DejaVu Sans at the same size,
    and its capitals are still at least the minimum height."""
    from PIL import ImageFont
    if not Path(frames.DEJAVU).exists():
        pytest.skip("DejaVu Sans is not installed here (fonts-dejavu-core; Raspberry Pi OS has it)")
    newer = ImageFont.load_default

    def pillow_9_4(size: float | None = None) -> Any:
        if size is not None:
            raise TypeError("load_default() got an unexpected keyword argument 'size'")
        return newer()

    monkeypatch.setattr(ImageFont, "load_default", pillow_9_4)
    frames.font.cache_clear()
    try:
        face = frames.font()
        assert isinstance(face, ImageFont.FreeTypeFont) and "DejaVu" in face.getname()[0]
        assert frames.cap_height(face) >= frames.MIN_TEXT_PX
        assert every_frame()   # every frame still draws
    finally:
        monkeypatch.undo()
        frames.font.cache_clear()


def test_the_join_qr_on_the_display_holds_the_join_address() -> None:
    """Each module of the drawn code is the QR code of the join address (dark on light, 2 px)."""
    frame = frames.table(SIZE, "Laser Chess", ["Anna"], URL)
    matrix = segno.make(URL, error="l", micro=False).matrix
    side = SIZE[1]
    left, offset = SIZE[0] - side, (side - len(matrix) * frames.QR_SCALE) // 2
    for row, bits in enumerate(matrix):
        for col, bit in enumerate(bits):
            x = left + offset + col * frames.QR_SCALE
            y = offset + row * frames.QR_SCALE
            assert frame.image.getpixel((x, y)) == (0 if bit & 1 else 1), (row, col)
    assert frame.image.getpixel((left, 0)) == 1  # the light margin


def test_a_long_name_is_wrapped_and_cut_never_shrunk_and_the_address_is_whole() -> None:
    assert every_frame()["start"].lines == ("Join at", "192.168.", "100.200:", "8080")
    frame = every_frame()["table-long-names"]
    assert frame.lines[0] == "Sharks…" and frame.lines[-1].endswith("…")
    assert len(frame.lines) == SIZE[1] // frames.LINE_PX


def test_the_display_is_lumas_dummy_device_on_mock_pins() -> None:
    display = open_display(parse({"display": {"driver": "sh1106", "address": 0x3D}}).display, mock=True)  # type: ignore[arg-type]
    try:
        frame = frames.start(display.size, "http://192.0.2.1:8080/")
        assert display.show(frame) and not display.show(frame)  # the same frame is not sent twice
        assert type(display.device).__name__ == "dummy"
        assert display.device.image.tobytes() == frame.image.tobytes()
        assert display.status() == {"driver": "sh1106", "port": 1, "address": "0x3D", "dummy": True,
                                    "showing": "start", "lines": list(frame.lines), "frames": 1}
        assert Image.open(io.BytesIO(display.png(scale=4))).size == (512, 256)
    finally:
        display.close()


@pytest.fixture
def screen(service: Service, link: HardwareLink, clock: FakeClock) -> status_screen.StatusScreen:
    assert link.screen is not None
    link.screen.clock = clock
    link.screen.set_address("http://192.0.2.1:8080")
    return link.screen


def test_the_status_screen_follows_the_companion(
        service: Service, clean_rig: Rig, link: HardwareLink, screen: status_screen.StatusScreen,
        clock: FakeClock) -> None:
    """At start the join address; with a table the game, who we wait for and its QR; a beam
    check's verdict for a few seconds; then the table again."""
    start = screen.refresh()
    assert start.kind == "start" and start.lines == ("Join at", "192.0.2.1:", "8080")
    keep(start, "screen-start")
    table, _ = moved(service, link)  # Laser Chess, Blue has moved and must fire
    service.claim_seat(table, 1, "Bo")
    assert link.wait_idle(patience(5))
    waiting = screen.refresh()
    assert waiting.kind == "table" and waiting.lines == ("Laser", "Chess", "Waiting:", "Bo")
    assert waiting.key[3] == f"http://192.0.2.1:8080/play/{table}"
    clean_rig.turn_token(("j5", "E"))
    assert fire(clean_rig, link, clock, 0)["result"] == "mismatch"
    verdict = screen.refresh()
    assert verdict.lines == ("Beam check", "Does not agree:", "check the token on", "j5.")
    keep(verdict, "screen-beam")
    clock.tick(status_screen.VERDICT_S)
    assert screen.refresh().kind == "table"
    assert clean_rig.display is not None and clean_rig.display.frame is not None
    assert service.panel.hardware_status()["display"]["showing"] == "table"


def test_a_hardware_fault_is_a_clear_line_and_a_frame_of_its_own(
        service: Service, clean_rig: Rig, link: HardwareLink, screen: status_screen.StatusScreen,
        clock: FakeClock) -> None:
    moved(service, link)
    clean_rig.inject_fault("j8n", "stuck-lit")
    assert fire(clean_rig, link, clock, 0)["result"] == "fault"
    clock.tick(status_screen.VERDICT_S + status_screen.TURN_S - clock.now % status_screen.TURN_S)
    shown = {screen.frame().kind}
    clock.tick(status_screen.TURN_S)
    shown.add(screen.frame().kind)
    assert shown == {"table", "fault"}
    if screen.frame().kind != "table":
        clock.tick(status_screen.TURN_S)
    line = screen.frame()
    assert line.kind == "table" and line.lines[-1] == "Fault"
    keep(line, "screen-fault-line")


def test_a_phone_waiting_to_host_puts_the_prompt_on_the_display(
        service: Service, link: HardwareLink, screen: status_screen.StatusScreen, clock: FakeClock) -> None:
    service.pairing = Pairing(clock=clock)
    service.pairing.set_button("Next button", 2.0)
    service.pairing.ask("192.0.2.7")
    prompt = screen.frame()
    assert prompt.kind == "pairing" and "Hold the Next button" in " ".join(prompt.lines)
    assert HOST_KEY not in " ".join(prompt.lines)
    clock.tick(WINDOW_S + 1)   # nobody held the button: the request waits, the display moves on
    assert screen.frame().kind != "pairing" and service.pairing.waiting()


def test_with_several_phones_asking_the_display_shows_the_code_the_host_may_pick(
        service: Service, link: HardwareLink, screen: status_screen.StatusScreen, clock: FakeClock) -> None:
    """The count first, with no code (asking hands none out), then (after the host's hold) one
    code at a time, its place, and what a press and a hold do; each code in words, never a colour,
    and the one the phone whose code it is is told."""
    service.pairing = Pairing(clock=clock)
    service.pairing.set_button("Next button", 2.0)
    tokens = [service.pairing.ask("192.0.2.7"), service.pairing.ask("192.0.2.8")]
    waiting = screen.frame()
    assert waiting.lines[0] == "2 phones ask to host" and not any(c.isdigit() for c in waiting.lines[1:])
    service.pairing.pressed("next")
    first = screen.frame()
    keep(first, "screen-pairing-choice")
    shown = {service.pairing.look(t)["code"] for t in tokens if service.pairing.look(t)["shown"]}
    assert first.lines[0].endswith("· 1 of 2") and {first.lines[0].split()[1]} == shown
    assert "Press: next code." in " ".join(first.lines)
    service.pairing.step("next")
    second = screen.frame()
    shown = {service.pairing.look(t)["code"] for t in tokens if service.pairing.look(t)["shown"]}
    assert second.lines[0].endswith("· 2 of 2") and {second.lines[0].split()[1]} == shown
    assert second.lines[0].split()[1] != first.lines[0].split()[1]


def test_selftest_checks_the_display_on_mock_pins() -> None:
    out = io.StringIO()
    config = parse({"pin_factory": "mock", "display": {}})
    assert selftest.run(config, False, out) == 0
    assert "ok    display  ssd1306" in out.getvalue()
    assert "dummy display stands in for the SSD1306 on I2C bus 1 at address 0x3C" in out.getvalue()


def test_selftest_names_the_bus_and_address_of_a_display_that_does_not_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On real pins the display is opened on its I2C bus; here no bus exists, as on a Pi whose
    display is unplugged or whose I2C is off."""
    if Path("/dev/i2c-5").exists():
        pytest.skip("this machine has an I2C bus 5")
    monkeypatch.setattr(hardware.rig, "open_display", lambda config, mock: open_display(config, mock=False))
    out = io.StringIO()
    assert selftest.run(parse({"pin_factory": "mock", "display": {"port": 5}}), False, out) == 1
    text = out.getvalue()
    assert "FAIL  display  ssd1306" in text
    assert "No SSD1306 display answers on I2C bus 5 at address 0x3C" in text
    assert "SDA (GPIO2, pin 3)" in text


def test_the_host_page_shows_the_displays_frame(
        service: Service, link: HardwareLink, screen: status_screen.StatusScreen) -> None:
    """The virtual panel's picture of the display: the frame now, as a PNG, for the host only."""
    from web import create_app

    client = create_app(service).test_client()
    screen.refresh()
    assert client.get("/api/hardware/display.png").status_code == 401
    resp = client.get("/api/hardware/display.png", headers={"X-Host-Key": HOST_KEY})
    assert resp.status_code == 200 and resp.mimetype == "image/png"
    picture = Image.open(io.BytesIO(resp.get_data())).convert("1")
    assert picture.size == (512, 256)
    assert picture.resize(SIZE, Image.Resampling.NEAREST).tobytes() == screen.frame().image.tobytes()
    status = client.get("/api/hardware", headers={"X-Host-Key": HOST_KEY}).get_json()
    assert status["display"]["showing"] == "start" and status["display"]["dummy"] is True
    page = client.get("/host", headers={"X-Host-Key": HOST_KEY}).get_data(as_text=True)
    assert 'id="display-frame"' in page


def test_the_display_says_starting_until_the_companion_knows_its_address(
        service: Service, link: HardwareLink) -> None:
    """Before the web server listens there is no address to show (never a wrong one)."""
    assert link.screen is not None
    screen = status_screen.StatusScreen(link.screen.display, service, link)
    assert screen.frame().lines == ("Table Companion", "Starting…")
    screen.set_address("http://192.0.2.1:8080/")
    assert screen.frame().lines == ("Join at", "192.0.2.1:", "8080")


def test_a_rig_without_a_display_loads_no_drawing_library() -> None:
    """Pillow, segno and luma come in with the first frame drawn: a companion whose rig has no
    display never loads them (some 5 MB of a Pi's memory), and one with a display draws at once."""
    code = ("import sys\n"
            "from hardware import build, parse\n"
            "from companion import hardware_link, status_screen\n"
            "rig = build(parse({'pin_factory': 'mock', 'buttons': {'next': {'pin': 5}}}))\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'PIL', 'segno', 'luma'}))\n"
            "rig.close()\n"
            "rig = build(parse({'pin_factory': 'mock', 'display': {}}))\n"
            "from hardware import frames\n"
            "assert rig.display is not None and rig.display.show(frames.start(rig.display.size, 'http://x/'))\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'PIL', 'segno', 'luma'}))\n"
            "rig.close()\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["[]", "['PIL', 'luma', 'segno']"]
