/* The table screen's part in becoming the host (docs/hardware.md): while phones ask, their codes,
   and while the host picks one of several, the code the companion shows now, marked in words and
   a shape (never colour alone). Polls GET /api/host/pair/codes; nothing shows while nobody asks. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const box = el("aside", { id: "pair-codes", class: "card pair-codes", "aria-live": "polite", hidden: true });
  document.body.append(box);

  function buttonName(b) { return b && typeof b === "object" ? TC.say(b) : String(b || ""); }

  function show(d) {
    const codes = d.codes || [];
    box.hidden = codes.length === 0;
    TC.clear(box);
    if (!codes.length) return;
    const button = buttonName(d.button);
    box.append(el("h2", { text: codes.length === 1 ? T("A phone asks to become the host") :
      T("{count} phones ask to become the host", { count: codes.length }) }));
    const list = el("ul", { class: "pair-code-list" });
    codes.forEach(function (code) {
      const shown = code === d.shown;
      list.append(el("li", { "data-code": code, "data-shown": shown ? "true" : "false",
        text: shown ? "▶ " + code + " ◀ " + T("shown on the companion") : code }));
    });
    box.append(list);
    box.append(el("p", { text: d.choosing ?
      T("Press the {button} for the next code; hold it while your phone's code is shown.", { button: button }) :
      codes.length === 1 ? T("Hold the {button} for {seconds} seconds if this is your phone's code.", { button: button, seconds: Math.round(d.hold_s) }) :
      T("Hold the {button}, then pick the code your phone shows.", { button: button }) }));
  }

  async function poll() {
    const r = await TC.api("GET", "/api/host/pair/codes");
    if (r.ok) show(r.data);
  }
  poll();
  setInterval(poll, 2000);
})();
