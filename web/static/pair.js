/* The host page without the key: ask the companion, then wait for a long press of its button. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, $ = TC.$;
  let timer = null;

  function show(r) {
    $("pair-state").textContent = r.ok ? TC.say(r.data.say) : (r.data.error || T("Refused"));
    const state = r.ok ? r.data.state : "";
    if (state === "paired") { clearInterval(timer); window.location.replace("/host"); return; }
    const over = !r.ok || state !== "waiting";
    $("pair-again").hidden = !over;
    if (over) clearInterval(timer);
  }

  async function ask() {
    clearInterval(timer);
    const r = await TC.api("POST", "/api/host/pair");
    show(r);
    if (r.ok) timer = setInterval(async function () { show(await TC.api("GET", "/api/host/pair")); }, 1000);
  }

  $("pair-again").addEventListener("click", ask);
  ask();
})();
