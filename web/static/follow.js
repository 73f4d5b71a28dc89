/* /table/current: one bookmark for the evening. When the host starts a newer table (or ends the one
   shown), the page loads again and the server shows the newest open table. */
"use strict";
(function () {
  const TC = window.TC;
  if (!TC.page.follow) return;
  const shown = TC.page.table || null;
  setInterval(async function () {
    const r = await TC.api("GET", "/api/tables");
    if (!r.ok) return;
    const open = (r.data.tables || []).filter(function (t) { return !t.ended; });
    const newest = open.length ? open[open.length - 1].table : null;
    if (newest !== shown) window.location.reload();
  }, 4000);
})();
