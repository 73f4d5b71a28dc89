"""The status display's frames, drawn with Pillow for a 128x64 one-bit OLED.

Each frame is a :class:`Frame`: a ``"1"``-mode image of the display's size and
the lines it says (for tests and logs). Text is Pillow's own scalable font
(no font file to install) at :data:`FONT_SIZE`: capitals :data:`MIN_TEXT_PX`
pixels tall, about 1.5 mm on a 0.96" panel and 2 mm on a 1.3" one: some nine
minutes of arc at arm's length (60 cm), nearly twice a 20/20 letter. Nothing is
ever drawn smaller: a line that does not fit is wrapped, then cut with "…".

QR codes (segno) are drawn dark on light, with a light margin, the way phones
read them best; 2 pixels a module, so an address of up to 53 characters (QR
version 3) fits in 62 pixels.

Pillow and segno are imported when a frame is first drawn, not with this module: a rig without
a display (and every command but ``serve``) never loads them, some 5 MB on a Pi.

>>> frame = start((128, 64), "http://192.168.1.20:8080/")
>>> frame.image.mode, frame.image.size, frame.lines
('1', (128, 64), ('Join at', '192.168.1.', '20:8080'))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engines.text import Text, translate

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

FONT_SIZE = 12
MIN_TEXT_PX = 9
"""The capitals' height in pixels, at least (a test measures it on every frame's font)."""
LINE_PX = 15
QR_SCALE = 2
MARGIN = 4
"""Pixels kept free at a line's end: a glyph's ink may reach past its advance."""
ELLIPSIS = "…"

Size = tuple[int, int]


@dataclass(frozen=True)
class Frame:
    """One picture for the display, and what it says."""

    kind: str  # start, table, beam, pairing, fault
    image: Image.Image = field(compare=False)
    lines: tuple[str, ...]
    key: tuple[object, ...] = ()
    """What the frame was drawn from: the same key draws the same picture (no redraw needed)."""


DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
"""Raspberry Pi OS's own sans face (fonts-dejavu-core), for a Pillow older than 10.1."""


