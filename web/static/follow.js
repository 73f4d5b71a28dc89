/* /table/current: one bookmark for the evening. Whatever the evening starts next (the next game with
   the same seats, a table from the host form) or ends, the page comes again and the server shows the
   newest open table; the page keeps following for the whole evening (table.js reloads it too when its
   table points to the next game). */
"use strict";
(function () {
  const TC = window.TC;
  if (!TC.page.follow) return;
  const shown = TC.page.table || null;
  let going = false;
  setInterval(async function () {
    if (going) return;
    const r = await TC.api("GET", "/api/tables");
    if (!r.ok) return;
    const open = (r.data.tables || []).filter(function (t) { return !t.ended; });
    const newest = open.length ? open[open.length - 1].table : null;
    if (newest !== shown) { going = true; window.location.reload(); }
  }, 3000);
})();
