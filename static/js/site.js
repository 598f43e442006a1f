// Site-wide behaviour that needs JavaScript; every page works without it.
//
// The language links point at the page the visitor is on now. The server writes them for the
// address the page was loaded with; after htmx changes the address (a live search, a workbench
// set-up) or Back/Forward restores another one, they are rewritten from the current address,
// query string (?q=…, ?s=…) and fragment included.
(function () {
  "use strict";

  function currentPageIn(language) {
    var path = window.location.pathname;
    var match = path.match(/^\/([a-z]{2}(?:-[a-z]+)?)(\/.*)?$/i);
    var rest = match ? (match[2] || "/") : path;
    return "/" + language + rest + window.location.search + window.location.hash;
  }

  function updateLanguageLinks() {
    var links = document.querySelectorAll(".language-switch a[hreflang]");
    for (var i = 0; i < links.length; i++) {
      links[i].setAttribute("href", currentPageIn(links[i].getAttribute("hreflang")));
    }
  }

  ["htmx:pushedIntoHistory", "htmx:replacedInHistory", "htmx:historyRestore"].forEach(
    function (name) { document.addEventListener(name, updateLanguageLinks); }
  );
  window.addEventListener("popstate", updateLanguageLinks);
  window.addEventListener("pageshow", updateLanguageLinks);
  document.addEventListener("DOMContentLoaded", updateLanguageLinks);
})();
