// Live card search: while a search is being typed, each result replaces the current history
// entry; a submit, or typing again after a pause, pushes a new one. The server answers with
// HX-Replace-Url or HX-Push-Url according to the X-Search-History header set here.
(function () {
  "use strict";
  var PAUSE_MS = 1500;
  var lastKeystrokeRequest = 0;
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-live-search]")) {
      return;
    }
    var trigger = event.detail.triggeringEvent;
    var typing = trigger && trigger.type !== "submit";
    var now = Date.now();
    var paused = now - lastKeystrokeRequest > PAUSE_MS;
    lastKeystrokeRequest = typing ? now : 0;
    event.detail.headers["X-Search-History"] = typing && !paused ? "replace" : "push";
  });
})();
