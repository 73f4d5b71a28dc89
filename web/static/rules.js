/* The rules page (web/rules.py): a search over the rules the page already holds. Each rule's words
   are made plain once (lower case, without accents: "weiße" finds "weisse" and "Weiße"), and a rule
   stays shown when it holds every word typed; nothing leaves the phone. The time of the last search
   is kept for bench/rules_search.py (window.__rulesSearchMs). */
(function () {
  "use strict";
  const T = window.TC.T;
  const plain = function (text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
  };
  document.addEventListener("DOMContentLoaded", function () {
    const input = document.getElementById("rules-search");
    const rules = Array.prototype.slice.call(document.querySelectorAll("#rules-list > li.rule"));
    const words = rules.map(function (li) { return plain(li.textContent); });
    const count = document.getElementById("rules-count"), none = document.getElementById("rules-none");
    const search = function () {
      const started = performance.now();
      const asked = plain(input.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      rules.forEach(function (li, i) {
        const hit = asked.every(function (w) { return words[i].indexOf(w) >= 0; });
        li.hidden = !hit;
        if (hit) shown += 1;
      });
      count.textContent = T("{shown} of {total} rules", { shown: shown, total: rules.length });
      none.hidden = shown > 0;
      window.__rulesSearchMs = performance.now() - started;
    };
    input.addEventListener("input", search);
    search();   // at once: a search the browser kept (back to the page), and the first key's search warm
  });
})();
