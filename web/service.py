"""What the web app needs from the table service: the seam between web/ and companion/.

``web`` never imports ``companion``; the companion builds an object that
satisfies :class:`TableService` and hands it to ``create_app(service)``.
Tests can hand in the real service (on a temporary data directory) or a fake.

Every method that can be refused raises :class:`ServiceError` (or
``engines.IllegalAction`` for a play the rules refuse, which the web answers
with 400/409); the web turns them into JSON ``{"error": sentence}`` with the
status below. Nothing here ever returns another seat's secrets: payloads are
built from ``state.view(seat)`` and events filtered by ``visible_to``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engines.core import Refusal
from engines.text import N_, Text


class ServiceError(Refusal):
    """A refusal of the table service: an HTTP status and a sentence for the player."""

    status = 400


MAX_NAME = 24
"""The longest seat name, in characters (the service refuses longer; the pages and the API
description say so)."""
SEATS_REFUSAL = N_("Each seat of the next game takes a seat of this table (each one once), a bot "
                   "(\"bot\") or nobody yet (null).")
"""The next game's ``seats`` refused (the API checks its shape, the service the rest)."""


class BadRequest(ServiceError):
    status = 400


class Unauthorized(ServiceError):  # no or unknown seat token / host key
    status = 401


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):  # seat taken, stale action, not your turn, table ended
    status = 409


class Unavailable(ServiceError):  # the companion cannot do it now (its storage is failing); nothing changed
    status = 503


class Subscription(Protocol):
    """One open stream (a phone or a table screen)."""

    def get(self, timeout: float) -> dict[str, Any] | None:
        """The next payload (a full view, as GET /view or GET /tables/<t> returns), or None on timeout."""

    @property
    def closed(self) -> bool:
        """True once the stream should end (the companion is stopping, or it was closed)."""

    def end(self) -> None:
        """End the stream now (its reader sees ``closed``): the companion is stopping, or its place
        went to a seat or the table screen."""

    def close(self) -> None: ...


class HostPairing(Protocol):
    """A phone becoming the host by the companion's button (companion/pairing.py): a hold shows one
    asking phone's code at a time, and a hold while the host's own phone says its code is shown
    makes that phone the host."""

    def describe(self) -> dict[str, Any]:
        """``{"button": label or None (no button: the key is the only way), "hold_s", "window_s"}``."""

    def ask(self, who: str, replacing: str | None = None) -> str:
        """A new secret request token for the asking phone's cookie (``replacing``: its earlier one,
        given up); Conflict without a button, or when too many requests wait (none is dropped)."""

    def look(self, token: str | None) -> dict[str, Any]:
        """``{"state", "code", "shown"}``: waiting, choosing, paired, expired, ask-again or unknown;
        the phone's code once the host's press has shown it, while it asks; whether the companion
        shows it now."""

    def withdraw(self, token: str | None) -> None:
        """The phone's page closed: its request asks no more."""

    def board(self) -> dict[str, Any]:
        """``{"asking", "choosing", "place", "shown"}``: how many phones ask (0: nothing to show),
        whether the host picks one, the place of the code shown and the code itself (for the
        status display only: no web answer carries it)."""

    def claim(self, token: str | None) -> bool:
        """Whether this is the paired phone (once); the web then opens a host session for it."""

    def say(self, state: str, code: str | None = None) -> Any:
        """The sentence (an ``engines.text.Text``) the host page shows for a state (or ``shown``)."""


class HostDevices(Protocol):
    """Each host device's own session (companion/pairing.py ``HostSessions``)."""

    def open(self, label: str) -> str:
        """A new session's secret token, for the device's HttpOnly cookie."""

    def check(self, token: str | None) -> str | None:
        """The session's id if ``token`` is a live session's, else None."""

    def live(self, session_id: str) -> bool:
        """Whether the session ``session_id`` is still open (not revoked, its key unchanged)."""

    def listed(self) -> list[dict[str, Any]]:
        """``[{"id", "label", "created", "seen"}]``, oldest first."""

    def revoke(self, session_id: str) -> bool:
        """End one session; False if there is none such."""


