/* The review editor's keyboard shortcuts: each button with data-shortcut="ctrl+enter"
   (or "ctrl+shift+enter", "alt+n", "alt+1"…) is pressed by that key combination.
   Cmd counts as Ctrl on macOS. After htmx swaps in the next clarification, the French box
   gets the focus. */
(function () {
  "use strict";

  function combo(event) {
    var parts = [];
    if (event.ctrlKey || event.metaKey) parts.push("ctrl");
    if (event.altKey) parts.push("alt");
    if (event.shiftKey) parts.push("shift");
    var key = event.key === "Enter" ? "enter" : (event.code || "").replace(/^Key|^Digit/, "").toLowerCase();
    parts.push(key);
    return parts.join("+");
  }

  document.addEventListener("keydown", function (event) {
    var editor = document.getElementById("review-editor");
    if (!editor || event.repeat) return;
    var button = editor.querySelector('[data-shortcut="' + combo(event) + '"]');
    if (!button) return;
    event.preventDefault();
    // Content htmx has just swapped in may not be wired yet: wire it (idempotent) so that the
    // save goes through htmx rather than as a full page load.
    if (window.htmx) window.htmx.process(editor);
    button.click();
  });

  function focusFrench() {
    var box = document.querySelector("#review-editor textarea[name=text_fr]");
    if (box) box.focus();
  }

  document.addEventListener("DOMContentLoaded", focusFrench);
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "review-editor") {
      focusFrench();
    }
  });
  document.addEventListener("htmx:afterSettle", focusFrench);
})();
