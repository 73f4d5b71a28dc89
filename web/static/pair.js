/* The host page without the key: ask the companion and wait for its button. The host's hold shows
   one asking phone's code at a time; this page says whether the code shown is its own (and shows
   it), so the host holds again only while it does (docs/hardware.md). A page that closes
   withdraws its request. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, $ = TC.$;
  let timer = null, asking = false;

  function show(r) {
    $("pair-state").textContent = r.ok ? TC.say(r.data.say) : (r.data.error || T("Refused"));
    const state = r.ok ? r.data.state : "";
    const code = r.ok ? r.data.code : null;
    $("pair-code").hidden = !code;
    $("pair-code-value").textContent = code || "";
    $("pair-code").dataset.shown = r.ok && r.data.shown ? "true" : "false";
    if (state === "paired") { clearInterval(timer); asking = false; window.location.replace("/host"); return; }
    const over = !r.ok || (state !== "waiting" && state !== "choosing");
    $("pair-again").hidden = !over;
    if (over) { clearInterval(timer); asking = false; }
  }

  async function ask() {
    clearInterval(timer);
    const r = await TC.api("POST", "/api/host/pair");
    show(r);
    asking = r.ok;
    if (r.ok) timer = setInterval(async function () { show(await TC.api("GET", "/api/host/pair")); }, 1000);
  }

  $("pair-again").addEventListener("click", ask);
  window.addEventListener("pagehide", function () {   // closed or left: this phone asks no more
    if (asking) fetch("/api/host/pair", { method: "DELETE", keepalive: true, credentials: "same-origin" });
  });
  ask();
})();
