/* The table screen's part in becoming the host (docs/hardware.md): while phones ask, how many, what
   the host does, and while the host picks, the place of the code the companion shows. Never a code:
   this screen is a page anyone on the Wi-Fi can load, so the code shown is on the companion's own
   display and on the phone whose code it is. Polls GET /api/host/pair/board; nothing shows while
   nobody asks. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const box = el("aside", { id: "pair-codes", class: "card pair-codes", "aria-live": "polite", hidden: true });
  document.body.append(box);

  function buttonName(b) { return b && typeof b === "object" ? TC.say(b) : String(b || ""); }

  function show(d) {
    box.hidden = !d.asking;
    TC.clear(box);
    if (!d.asking) return;
    const button = buttonName(d.button);
    box.append(el("h2", { text: d.asking === 1 ? T("A phone asks to become the host") :
      T("{count} phones ask to become the host", { count: d.asking }) }));
    if (d.choosing && d.place) {
      box.append(el("p", { class: "big-text", "data-place": String(d.place),
        text: T("The companion shows code {place} of {count}.", { place: d.place, count: d.asking }) }));
    }
    box.append(el("p", { text: d.choosing ?
      T("Press the {button} for the next code; hold it while your phone's code is shown.", { button: button }) :
      T("Hold the {button}, then pick the code your phone shows.", { button: button }) }));
  }

  async function poll() {
    const r = await TC.api("GET", "/api/host/pair/board");
    if (r.ok) show(r.data);
  }
  poll();
  setInterval(poll, 2000);
})();
