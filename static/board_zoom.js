// The board at a thumb's scale (templates/partials/board.html, static/board.css).
//
// Every tap target on the board gets a hit square of its own (rect.hit-area, first in the
// target's group) HIT CSS px wide, never overlapping another target's. On a phone with
// targets, the board is shown at the scale where those squares fit between the targets (or
// bigger, for a board wider than the base game's), inside its own box that pans, and opens
// on the targets: all of them where they fit, else the first one with as many others as fit.
// With nothing to tap the board is whole, except a wider board (Explorers & Pirates' sea),
// which opens on the viewer's own pieces. The zoom button ([data-board-zoom]) switches
// between that view and the whole board; new targets bring the automatic view back.
// #board tells what it shows: data-view "near" or "whole" (body class board-zoomed: near).
// The numbers on the hexes grow inside their tokens where they would be drawn smaller than
// MIN_NUMBER CSS px.
(function () {
  "use strict";
  var HIT = 46;          // CSS px: a hit square's side (44 at least, with room for rounding)
  var MIN_NUMBER = 15;   // CSS px: the height a hex's number (its line box) is grown to, from under 14.5
  var SVG_NS = "http://www.w3.org/2000/svg";
  var chosen = null;     // the view the viewer chose with the zoom button (null: automatic)
  var shownKey = null;   // the targets the board was last opened on
  var shownWidth = 0;    // the window's width then

  function board() { return document.getElementById("board"); }

  function viewBox(b) {
    var svg = b.querySelector("#board_picture svg.board-svg");
    return svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal : null;
  }

  // The targets shown now (a mode may hide some kinds), each with its centre in the board's units.
  function shownTargets(b) {
    var out = [];
    b.querySelectorAll("#board_pieces .target").forEach(function (t) {
      if (!t.getClientRects().length) return;  // display:none
      var spot = t.querySelector("circle.hit") || t.querySelector("circle:not(.entry-dot)") || t.querySelector("circle");
      var x, y, natural;
      if (spot) {
        x = spot.cx.baseVal.value; y = spot.cy.baseVal.value; natural = 2 * spot.r.baseVal.value;
      } else {
        var box = t.getBBox();
        x = box.x + box.width / 2; y = box.y + box.height / 2; natural = Math.max(box.width, box.height);
      }
      out.push({el: t, x: x, y: y, natural: natural});
    });
    return out;
  }

  // The least distance between two targets, measured as squares meet: the larger of the two
  // axes' (Infinity for one target).
  function spacing(targets) {
    var least = Infinity;
    for (var i = 0; i < targets.length; i++) {
      for (var j = i + 1; j < targets.length; j++) {
        var d = Math.max(Math.abs(targets[i].x - targets[j].x), Math.abs(targets[i].y - targets[j].y));
        if (d > 0.5 && d < least) least = d;  // two targets on one spot (two kinds): either takes it
      }
    }
    return least;
  }

  function round(value) { return Math.round(value * 100) / 100; }

  // Each target's hit square, `side` board units wide (at least its drawn spot, if that fits).
  function hitAreas(b, targets, side, room) {
    targets.forEach(function (t) {
      var rect = t.el.querySelector(":scope > rect.hit-area");
      if (!rect) {
        rect = document.createElementNS(SVG_NS, "rect");
        rect.setAttribute("class", "hit-area");
        var title = t.el.querySelector(":scope > title");
        t.el.insertBefore(rect, title ? title.nextSibling : t.el.firstChild);
      }
      var s = Math.max(side, Math.min(t.natural, room));
      rect.setAttribute("x", round(t.x - s / 2));
      rect.setAttribute("y", round(t.y - s / 2));
      rect.setAttribute("width", round(s));
      rect.setAttribute("height", round(s));
    });
    b.classList.toggle("hit-areas", targets.length > 0);
  }

  // The viewer's own pieces (the phone's colour, body class color-<name>), outside the targets.
  function ownPieces(b) {
    var colour = /(?:^|\s)color-([a-z]+)(?:\s|$)/.exec(document.body.className);
    if (!colour) return [];
    return Array.prototype.filter.call(b.querySelectorAll(".board-svg ." + colour[1]), function (piece) {
      return !piece.closest(".target") && piece.getClientRects().length;
    });
  }

  // Where a point of the board (its units) lies in the box's scrolled content, in CSS px.
  function inContent(b, svg, vb, scale, x, y) {
    var outer = b.getBoundingClientRect(), drawn = svg.getBoundingClientRect();
    return {x: drawn.left - outer.left - b.clientLeft + b.scrollLeft + (x - vb.x) * scale,
            y: drawn.top - outer.top - b.clientTop + b.scrollTop + (y - vb.y) * scale};
  }

  function elementInContent(b, el) {
    var outer = b.getBoundingClientRect(), r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2 - outer.left - b.clientLeft + b.scrollLeft,
            y: r.top + r.height / 2 - outer.top - b.clientTop + b.scrollTop,
            w: r.width, h: r.height};
  }

  // Scroll the box to show `points` (content px): all of them if they fit, else the first
  // with the others' middle as near as keeps the first in view.
  function showPoints(b, points) {
    if (!points.length) return;
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, sumX = 0, sumY = 0;
    points.forEach(function (p) {
      minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
      sumX += p.x; sumY += p.y;
    });
    var w = b.clientWidth, h = b.clientHeight, margin = HIT;
    var fits = maxX - minX + 2 * margin <= w && maxY - minY + 2 * margin <= h;
    var cx = fits ? (minX + maxX) / 2 : sumX / points.length;
    var cy = fits ? (minY + maxY) / 2 : sumY / points.length;
    var first = points[0];
    var left = cx - w / 2, top = cy - h / 2;
    var m = Math.min(margin, w / 2), n = Math.min(margin, h / 2);
    left = Math.min(Math.max(left, first.x - w + m), first.x - m);
    top = Math.min(Math.max(top, first.y - h + n), first.y - n);
    b.scrollLeft = left;
    b.scrollTop = top;
  }

  // The first target in view on the page too: a push that brings targets scrolls the page to
  // the board if that target is off screen or under something fixed (the action bar).
  function bringIntoView(el) {
    var r = el.getBoundingClientRect();
    var x = r.left + r.width / 2, y = r.top + r.height / 2;
    var hit = y >= 0 && y < window.innerHeight ? document.elementFromPoint(x, y) : null;
    if (hit && hit.closest(".target") === el) return;
    window.scrollBy(0, y - window.innerHeight * 0.4);
  }

  // The numbers on the hexes at least MIN_NUMBER px tall at `scale` (CSS px a board unit):
  // grown inside their tokens, which grow less and stay well inside their hexes (pips, too
  // small to read there, go).
  function growTokens(b, scale) {
    var text = b.querySelector("#board_picture .hexes .token text");
    var token = text && text.parentNode.querySelector("circle:not(.pip)");
    var tile = b.querySelector("#board_picture .hexes .tile");
    var tall = text ? text.getBBox().height * scale : 0;  // as drawn, without a transform
    if (!tall || tall >= MIN_NUMBER - 0.5 || !token || !tile) {  // near enough: its pips stay
      b.classList.remove("grown-tokens");
      return;
    }
    var grow = MIN_NUMBER / tall * 1.04;
    var widest = 0.4 * tile.getBBox().width / token.r.baseVal.value;
    b.style.setProperty("--token-text", grow.toFixed(3));
    b.style.setProperty("--token-circle", Math.max(1, Math.min(1.4, widest, 1 + (grow - 1) * 0.65)).toFixed(3));
    b.classList.add("grown-tokens");
  }

  function layout(why) {
    var b = board();
    var vb = b && viewBox(b);
    if (!vb) return;
    var svg = b.querySelector("#board_picture svg.board-svg");
    var phone = !!b.closest(".phone-screen");
    var targets = shownTargets(b);
    var room = spacing(targets);
    var key = targets.map(function (t) { return Math.round(t.x) + "," + Math.round(t.y); }).join(";");
    var arrived = key !== shownKey;
    if (arrived) chosen = null;  // new targets: the automatic view again
    var recentre = arrived || why === "toggle" || (why === "resize" && window.innerWidth !== shownWidth);
    var scale, view = "whole";

    if (phone) {
      var style = getComputedStyle(b);
      var width = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      var fit = Math.min(width / vb.width, 0.8 * window.innerHeight / vb.height);
      var across = parseFloat(b.querySelector("#board_picture").getAttribute("data-phone-width")) || vb.width;
      var comfortable = width / Math.min(across, vb.width);  // a wide board: its part as wide as the base game's
      var pieces = targets.length ? [] : ownPieces(b);
      var near = Math.max(fit, comfortable, targets.length > 1 ? HIT / room : 0);
      var automatic = (targets.length ? near > fit * 1.02 : pieces.length && comfortable > fit * 1.2) ? "near" : "whole";
      if (automatic === "whole") near = Math.max(near, 2 * fit);  // zoomed by hand: twice at least
      view = chosen || automatic;
      scale = view === "near" ? near : fit;
      b.style.setProperty("--board-width", round(vb.width * scale) + "px");
      b.classList.toggle("board-near", view === "near");
      document.body.classList.toggle("board-zoomed", view === "near");
      document.querySelectorAll("[data-board-zoom]").forEach(function (button) {
        button.setAttribute("aria-pressed", view === "near" ? "true" : "false");
      });
    } else {
      var drawn = svg.getBoundingClientRect();
      scale = Math.min(drawn.width / vb.width, drawn.height / vb.height) || 1;
    }
    b.dataset.view = view;
    hitAreas(b, targets, Math.min(HIT / scale, room), room);
    growTokens(b, scale);

    if (!phone || !recentre) return;
    shownKey = key;
    shownWidth = window.innerWidth;
    if (view !== "near") {
      b.scrollLeft = 0;
      b.scrollTop = 0;
      return;
    }
    if (targets.length) {
      showPoints(b, targets.map(function (t) { return inContent(b, svg, vb, scale, t.x, t.y); }));
      if (arrived) bringIntoView(targets[0].el);
    } else {
      var own = ownPieces(b).map(function (piece) { return elementInContent(b, piece); });
      if (own.length) showPoints(b, own);
      else showPoints(b, [inContent(b, svg, vb, scale, vb.x + vb.width / 2, vb.y + vb.height / 2)]);
    }
  }

  function safely(why) {
    return function () {
      try { layout(why); } catch (e) { if (window.console) console.warn("board layout:", e); }
    };
  }

  document.addEventListener("DOMContentLoaded", safely("load"));
  // A push replaces the picture or the pieces (their own fragments): laid out again once the
  // whole message is in.
  document.addEventListener("htmx:wsAfterMessage", safely("push"));
  document.addEventListener("htmx:afterSettle", safely("push"));
  window.addEventListener("resize", safely("resize"));
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-board-zoom]")) return;
    var b = board();
    if (!b) return;
    chosen = b.dataset.view === "near" ? "whole" : "near";
    safely("toggle")();
  });
  // A mode that shows one kind of target only (body class mode-<kind>, data-entry-mode).
  var modes = null;
  document.addEventListener("DOMContentLoaded", function () {
    new MutationObserver(function () {
      var now = document.body.className.replace(/\bboard-zoomed\b/, "") + "|" + (document.body.dataset.entryMode || "");
      if (now === modes) return;
      modes = now;
      safely("mode")();
    }).observe(document.body, {attributes: true, attributeFilter: ["class", "data-entry-mode"]});
  });
}());
