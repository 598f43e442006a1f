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

  // A language link followed while the workbench has a change not yet answered (a number
  // typed within the answer's delay, an answer on its way) waits for that answer, whose address
  // holds the change, and then goes to the page in the other language.
  var unanswered = false;
  var inFlight = 0;
  var leaving = null;

  function fromWorkbench(event) {
    var element = event.detail && event.detail.elt;
    return !!(element && element.id === "workbench-form");
  }

  function noteEdit(event) {
    if (event.target && event.target.form && event.target.form.id === "workbench-form") {
      unanswered = true;
    }
  }

  function leaveWhenAnswered() {
    if (leaving && inFlight === 0 && !unanswered) {
      var go = leaving;
      leaving = null;
      window.location.assign(currentPageIn(go));
    }
  }

  document.addEventListener("input", noteEdit, true);
  document.addEventListener("change", noteEdit, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (fromWorkbench(event)) {
      inFlight += 1;
      unanswered = false;
    }
  });
  ["htmx:afterRequest", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (fromWorkbench(event)) {
        inFlight = Math.max(0, inFlight - 1);
        window.setTimeout(leaveWhenAnswered, 0);
      }
    });
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".language-switch a[hreflang]");
    var form = document.getElementById("workbench-form");
    if (!link || !form || !window.htmx || (!unanswered && inFlight === 0)) {
      return;
    }
    event.preventDefault();
    leaving = link.getAttribute("hreflang");
    if (unanswered && inFlight === 0) {
      window.htmx.trigger(form, "submit");
    }
    // Go anyway if no answer comes.
    window.setTimeout(function () {
      unanswered = false;
      inFlight = 0;
      leaveWhenAnswered();
    }, 3000);
  });

  ["htmx:pushedIntoHistory", "htmx:replacedInHistory", "htmx:historyRestore"].forEach(
    function (name) { document.addEventListener(name, updateLanguageLinks); }
  );
  window.addEventListener("popstate", updateLanguageLinks);
  window.addEventListener("pageshow", updateLanguageLinks);
  document.addEventListener("DOMContentLoaded", updateLanguageLinks);

  // Keyboard focus survives htmx swaps. htmx itself puts focus back on a replaced element that
  // has an id; this does the same for the other controls (buttons by name and value, links by
  // address), so Tab goes on from where the visitor was instead of from the top of the page.
  // After a button that adds a row ("Add a permanent"), focus goes to the new row's first field;
  // after a "Remove", to the rows' group (the next row's Remove button now has the removed one's
  // name and value: a second key press must not remove it too); after a button that the swap
  // removes, to the message marked data-focus-here, if any.
  var lastSubmitter = null;
  var pending = null;

  function describe(element) {
    if (!element || element === document.body || element === document.documentElement) {
      return null;
    }
    var description = {
      tag: element.tagName,
      id: element.id || "",
      name: element.getAttribute("name"),
      value: element.getAttribute("value"),
      href: element.getAttribute("href"),
      text: (element.textContent || "").trim(),
      group: element.closest("fieldset[id]") ? element.closest("fieldset[id]").id : ""
    };
    try {
      if (typeof element.selectionStart === "number") {
        description.start = element.selectionStart;
        description.end = element.selectionEnd;
      }
    } catch (error) { /* inputs without a text selection */ }
    return description;
  }

  function find(description) {
    if (description.id && document.getElementById(description.id)) {
      return document.getElementById(description.id);
    }
    var candidates = document.getElementsByTagName(description.tag);
    for (var i = 0; i < candidates.length; i++) {
      var candidate = candidates[i];
      if (description.name && candidate.getAttribute("name") === description.name &&
          candidate.getAttribute("value") === description.value) {
        return candidate;
      }
      if (description.href && candidate.getAttribute("href") === description.href &&
          (candidate.textContent || "").trim() === description.text) {
        return candidate;
      }
    }
    return null;
  }

  function firstFieldOfNewRow(submitter) {
    if (!submitter || !/^add-/.test(submitter.value || "") || !submitter.group) {
      return null;
    }
    var group = document.getElementById(submitter.group);
    var rows = group ? group.querySelectorAll(":scope > fieldset") : [];
    var row = rows.length ? rows[rows.length - 1] : null;
    return row ? row.querySelector("input:not([type=hidden]), select, textarea") : null;
  }

  function groupOfRemovedRow(submitter) {
    if (!submitter || !/^remove-/.test(submitter.value || "") || !submitter.group) {
      return null;
    }
    var group = document.getElementById(submitter.group);
    if (group && !group.hasAttribute("tabindex")) {
      group.setAttribute("tabindex", "-1");
    }
    return group;
  }

  function restoreFocus() {
    var saved = pending;
    pending = null;
    if (!saved) {
      return;
    }
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.contains(active);
    var target = firstFieldOfNewRow(saved.submitter) || groupOfRemovedRow(saved.submitter);
    if (!target && !lost) {
      return;
    }
    if (!target && saved.focus) {
      target = find(saved.focus);
    }
    if (!target && saved.submitter) {
      target = find(saved.submitter);
      if (!target && saved.submitter.group) {
        var group = document.getElementById(saved.submitter.group);
        target = group ? group.querySelector("button, input:not([type=hidden])") : null;
      }
    }
    if (!target) {
      // The control is gone (a button that did its work): the message saying what it did.
      target = document.querySelector("[data-focus-here]");
    }
    if (!target) {
      return;
    }
    target.focus();
    if (saved.focus && target.id === saved.focus.id && typeof saved.focus.start === "number") {
      try { target.setSelectionRange(saved.focus.start, saved.focus.end); } catch (error) { /* */ }
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[type=submit]");
    if (button) {
      lastSubmitter = button;
    }
  }, true);
  document.addEventListener("submit", function (event) {
    if (event.submitter) {
      lastSubmitter = event.submitter;
    }
  }, true);
  document.addEventListener("htmx:beforeSwap", function (event) {
    // Only a form's own answer is the answer to the button pressed: a field's suggestions
    // (the card names' datalist) arriving just before or after it must neither take the
    // "Add a permanent" press nor replace the focus the form's answer will restore.
    var config = event.detail && event.detail.requestConfig;
    var fromForm = !config || !config.elt || config.elt.tagName === "FORM";
    if (!fromForm && pending) {
      return;
    }
    pending = {
      focus: describe(document.activeElement),
      submitter: fromForm ? describe(lastSubmitter) : null
    };
    if (fromForm) {
      lastSubmitter = null;
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    window.setTimeout(restoreFocus, 0);
  });

  // The form's sections ("Earlier this turn", a row's "Chosen as it entered"…) that the visitor
  // opened stay open when the form is drawn again (a row added, an error to show): the server
  // opens only those with a value or an error. A section is known by its row's id, or its
  // group's, and its own id or class.
  var openSections = null;

  function sectionKey(details) {
    var fieldset = details.closest("fieldset");
    var ident = fieldset ? fieldset.querySelector(":scope > input[type=hidden][name$='-id']") : null;
    var place = ident ? ident.name.replace(/-\d+-id$/, "") + ":" + ident.value
      : (fieldset && fieldset.id) || "";
    return place + "|" + (details.id || details.className);
  }

  function formSections() {
    var form = document.getElementById("workbench-form");
    return form ? form.querySelectorAll("details") : [];
  }

  document.addEventListener("htmx:beforeSwap", function () {
    var sections = formSections();
    openSections = {};
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].open) {
        openSections[sectionKey(sections[i])] = true;
      }
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!openSections) {
      return;
    }
    var sections = formSections();
    for (var i = 0; i < sections.length; i++) {
      if (!sections[i].open && openSections[sectionKey(sections[i])]) {
        sections[i].open = true;
      }
    }
    openSections = null;
  });
})();