class SettingUp(Protocol):
    """Before the first play, while the table asked for it (docs/web.md "Setting up")."""

    def ready(self, table: str, seat: int) -> dict[str, Any]:
        """The seat is set up (its payload after); the last seat ready opens the game. Conflict
        when the table is not setting up."""

    def set_setup(self, table: str, step: Any = None, skip: Any = None) -> dict[str, Any]:
        """Show setup step ``step`` (0-based) or, with ``skip`` true, open the game now (the public
        payload after). BadRequest for a step the table lacks; Conflict when it is not setting up."""


class LookingBack(Protocol):
    """A table screen looks back at steps told earlier (docs/web.md "Looking back")."""

    def told(self, table: str, stop: int) -> dict[str, Any]:
        """The public payload with the story as it stood when the told ``stop`` was shown (negative:
        counted back from the shown one); BadRequest for a stop not told, Conflict when none was."""

    def look(self, table: str, on: bool) -> dict[str, Any]:
        """A table screen looks back (Auto waits) or is back at the shown step (the public payload)."""


class Narration(Protocol):
    """The table hears its story (docs/narration.md): the host's setting, and the clips the table
    screen plays."""

    def settings(self, table: str) -> dict[str, Any]:
        """``{"output", "volume", "speed", "outputs", "voice"}``: where the story is heard (off, the
        table screen, the Pi's own output), how loud and how fast, and what may be chosen."""

    def configure(self, table: str, output: Any = None, volume: Any = None,
                  speed: Any = None) -> dict[str, Any]:
        """The host's setting changed (left out: as it is); BadRequest for a value it cannot take."""

    def audio(self, table: str, clip: str) -> bytes:
        """A clip of the table's story as WAV; NotFound for one the table never told."""


class PaceSetting(Protocol):
    """The telling's pace per table (docs/accessibility.md "Timing"): how long Auto keeps each told
    stop up, for players who read slowly."""

    def settings(self, table: str) -> dict[str, Any]:
        """``{"pace", "paces"}``: the table's pace and the paces it may take (normal, slower, slowest)."""

    def configure(self, table: str, pace: Any) -> dict[str, Any]:
        """The host's setting changed; BadRequest (nothing changed) for a pace it does not have."""


class Keeping(Protocol):
    """Boards the host drew (games that declare a board option) and box profiles (the printed
    numbers of a group's own copy, for games that declare a profile option); host only."""

    def list_boards(self, game: str) -> list[dict[str, Any]]:
        """``[{"name", "sample", "placeholder", "saved"}]``: the samples, then the saved boards."""

    def board(self, game: str, name: str) -> dict[str, Any]:
        """``{"name", "sample", "saved", "board"}``; NotFound for an unknown game or name."""

    def check_board(self, game: str, data: Any) -> dict[str, Any]:
        """``{"ok", "problems": [Text], "board"}``: every problem, each one sentence."""

    def save_board(self, game: str, name: str, data: Any) -> dict[str, Any]:
        """Checked, then kept under ``name``; BadRequest with the first problem, nothing saved."""

    def delete_board(self, game: str, name: str) -> None: ...

    def list_profiles(self, game: str) -> list[dict[str, Any]]:
        """``[{"name", "saved", "status"}]``, by name; NotFound for a game without box profiles."""

    def profile(self, game: str, name: str) -> dict[str, Any]:
        """``{"name", "saved", "profile", "status"}``; NotFound for an unknown game or name."""

    def check_profile(self, game: str, data: Any) -> dict[str, Any]:
        """``{"ok", "problems": [Text], "profile", "status"}``: every problem, each naming its field."""

    def save_profile(self, game: str, name: str, data: Any) -> dict[str, Any]:
        """Checked, then kept under ``name`` (created, corrected, imported); BadRequest with the first
        problem, nothing stored."""

    def rename_profile(self, game: str, name: str, to: str) -> dict[str, Any]:
        """The profile under its new name (Conflict if that name is taken)."""

    def delete_profile(self, game: str, name: str) -> None: ...


class HardwarePanel(Protocol):
    """The hardware (host only); the companion answers from hardware/ or says there is none."""

    def hardware_status(self) -> dict[str, Any]: ...

    def press(self, button: str, held_s: float = 0.0) -> dict[str, Any]: ...

    def inject_fault(self, device: str, fault: str) -> dict[str, Any]: ...

    def display_png(self) -> bytes:
        """The status display's frame now, as a PNG (NotFound-like refusal without a display)."""