@functools.cache
def font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own scalable face at FONT_SIZE (Pillow 10.1 and newer, as the lock installs). A
    32-bit Pi on bookworm takes apt's Pillow 9.4 (requirements/apt.toml), whose default face has
    one small size: there DejaVu Sans at the same size, or that small face if it is missing."""
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=FONT_SIZE)
    except TypeError:   # Pillow < 10.1: load_default() takes no size
        try:
            return ImageFont.truetype(DEJAVU, FONT_SIZE)
        except OSError:
            return ImageFont.load_default()


def cap_height(face: ImageFont.FreeTypeFont | ImageFont.ImageFont | None = None) -> int:
    """The height in pixels of a capital H as drawn (the ink, not the font's nominal size)."""
    from PIL import Image, ImageDraw

    face = face or font()
    canvas = Image.new("1", (4 * FONT_SIZE, 4 * FONT_SIZE))
    ImageDraw.Draw(canvas).text((FONT_SIZE, FONT_SIZE), "H", font=face, fill=1)
    box = canvas.getbbox()
    return 0 if box is None else box[3] - box[1]


def _width(text: str) -> float:
    return _width_in(font(), text)


@functools.lru_cache(maxsize=1024)
def _width_in(face: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> float:
    """Kept per face and text: every play redraws the frame, with mostly the words of the last
    one (the title, the names), and measuring them costs a fifth of a frame."""
    return float(face.getlength(text, mode="1"))  # as drawn on a one-bit image


def _pieces(word: str, width: int) -> list[str]:
    """A word too long for a line, cut after its dots, colons and slashes (an address), else anywhere."""
    out, piece = [], ""
    for char in word:
        if piece and _width(piece + char) > width:
            cut = max(piece.rfind(mark) for mark in ".:/-")
            if cut > 0:
                out.append(piece[:cut + 1])
                piece = piece[cut + 1:]
            else:
                out.append(piece)
                piece = ""
        piece += char
    return [*out, piece] if piece else out


def wrap(text: str, width: int, max_lines: int) -> list[str]:
    """Lines of ``text`` no wider than ``width`` pixels, at most ``max_lines`` (the last cut with …)."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and _width(candidate) <= width:
            lines[-1] = candidate
        else:
            lines.extend(_pieces(word, width) if _width(word) > width else [word])
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and _width(last + ELLIPSIS) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + ELLIPSIS
    return lines


def _text(draw: ImageDraw.ImageDraw, x: int, lines: Sequence[str], *, top: int = 0, fill: int = 1) -> None:
    for i, line in enumerate(lines):
        draw.text((x, top + i * LINE_PX), line, font=font(), fill=fill)


def _qr(image: Image.Image, url: str, right: int) -> int:
    """Draw ``url``'s QR code against the right edge; return the left edge of its light square."""
    height = image.size[1]
    left = right - height
    image.paste(_qr_square(url, height), (left, 0))
    return left


@functools.lru_cache(maxsize=8)
def _qr_square(url: str, side: int) -> Image.Image:
    """``url``'s QR code on a light square of ``side`` pixels. Kept: the join address stays the
    same while every play redraws the frame, and encoding it is most of a frame's cost."""
    import segno
    from PIL import Image, ImageDraw

    code = segno.make(url, error="l", micro=False)
    modules = len(code.matrix)
    square = Image.new("1", (side, side), 1)
    draw = ImageDraw.Draw(square)
    offset = (side - modules * QR_SCALE) // 2
    for row, bits in enumerate(code.matrix):
        for col, bit in enumerate(bits):
            if bit & 1:
                x, y = offset + col * QR_SCALE, offset + row * QR_SCALE
                draw.rectangle((x, y, x + QR_SCALE - 1, y + QR_SCALE - 1), fill=0)
    return square


def _say(text: Text, lang: str) -> str:
    return translate(text, lang)


def _column(size: Size) -> int:
    """The text's width beside a QR code (which takes a square of the display's height)."""
    return size[0] - size[1] - MARGIN


def _with_qr(kind: str, size: Size, url: str, lines: list[str], key: tuple[object, ...],
             alert: str | None = None) -> Frame:
    from PIL import Image, ImageDraw

    image = Image.new("1", size, 0)
    left = _qr(image, url, size[0])
    draw = ImageDraw.Draw(image)
    rows = size[1] // LINE_PX
    if alert is None:
        shown = lines[:rows]
    else:  # the last row is the alert, light on dark turned round: it cannot be missed
        shown = lines[:rows - 1]
        top = (rows - 1) * LINE_PX
        draw.rectangle((0, top, left - 3, size[1] - 1), fill=1)
        alert = wrap(alert, left - 4, 1)[0]
        _text(draw, 1, [alert], top=top, fill=0)
    _text(draw, 0, shown)
    return Frame(kind, image, tuple(shown) + ((alert,) if alert else ()), key)


def start(size: Size, url: str, lang: str = "en") -> Frame:
    """At start: the join page's address as a QR code and in text (never the host key)."""
    column = _column(size)
    address = url.split("://", 1)[-1].rstrip("/")
    rows = size[1] // LINE_PX
    where = wrap(address, column, rows - 1)  # the address whole, first
    lines = [*wrap(_say(Text("Join at"), lang), column, rows - len(where)), *where]
    return _with_qr("start", size, url, lines, ("start", url, lang))


def table(size: Size, title: str, waiting: Sequence[str], url: str, *, winners: Sequence[str] | None = None,
          fault: bool = False, lang: str = "en") -> Frame:
    """A table open: the game, who we wait for (names) or who won, the join QR; a fault line."""
    column = _column(size)
    rows = size[1] // LINE_PX - (1 if fault else 0)
    if winners is not None:
        label, names = (Text("Won:"), winners) if winners else (Text("Game over"), [])
    elif waiting:
        label, names = Text("Waiting:"), list(waiting)
    else:
        label, names = Text("Scan to join"), []
    # the names first (they are the point), then as much of the title as the rows leave
    said = wrap(_say(label, lang), column, 1)
    who = wrap(", ".join(names), column, max(1, rows - 2)) if names else []
    head = wrap(title, column, max(1, rows - len(said) - len(who)))
    lines = [*head, *said, *who]
    alert = _say(Text("Fault"), lang) if fault else None
    key = ("table", title, tuple(waiting), url, None if winners is None else tuple(winners), fault, lang)
    return _with_qr("table", size, url, lines, key, alert)


def message(kind: str, size: Size, heading: Text, body: Text, lang: str = "en") -> Frame:
    """A full-width message: a heading (light on dark) and a sentence under it."""
    from PIL import Image, ImageDraw

    image = Image.new("1", size, 0)
    draw = ImageDraw.Draw(image)
    head = wrap(_say(heading, lang), size[0] - MARGIN, 1)
    draw.rectangle((0, 0, size[0] - 1, LINE_PX - 1), fill=1)
    _text(draw, 1, head, fill=0)
    lines = wrap(_say(body, lang), size[0] - MARGIN, size[1] // LINE_PX - 1)
    _text(draw, 1, lines, top=LINE_PX + 1)
    return Frame(kind, image, (*head, *lines), (kind, heading, body, lang))


def beam(size: Size, result: str, suspect: str | None, lang: str = "en") -> Frame:
    """A beam check's verdict, shown for a few seconds after the shot."""
    if result == "agree":
        body = Text("Agrees: the beam left where the game says.")
    elif result == "mismatch" and suspect:
        body = Text("Does not agree: check the token on {square}.", {"square": suspect})
    elif result == "mismatch":
        body = Text("Does not agree: the beam left elsewhere.")
    else:
        body = FAULT
    return message("beam", size, Text("Beam check"), body, lang)


FAULT = Text("A sensor or the laser needs a look: see the table screen.")


def fault(size: Size, lang: str = "en") -> Frame:
    """The hardware has a fault: shown in turn with the table's frame until a check agrees."""
    return message("fault", size, Text("Hardware fault"), FAULT, lang)


def pairing(size: Size, button: str | Text, lang: str = "en", *,
            asking: int = 1, shown: str | None = None, place: int | None = None) -> Frame:
    """Phones ask to become the host (companion/pairing.py): how many, and what to do (hold the
    button, then pick the code your phone shows); while the host picks, the code shown, its place
    and what a press and a hold do. No code before the host's hold: the first hold shows one."""
    if shown is not None and place is not None:
        heading = Text("Code {code} · {place} of {count}", {"code": shown, "place": place, "count": asking})
        body = Text("Press: next code. Hold: make it the host.")
    else:
        heading = (Text("{count} phones ask to host", {"count": asking}) if asking > 1
                   else Text("A phone asks to host"))
        body = Text("Hold the {button}, then pick the code your phone shows.", {"button": button})
    return message("pairing", size, heading, body, lang)
