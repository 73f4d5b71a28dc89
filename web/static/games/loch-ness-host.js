/* Loch Ness on the host page: the map editor (being built). */
"use strict";