class TableService(Protocol):
    """The companion as the web app sees it. Seats are 0-based; ``None`` is the public table."""

    @property
    def pairing(self) -> HostPairing:
        """Who may become the host by the companion's button (read by the host page)."""

    @property
    def host_sessions(self) -> HostDevices:
        """The host devices' sessions (the host cookie holds one, never the key)."""

    def check_host_key(self, key: str | None) -> bool: ...

    @property
    def storage_fault(self) -> Text | None:
        """The sentence while the store refuses writes (every payload carries it as ``fault``)."""

    def games(self) -> list[dict[str, Any]]:
        """Every game: ``engines.Game.describe()`` plus the table options (chance mode, ...)."""

    def list_tables(self) -> list[dict[str, Any]]: ...

    def create_table(self, game: str, players: int, options: Mapping[str, Any] | None,
                     seed: int | None = None, *, lang: str = "en") -> dict[str, Any]:
        """-> ``{"table", "game", "players", ...}``; the web adds ``join_url``. ``lang``: the table
        screen's language."""

    def set_language(self, table: str, lang: str) -> None:
        """The host sets the table screen's language (BadRequest for one the companion lacks)."""

    def seat_names(self, table: str) -> list[str]:
        """The seats' names, in seat order; NotFound for an unknown table (checked before auth)."""

    def public(self, table: str, *, screen: bool = False) -> dict[str, Any]:
        """``{"game", "view", "awaiting", "seats", "outcome", "version", "events", ...}``: public only.
        ``screen``: a table screen polls (its stream is blocked): it counts as watching."""

    def claim_seat(self, table: str, seat: int, name: str | None) -> str:
        """A new secret token for the seat; Conflict if taken."""

    def seat_of(self, table: str, token: str | None) -> int:
        """The seat this token holds at this table; Unauthorized otherwise."""

    def beat(self, table: str, seat: int, *, leaving: bool = False) -> None:
        """The seat's phone is at the table (its heartbeat, every few seconds while its page is
        open); ``leaving``: its page is closing."""

    def seat_view(self, table: str, seat: int, *, present: bool = False) -> dict[str, Any]:
        """``{"seat", "view", "awaiting", "legal_actions", "outcome", "version", "events", ...}``."""

    def act(self, table: str, seat: int, action: Any, *,
            expect_version: int | None = None) -> dict[str, Any]:
        """Apply, log, commit, then return the seat's new view. ``seat`` may be engines.TABLE for the host.

        With ``expect_version``, Conflict if the table's version differs (a stale screen)."""

    def act_for(self, table: str, seat: int, action: Any) -> dict[str, Any]:
        """The host enters a seat's physical input (the computer's, or a phoneless seat's) when
        the table asks for it (the table's payload lists ``requests``); Conflict otherwise."""

    def undo(self, table: str) -> dict[str, Any]: ...

    def advance(self, table: str) -> dict[str, Any]:
        """The table's "next" button: one step further through the last resolution (public payload)."""

    def free_seat(self, table: str, seat: int) -> None: ...

    def seat_bot(self, table: str, seat: int) -> None: ...

    def end_table(self, table: str) -> None: ...

    def next_game(self, table: str, game: str | None = None, options: Mapping[str, Any] | None = None,
                  seats: Any = None) -> dict[str, Any]:
        """A new table for the people of this one (same names and tokens); left out, the same game,
        options and seats. ``seats``: per new seat, a seat of this table, "bot" or None (free)."""

    def subscribe(self, table: str, seat: int | None, *, screen: bool = False) -> Subscription:
        """A stream; ``screen``: a table screen's public stream (Auto runs and held plays wait
        while one is open)."""

    def set_auto(self, table: str, on: bool) -> dict[str, Any]:
        """Auto on or off for the table's story (the public payload)."""


    @property
    def setup(self) -> SettingUp:
        """Setting up the box before the first play (docs/web.md "Setting up")."""

    @property
    def looking_back(self) -> LookingBack:
        """Steps told earlier, again (docs/web.md "Looking back")."""

    @property
    def keeping(self) -> Keeping:
        """The boards the host drew and the box profiles (host only)."""

    @property
    def panel(self) -> HardwarePanel:
        """The hardware, as the host page sees it (host only)."""

    @property
    def narration(self) -> Narration:
        """The story spoken (docs/narration.md)."""

    @property
    def telling_pace(self) -> PaceSetting:
        """How long Auto keeps each told stop up (the host's setting)."""
