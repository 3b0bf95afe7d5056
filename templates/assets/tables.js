// Sorting and filtering for the site's tables (class "sortable"). Served from the site itself
// (Content-Security-Policy: script-src 'self'); without it the tables stay as rendered, most
// translated first. Sort buttons are real buttons and the filter a real input, so both work
// from the keyboard; a live region says what changed.
"use strict";

(function () {
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

  function value(row, index) {
    var cell = cellAt(row, index);
    if (!cell) return "";
    var key = cell.getAttribute("data-sort");
    return key !== null ? key : cell.textContent.trim();
  }

  function numeric(rows, index) {
    return rows.every(function (row) {
      var v = value(row, index);
      return v === "" || !isNaN(Number(v.replace(/[,%]/g, "")));
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
        button.setAttribute("aria-label", "Sort by " + th.textContent.trim());
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
      var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
      rows.sort(function (a, b) {
        var x = value(a, index);
        var y = value(b, index);
        var d = isNumber ? Number(x.replace(/[,%]/g, "") || -Infinity) - Number(y.replace(/[,%]/g, "") || -Infinity) : collator.compare(x, y);
        return sign * d || collator.compare(value(a, 0), value(b, 0));
      });
      rows.forEach(function (row) { body.appendChild(row); });
      headers.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", order);
      status.textContent = "Sorted by " + th.textContent.trim() + ", " + order + ".";
    }

    var total = body.rows.length;
    if (total < 2) return;
    var label = document.createElement("label");
    label.className = "filter";
    var id = "filter-" + (table.id || number);
    label.setAttribute("for", id);
    label.textContent = "Filter " + headers[0].textContent.trim().toLowerCase() + "s";
    var input = document.createElement("input");
    input.type = "search";
    input.id = id;
    input.setAttribute("autocomplete", "off");
    if (table.id) input.setAttribute("aria-controls", table.id);
    label.appendChild(input);
    var box = table.parentNode.classList.contains("scroll") ? table.parentNode : table;
    box.parentNode.insertBefore(label, box);
    input.addEventListener("input", function () {
      var query = input.value.trim().toLowerCase();
      var shown = 0;
      Array.prototype.forEach.call(body.rows, function (row) {
        var text = (row.cells[0] ? row.cells[0].textContent : "").toLowerCase();
        row.hidden = query !== "" && text.indexOf(query) === -1;
        if (!row.hidden) shown += 1;
      });
      status.textContent = shown + " of " + total + " rows shown.";
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), setup);
})();
