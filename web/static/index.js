/* The join page: every open table, one big button each. */
"use strict";
(async function () {
  const TC = window.TC, el = TC.el;
  const r = await TC.api("GET", "/api/tables");
  const list = document.getElementById("tables");
  const tables = (r.ok && r.data.tables) || [];
  document.getElementById("no-tables").hidden = tables.length > 0;
  tables.filter(function (t) { return !t.ended; }).forEach(function (t) {
    list.append(el("li", null, el("a", { class: "button big", href: "/play/" + encodeURIComponent(t.table),
      text: (t.title || t.game) + " · " + t.table })));
  });
})();
