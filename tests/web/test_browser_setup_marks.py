"""Setting up (issue 26): the Jaws and Loch Ness table renderers outline and label what a setup step
names, at 1280x720 in German: each mark the engine's steps name is drawn (class ``setup-mark``) with
its word, on the start view; without ``step.setup`` nothing is marked.

The renderer is called as the table screen calls it while setting up (a step whose ``setup`` is
``{"key", "marks"}``), on the table's own payload, so this needs none of the setting-up stage."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors

RENDER = """async ([game, table, setup]) => {
  const r = await fetch('/api/tables/' + table + '?lang=de');
  const payload = await r.json();
  const box = document.createElement('div');
  box.id = 'setup-probe';
  box.className = 'setup-probe';
  // the table screen's own page stays (hidden): its stream may still draw into it meanwhile
  document.getElementById('table-screen').hidden = true;
  document.getElementById('setup-probe')?.remove();
  document.body.append(box);
  const step = { setup: setup, events: [], index: 0, count: 0, side: null };
  window.GameUI[game].table.render(box, payload, step);
  // the marks inside a drawing come after its own measuring (TC.measure: after the page's first
  // frame, which may not have come yet); a measure asked for now runs after them
  await new Promise((done) => TC.measure(done));
  await new Promise((done) => requestAnimationFrame(() => done()));
  return Array.from(box.querySelectorAll('[data-mark]'))
    .map((n) => [n.getAttribute('data-mark'), n.textContent]);
}"""


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("jaws", 3, {}), ("jaws", 2, {"acts": "2"}), ("loch-ness", 4, {"advanced": True}), ("loch-ness", 3, {}),
])
def test_each_step_marks_what_it_names(server: str, browser: Any, service: Any, game_id: str, players: int,
                                       options: dict[str, Any]) -> None:
    game = engines.get(game_id)
    table = service.create_table(game_id, players, options, seed=3)["table"]
    service.set_auto(table, False)   # the start's steps stay where they are while the renderer is probed
    steps = game.setup_steps(service.state_of(table))
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="de-DE")
    tv = shared.watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.wait_for_function(f"() => window.GameUI && window.GameUI['{game_id}']")
    for step in steps:
        found = tv.evaluate(RENDER, [game_id, table, {"key": step.key, "marks": list(step.marks)}])
        for mark in step.marks:
            drawn = [text for name, text in found if name == mark]
            assert drawn, (step.key, mark)
            assert any(text.strip() for text in drawn), (step.key, mark)  # a word, not colour alone
        assert {name for name, _ in found} <= set(step.marks)
        shared.shot(tv, f"setup-{game_id}-{players}-{step.key}")
    assert tv.evaluate(RENDER, [game_id, table, None]) == []
    ctx.close()
