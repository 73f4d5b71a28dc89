"""The pages' form of a table payload (docs/api.md, "The pages' form"): what a phone draws, each
part said once.

A payload as the API describes it says the same things many times: the story's steps carry the
events the payload's ``events`` carry too, the table screen's ``story.shown`` carries the view
before and after the shown change beside the view, a card sits in a hand, a bid and a reveal, and
every sentence carries its msgid, its parameters (each a sentence again) and its words. The pages
ask for ``?packed=1`` and get the same payload with

- every sentence as its words only, ``{"text": "..."}`` (the pages show ``text``; the msgid and
  parameters are for clients that translate for themselves; ``printed``, the words a table's own
  box prints, stays: the page marks the project's own wording where they are not known), and
- every part (an object or a list) that occurs more than once said once, in ``"$shared"``, and
  ``{"$": i}`` where it stood (a shared part may hold references too), and
- every list of objects two or more of which have the same keys in the same order (the story's
  steps, the crew, the boat tiles) as ``{"$k": [keys], "$v": [...]}``, each of those its values
  in that order and any other object as it is: each key said once; and
- every other object whose keys, in their order, other objects have too (the events of a Sharks
  round: 29 card reveals, 11 moves, 10 turns) as ``{"$o": [shape, values...]}``, its keys said once
  in ``"$shapes"`` (where that says fewer bytes); and
- each story step without its ``id`` and ``chapter`` where its event's id says them (``{chapter}.{n}``);
- its game's view (and the views before and after the change its table screen shows) without the
  parts the game declares its pages never read (``PageAssets.unread``: Jaws' record of Act 1's
  rounds, for one).

``TC.unpack`` in web/static/common.js (and :func:`unpack` here, for tests) puts every part back
where it stood. A Fzzzt! seat's payload in the middle of an auction: 95 KB as the API describes
it, under 16 KB packed (tests/web/test_payload_size.py).

>>> robot = {"msgid": "robot {n}", "params": {"n": 1}, "text": "robot 1"}
>>> p = {"view": {"card": {"id": "R1", "label": robot}},
...      "story": {"before": {"card": {"id": "R1", "label": robot}}}}
>>> packed = pack(p)
>>> packed["view"], packed["story"]["before"], packed["$shared"]
({'$': 0}, {'$': 0}, [{'card': {'id': 'R1', 'label': {'text': 'robot 1'}}}])
>>> unpack(packed)["story"]["before"]["card"]["label"]
{'text': 'robot 1'}

What JSON tells apart stays apart (``True`` is not ``1``), and a small part is said again:

>>> pack({"a": [True, "a long enough line"], "b": [1, "a long enough line"], "c": [1], "d": [1]})
{'a': [True, 'a long enough line'], 'b': [1, 'a long enough line'], 'c': [1], 'd': [1], '$shared': []}

A list of objects with the same keys says each key once:

>>> rows = pack({"crew": [{"role": "brody", "at": "w4"}, {"role": "quint", "at": "b1"}]})
>>> rows["crew"], unpack(rows)["crew"][1]
({'$k': ['role', 'at'], '$v': [['brody', 'w4'], ['quint', 'b1']]}, {'role': 'quint', 'at': 'b1'})
>>> pack({"steps": [{"id": 1, "told": True}, {"id": 2, "private": True}, {"id": 3, "told": False}]})["steps"]
{'$k': ['id', 'told'], '$v': [[1, True], {'id': 2, 'private': True}, [3, False]]}
>>> unpack(pack({"scores": {0: [1, 2, 3, 4, 5, 6, 7, 8, 9], 1: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}))
{'scores': {0: [1, 2, 3, 4, 5, 6, 7, 8, 9], 1: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}

Objects apart that have the same keys say them once, where that is shorter:

>>> moves = pack({"last": {"shark": "grey", "square": "d5", "facing": "N"},
...               "next": {"shark": "white", "square": "g3", "facing": "W"}, "a": {"n": 1}, "b": {"n": 2}})
>>> moves["last"], moves["a"], moves["$shapes"]
({'$o': [0, 'grey', 'd5', 'N']}, {'n': 1}, [['shark', 'square', 'facing']])
>>> unpack(moves)["next"]
{'shark': 'white', 'square': 'g3', 'facing': 'W'}
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import engines

SHARED = "$shared"
REF = "$"
KEYS, VALUES = "$k", "$v"
SHAPES, SHAPED = "$shapes", "$o"
_MARKS = frozenset((SHARED, REF, KEYS, VALUES, SHAPES, SHAPED))
SMALLEST = 24
"""A part of fewer bytes than this is said again where it stands: a reference ({"$":12}) is 8."""


SENTENCE_KEYS = frozenset(("msgid", "params", "text", "plural", "printed"))
"""What a localized sentence holds (engines.text.Text.to_json and its ``text``), and nothing else."""


def _is_sentence(value: dict[str, Any]) -> bool:
    return (isinstance(value.get("msgid"), str) and isinstance(value.get("params", {}), dict)
            and isinstance(value.get("text"), str) and value.keys() <= SENTENCE_KEYS)


def _said(sentence: dict[str, Any]) -> dict[str, Any]:
    """A sentence as its words, and the words a table's own box prints for it (``printed``: a page
    marks the project's own wording where the box's are not known)."""
    printed = sentence.get("printed")
    return {"text": sentence["text"], "printed": printed} if printed else {"text": sentence["text"]}


def words(value: Any) -> Any:
    """``value`` with every sentence (localized: it carries its ``text``) as its words only."""
    if isinstance(value, dict):
        if _is_sentence(value):
            return _said(value)
        return {key: words(sub) for key, sub in value.items()}
    if isinstance(value, list | tuple):
        return [words(sub) for sub in value]
    return value


def _leaf(value: Any) -> tuple[Any, int]:
    """A scalar as a key (True, 1 and 1.0 are equal in Python, not in JSON) and about its bytes."""
    kind = type(value)
    if kind is str:
        return value, len(value) + 3
    return (value if kind is int or value is None else (kind.__name__, value)), 5


class _Parts:
    """Each object and list of a payload numbered by what it says (a sentence by its words): equal
    parts, one number (``part``), and about how many bytes of JSON each says (``size``). Equal
    objects whose keys came in another order are two parts: said twice, never wrongly as one."""

    def __init__(self, root: Any) -> None:
        self.part: dict[int, int] = {}       # id() of an object or list -> its number
        self.size: list[int] = []            # by number
        self.seen: list[int] = []            # by number: how many places it stands in
        self._numbers: dict[tuple[Any, ...], int] = {}
        self._held: list[Any] = []           # what ``part`` names, alive while it is read
        self._number(root)

    def _number(self, node: Any) -> tuple[Any, int]:
        """What ``node`` says, as a key (a scalar, or its part's number), and about its bytes."""
        number = self.part.get(id(node))
        if number is not None:    # the same object again (an event in the story and in "events")
            self.seen[number] += 1
            return ("#", number), self.size[number]
        if isinstance(node, dict):
            if _is_sentence(node):
                printed = node.get("printed")
                shape: tuple[Any, ...] = ("T", node["text"], *(sorted(printed.items()) if printed else ()))
                size = len(node["text"]) + 12 + (len(str(printed)) if printed else 0)
            else:
                items, size = [], 2
                for key, sub in node.items():
                    said, bytes_ = self._number(sub) if isinstance(sub, dict | list | tuple) else _leaf(sub)
                    items.append(key)
                    items.append(said)
                    size += (len(key) if type(key) is str else 8) + 4 + bytes_   # JSON's keys are text
                shape = ("{", *items)
        else:
            subs = [self._number(sub) if isinstance(sub, dict | list | tuple) else _leaf(sub) for sub in node]
            shape = ("[", *(said for said, _ in subs))
            size = 2 + sum(bytes_ + 1 for _, bytes_ in subs)
        number = self._numbers.get(shape)
        if number is None:
            number = self._numbers[shape] = len(self.size)
            self.size.append(size)
            self.seen.append(0)
        self.seen[number] += 1
        self.part[id(node)] = number
        self._held.append(node)
        return ("#", number), size

    def repeated(self, root: Any) -> set[int]:
        """The parts worth a reference that stand in more than one place once each repeated part is
        said once (a part repeated only inside one repeated part is said once with it: not shared)."""
        stands = [0] * len(self.size)

        def visit(node: Any) -> None:
            number = self.part[id(node)]
            if self.seen[number] > 1 and self.size[number] >= SMALLEST:
                stands[number] += 1
                if stands[number] > 1:
                    return   # said already where it stood first
            if isinstance(node, dict):
                if not _is_sentence(node):
                    for sub in node.values():
                        if isinstance(sub, dict | list | tuple):
                            visit(sub)
            else:
                for sub in node:
                    if isinstance(sub, dict | list | tuple):
                        visit(sub)

        visit(root)
        return {number for number, n in enumerate(stands) if n > 1}


def _rows(items: list[Any]) -> Any:
    """A list of objects most of which have the same keys in the same order (the story's steps, a
    crew, the boat tiles) as ``{"$k": keys, "$v": [...]}``: each such object its values in that
    order (a list), each other one (a seat's private line, a reference) an object as it is; each
    key said once. A list of anything but objects, or of objects alike in no two, as it is."""
    if len(items) < 2 or not all(type(item) is dict for item in items):
        return items
    kinds = Counter(tuple(item) for item in items)
    keys, alike = kinds.most_common(1)[0]
    if alike < 2 or len(keys) < 2 or not _MARKS.isdisjoint(keys):   # rows of rows, references
        return items
    return {KEYS: list(keys),
            VALUES: [list(item.values()) if tuple(item) == keys else item for item in items]}


def _without(view: Any, unread: tuple[str, ...]) -> Any:
    """``view`` without the parts at the dotted keys ``unread`` (a copy where it differs)."""
    if not isinstance(view, dict) or not unread:
        return view
    here = {key for key in unread if "." not in key}
    deeper: dict[str, list[str]] = {}
    for key in unread:
        if "." in key:
            head, rest = key.split(".", 1)
            deeper.setdefault(head, []).append(rest)
    return {key: _without(value, tuple(deeper[key])) if key in deeper else value
            for key, value in view.items() if key not in here}


def drawn(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload as its game's pages draw it: its view, and the views its story's shown change
    carries (before and after), without what the game declares its pages never read
    (``PageAssets.unread``); its events (and its story's) without ``visible_to``, which only says
    who was sent them: a page reads what it was sent."""
    try:
        unread = engines.get(str(payload.get("game"))).page.unread
    except engines.UnknownGame:
        unread = ()
    out = {**payload, "view": _without(payload.get("view"), unread)} if unread else dict(payload)
    copies: dict[int, Any] = {}   # an event in "events" and in a story step: one copy for both

    def sent(event: Any) -> Any:
        if not isinstance(event, dict) or "visible_to" not in event:
            return event
        if id(event) not in copies:
            copies[id(event)] = {key: value for key, value in event.items() if key != "visible_to"}
        return copies[id(event)]

    if isinstance(payload.get("events"), list):
        out["events"] = [sent(event) for event in payload["events"]]
    story = payload.get("story")
    if isinstance(story, dict):
        out["story"] = story = {**story}
        if isinstance(story.get("steps"), list):
            told = [step if not isinstance(step, dict) or "event" not in step
                    else {**step, "event": sent(step["event"])} for step in story["steps"]]
            story["steps"] = told
        shown = story.get("shown")
        if unread and isinstance(shown, dict):
            story["shown"] = {
                **shown, **{side: {**shown[side], "view": _without(shown[side].get("view"), unread)}
                            for side in ("before", "after") if isinstance(shown.get(side), dict)}}
    return out


def _placed(step: Any) -> bool:
    """A story step whose ``id`` is its event's and whose ``chapter`` that id's own (``{chapter}.{n}``,
    companion/story.py): the pages' form says neither, :func:`unpack` puts them back."""
    if not isinstance(step, dict) or not isinstance(step.get("event"), dict):
        return False
    event_id = step["event"].get("id")
    return (isinstance(event_id, str) and step.get("id") == event_id
            and step.get("chapter") == event_id.rpartition(".")[0] != "")


def _unplaced(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its story's steps without the ``id`` and ``chapter`` their events say."""
    story = payload.get("story")
    if not isinstance(story, dict) or not isinstance(story.get("steps"), list):
        return payload
    steps = [{key: value for key, value in step.items() if key not in ("id", "chapter")}
             if _placed(step) else step for step in story["steps"]]
    return {**payload, "story": {**story, "steps": steps}}


def _placed_again(payload: dict[str, Any]) -> None:
    """Each story step's ``id`` and ``chapter`` from its event's id, where the pages' form left them out."""
    story = payload.get("story")
    steps = story.get("steps") if isinstance(story, dict) else None
    if not isinstance(steps, list):
        return
    for n, step in enumerate(steps):
        event = step.get("event") if isinstance(step, dict) else None
        if "id" not in step and isinstance(event, dict) and isinstance(event.get("id"), str):
            steps[n] = {"id": event["id"], "chapter": event["id"].rpartition(".")[0], **step}


def pack(payload: dict[str, Any]) -> dict[str, Any]:
    """The pages' form of a localized payload (its sentences carry their ``text``)."""
    payload = _unplaced(drawn(payload))
    parts = _Parts(payload)
    repeated = parts.repeated(payload)
    shared: list[Any] = []
    index: dict[int, int] = {}

    def emit(node: Any, whole: bool = False) -> Any:
        if not isinstance(node, dict | list | tuple):
            return node
        number = parts.part[id(node)]
        if not whole and number in repeated:
            at = index.get(number)
            if at is None:
                at = index[number] = len(shared)
                shared.append(None)
                shared[at] = emit(node, whole=True)
            return {REF: at}
        if isinstance(node, dict):
            if _is_sentence(node):
                return _said(node)
            return {key: emit(sub) for key, sub in node.items()}
        return _rows([emit(sub) for sub in node])

    out: dict[str, Any] = emit(payload, whole=True)
    out[SHARED] = shared   # also empty: it says the payload is in the pages' form
    shapes = _shapes(out)
    if shapes:
        out[SHAPES] = shapes
    return out


def _shapable(node: dict[str, Any]) -> bool:
    """An object that may say its keys once: two keys or more, none of them a mark (a reference, a
    list of rows, a shape: those are said as they are, and what they hold is looked into)."""
    return len(node) >= 2 and _MARKS.isdisjoint(node)


def _shaped(node: Any, seen: Counter[tuple[str, ...]]) -> None:
    """Count the key sets of the objects in ``node`` that could say their keys once."""
    if isinstance(node, list):
        for sub in node:
            _shaped(sub, seen)
    elif isinstance(node, dict):
        if _shapable(node):
            seen[tuple(node)] += 1
        for sub in node.values():
            _shaped(sub, seen)


def _shapes(out: dict[str, Any]) -> list[list[str]]:
    """Every object below ``out`` whose keys other objects share, where saying them once is shorter,
    as ``{"$o": [shape, values...]}`` (in place); the shapes, each its keys in their order."""
    seen: Counter[tuple[str, ...]] = Counter()
    for sub in out.values():
        _shaped(sub, seen)
    number: dict[tuple[str, ...], int] = {}
    for keys, count in seen.most_common():
        said = sum(len(str(key)) + 4 for key in keys)      # "key": and its comma, per object
        cost = 9 + len(str(len(number)))                    # {"$o":[n, ...]} in its place
        if count > 1 and (said - cost) * count > said + 2:  # the shape itself said once
            number[keys] = len(number)
    if not number:
        return []

    def put(node: Any) -> Any:
        if isinstance(node, list):
            return [put(sub) for sub in node]
        if not isinstance(node, dict):
            return node
        shape = number.get(tuple(node)) if _shapable(node) else None
        if shape is None:
            return {key: put(sub) for key, sub in node.items()}
        return {SHAPED: [shape, *(put(sub) for sub in node.values())]}

    for key in list(out):
        out[key] = put(out[key])
    return [list(keys) for keys in number]


def unpack(packed: dict[str, Any]) -> dict[str, Any]:
    """The payload :func:`pack` made, each part back where it stood (sentences stay words only)."""
    shared = packed.get(SHARED) or []
    shapes = packed.get(SHAPES) or []

    def put(node: Any) -> Any:
        if isinstance(node, dict):
            if len(node) == 1 and isinstance(node.get(REF), int):
                return put(shared[node[REF]])
            if len(node) == 1 and isinstance(node.get(SHAPED), list):
                shape, *values = node[SHAPED]
                return {key: put(sub) for key, sub in zip(shapes[shape], values, strict=True)}
            if len(node) == 2 and isinstance(node.get(KEYS), list) and isinstance(node.get(VALUES), list):
                return [{key: put(sub) for key, sub in zip(node[KEYS], row, strict=True)}
                        if isinstance(row, list) else put(row) for row in node[VALUES]]
            return {key: put(sub) for key, sub in node.items() if key not in (SHARED, SHAPES)}
        if isinstance(node, list):
            return [put(sub) for sub in node]
        return node

    out = put(packed)
    assert isinstance(out, dict)
    _placed_again(out)
    return out
