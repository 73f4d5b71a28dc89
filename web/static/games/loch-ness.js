/* Loch Ness: the phone's and the table screen's renderers (being built: until then the generic
   view and buttons draw this game). Registered as GameUI["loch-ness"]. */
"use strict";
(function () {
  window.GameUI = window.GameUI || {};
  window.GameUI["loch-ness"] = {
    accepts: function () { return false; },
    label: function () { return window.TC.T("Loch Ness"); },
  };
})();
