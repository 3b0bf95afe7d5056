// Sorting and filtering for the site's tables (class "sortable"). Served from the site itself
// (Content-Security-Policy: script-src 'self'); without it the tables stay as rendered, most
// translated first. Sort buttons are real buttons and the filter a real input, so both work
// from the keyboard; a live region says what changed.
"use strict";

(function () {
  // The words, in the page's locale: each locale's copy of this file has its own line here
  // (render/pages/site-assets.ts writes it from the catalog's "tables" messages).
  var MESSAGES = {"sortBy":"Sort by {{column}}","sorted":"Sorted by {{column}}, {{order}}.","ascending":"ascending","descending":"descending","filterLanguages":"Filter languages","filterComponents":"Filter components","shown":{"one":"{{shown}} of {{count}} row shown.","other":"{{shown}} of {{count}} rows shown."}};
  var lang = document.documentElement.lang || "en";
  var plurals = new Intl.PluralRules(lang);
  var numbers = new Intl.NumberFormat(lang);

  // A message with its {{placeholders}} filled in; numbers as the locale writes them.
  function say(key, values) {
    var text = MESSAGES[key];
    if (typeof text === "object") text = text[plurals.select(values.count)] || text.other;
    return text.replace(/\{\{([^{}]*)\}\}/g, function (_, name) {
      var value = values[name.trim()];
      return typeof value === "number" ? numbers.format(value) : value;
    });
  }

  // Numbers as the page shows them, read back: the locale's digits, grouping and decimal signs
  // ("1.234,5 %" in German), with percent signs, spaces and direction marks left out.
  var digits = {};
  for (var d = 0; d <= 9; d++) digits[numbers.format(d)] = String(d);
  var group = "";
  var decimal = ".";
  numbers.formatToParts(12345.6).forEach(function (part) {
    if (part.type === "group") group = part.value;
    if (part.type === "decimal") decimal = part.value;
  });
  var ignored = /[\s%\u066a\u200e\u200f\u061c+]/;
  function toNumber(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (digits[c] !== undefined) out += digits[c];
      else if (c >= "0" && c <= "9") out += c;
      else if (c === decimal) out += ".";
      else if (c === group) continue;
      else if (c === "-" || c === "\u2212") out += "-";
      else if (ignored.test(c)) continue;
      else return NaN;
    }
    return out === "" || out === "-" ? NaN : Number(out);
  }

  var status = document.createElement("p");
  status.className = "vh";
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);

  // The cell under column `index`, counting the columns a colspan covers.
  function cellAt(row, index) {
    var column = 0;
    for (var i = 0; i < row.cells.length; i++) {
      column += row.cells[i].colSpan;
      if (column > index) return row.cells[i];
    }
    return undefined;
  }

  // What a cell sorts by: its data-sort, the time it holds (the words of a date do not sort), its text.
  function value(row, index) {
    var cell = cellAt(row, index);
    if (!cell) return "";
    var key = cell.getAttribute("data-sort");
    if (key !== null) return key;
    var time = cell.querySelector("time[datetime]");
    return time ? time.getAttribute("datetime") : cell.textContent.trim();
  }

  function numeric(rows, index) {
    return rows.every(function (row) {
      var v = value(row, index);
      return v === "" || !isNaN(toNumber(v));
    });
  }

  function setup(table, number) {
    var body = table.tBodies[0];
    var head = table.tHead && table.tHead.rows[0];
    if (!body || !head) return;
    var headers = Array.prototype.slice.call(head.cells);
    headers.forEach(function (th, index) {
      if (th.hasAttribute("data-nosort")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      if (th.querySelector("a")) {
        // A header that is a link keeps it: the sort button goes beside it (no button inside a link or a link inside a button).
        button.setAttribute("aria-label", say("sortBy", { column: th.textContent.trim() }));
        button.textContent = "\u21C5";
      } else {
        while (th.firstChild) button.appendChild(th.firstChild);
      }
      th.appendChild(button);
      button.addEventListener("click", function () { sort(index); });
    });

    function sort(index) {
      var th = headers[index];
      var rows = Array.prototype.slice.call(body.rows);
      var isNumber = numeric(rows, index);
      var current = th.getAttribute("aria-sort");
      var order = current === "descending" ? "ascending" : current === "ascending" ? "descending" : isNumber ? "descending" : "ascending";
      var sign = order === "ascending" ? 1 : -1;
      var collator = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });
      rows.sort(function (a, b) {
        var x = value(a, index);
        var y = value(b, index);
        var d = isNumber ? (x === "" ? -Infinity : toNumber(x)) - (y === "" ? -Infinity : toNumber(y)) : collator.compare(x, y);
        return sign * d || collator.compare(value(a, 0), value(b, 0));
      });
      rows.forEach(function (row) { body.appendChild(row); });
      headers.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", order);
      status.textContent = say("sorted", { column: th.textContent.trim(), order: say(order, {}) });
    }

    // A filter box only where it helps: over more than 10 rows.
    var total = body.rows.length;
    if (total <= 10) return;
    var label = document.createElement("label");
    label.className = "filter";
    var id = "filter-" + (table.id || number);
    label.setAttribute("for", id);
    // The tables of languages (a component's, a project's matrix, the index) and of components.
    label.textContent = say(/^(translations|matrix|languages)$/.test(table.id) ? "filterLanguages" : "filterComponents", {});
    var input = document.createElement("input");
    input.type = "search";
    input.id = id;
    input.setAttribute("autocomplete", "off");
    if (table.id) input.setAttribute("aria-controls", table.id);
    label.appendChild(input);
    var box = table.parentNode.classList.contains("scroll") ? table.parentNode : table;
    box.parentNode.insertBefore(label, box);
    input.addEventListener("input", function () {
      var query = input.value.trim().toLocaleLowerCase(lang);
      var shown = 0;
      Array.prototype.forEach.call(body.rows, function (row) {
        var text = (row.cells[0] ? row.cells[0].textContent : "").toLocaleLowerCase(lang);
        row.hidden = query !== "" && text.indexOf(query) === -1;
        if (!row.hidden) shown += 1;
      });
      status.textContent = say("shown", { shown: shown, count: total });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), setup);
})();
