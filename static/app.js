// Quick taps enter a physical roll: submit once every die the form asks for is picked (each
// die is a group of radio buttons; a layer's form may ask for other dice, or fewer).
document.addEventListener("change", function (event) {
  var form = event.target.closest("form[data-auto-submit]");
  if (!form) return;
  var ready = Array.prototype.every.call(form.querySelectorAll('input[type="radio"]'), function (input) {
    return form.querySelector('input[name="' + input.name + '"]:checked');
  });
  if (ready) {
    htmx.trigger(form, "submit");  // htmx reads the picked dice at once
    // Sent: the dice are asked afresh. The answer may leave this very form in place (the
    // same roll is asked again, or a refused roll is to be thrown again).
    form.querySelectorAll('input[type="radio"]:checked').forEach(function (input) { input.checked = false; });
  }
});

// A button (data-board-mode="<kind>") switches the board's taps to one kind of target (body
// class mode-<kind>: a layer's corners that would otherwise sit under the settlement
// targets); a tap on a target of that kind (.target-<kind>) ends it.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-board-mode]");
  if (button) {
    document.body.classList.toggle("mode-" + button.getAttribute("data-board-mode"));
    return;
  }
  var target = event.target.closest(".target");
  if (!target) return;
  Array.prototype.slice.call(document.body.classList).forEach(function (mode) {
    if (mode.indexOf("mode-") === 0 && target.classList.contains("target-" + mode.slice(5))) {
      document.body.classList.remove(mode);
    }
  });
});

// htmx retries dropped sockets (1006, 1011-1013). A server that restarts cleanly says 1001
// ("going away"): reconnect then too. Our own 44xx codes mean "not for you": show why.
document.addEventListener("htmx:wsClose", function (event) {
  var code = event.detail.event.code;
  var socket = event.detail.socketWrapper;
  if (code === 1000 || code === 1001) {
    setTimeout(function () { socket.reconnect(); }, 1000 + Math.random() * 2000);
  } else if (code >= 4400 && code < 4500) {
    document.body.classList.add("disconnected");
    setTimeout(function () { window.location.reload(); }, 1500);
  }
});
document.addEventListener("htmx:wsOpen", function (event) {
  document.body.classList.remove("offline");
  tapSocket = event.detail.socketWrapper;
  awaitingAck = {};
});
document.addEventListener("htmx:wsError", function () {
  document.body.classList.add("offline");
  tapSocket = null;
});
document.addEventListener("htmx:wsClose", function () { tapSocket = null; awaitingAck = {}; });

function freshKey() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}

// Taps travel over the screen's own websocket while it is open: no HTTP request, which is
// quicker for the phone and much cheaper for a busy server. A post is the fallback. The
// server answers with the screen's changed fragments, the flash and an acknowledgement that
// names the tap's idempotency key (#ack data-ack, data-ok).
var tapSocket = null;
var awaitingAck = {};  // key -> {source, at}: taps sent and not yet answered
var ACK_PATIENCE_MS = 8000;  // then a repeated tap goes as a post (same key: it acts once)

// A pushed fragment carries no idempotency keys (one render may serve several screens):
// a tap on a form or a board target without one gets a fresh key, kept on it so that
// repeats of the same tap share it until it is answered (then it is renewed, below).
document.addEventListener("htmx:configRequest", function (event) {
  var detail = event.detail;
  if (detail.verb !== "post" || !/\/act\/$/.test(detail.path) || detail.formData.get("idem") !== "") return;
  var form = detail.elt.closest ? detail.elt.closest("form") : null;
  var input = form && form.querySelector('input[name="idem"]');
  var key = input ? input.value : detail.elt.dataset.idem;
  if (!key) {
    key = freshKey();
    if (input) input.value = key; else detail.elt.dataset.idem = key;
  }
  detail.formData.set("idem", key);
});

document.addEventListener("htmx:configRequest", function (event) {
  var detail = event.detail;
  if (!tapSocket || detail.verb !== "post" || !/\/act\/$/.test(detail.path)) return;
  var fields = {};
  detail.formData.forEach(function (value, name) {
    if (typeof value !== "string") return;
    fields[name] = name in fields ? [].concat(fields[name], value) : value;
  });
  var key = typeof fields.idem === "string" ? fields.idem : "";
  var waiting = key && awaitingAck[key];
  if (waiting && Date.now() - waiting.at < ACK_PATIENCE_MS) {
    event.preventDefault();  // a double tap: the first is on its way
    return;
  }
  if (waiting) {
    delete awaitingAck[key];
    return;  // never answered (a socket gone quiet): post it; the same key acts at most once
  }
  event.preventDefault();  // no HTTP request
  if (key) awaitingAck[key] = {source: detail.elt, at: Date.now()};
  var keep = detail.elt.closest ? detail.elt.closest("form[data-keep]") : null;
  if (keep) keep.dataset.sent = "1";  // the fresh form that answers it starts empty
  tapSocket.send(JSON.stringify({act: fields}), detail.elt);
});

// Before the answer is swapped in: a refused tap's form keeps what was typed (see below).
document.addEventListener("htmx:wsBeforeMessage", function (event) {
  var ack = /<div id="ack"[^>]*data-ack="([^"]*)" data-ok="([01])"/.exec(event.detail.message);
  if (!ack || !awaitingAck[ack[1]]) return;
  var source = awaitingAck[ack[1]].source;
  delete awaitingAck[ack[1]];
  if (source.dataset && source.dataset.idem === ack[1]) delete source.dataset.idem;
  var form = source.closest ? source.closest("form") : null;
  if (!form) return;
  if (ack[2] === "0") delete form.dataset.sent;
  // Accepted: the form starts afresh, as a pushed one would (a fragment that reads the same
  // values as before is not pushed again, so what was ticked or typed would stay).
  if (ack[2] === "1") form.reset();
  // Answered: the next tap on the same form is a new intent (as after a post, below).
  var key = form.querySelector('input[name="idem"]');
  if (key && key.value === ack[1]) key.value = freshKey();
});

// A form's idempotency key stands for one intent: taps repeated while the request is in
// flight share it (the server acts once), but once the server has answered, the next tap
// on the same form is a new intent even if no fresh form has replaced it yet.
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt.closest ? event.detail.elt.closest("form") : null;
  var key = form && form.querySelector('input[name="idem"]');
  if (event.detail.xhr && event.detail.xhr.status && event.detail.elt.dataset) delete event.detail.elt.dataset.idem;
  if (form && event.detail.successful && /\/act\/$/.test(event.detail.pathInfo.requestPath)) form.reset();
  if (key && event.detail.xhr && event.detail.xhr.status) {
    key.value = freshKey();
  }
});

// A pushed fragment replaces a form someone is filling in (their discards, a trade offer)
// whenever anybody else acts: carry over what they typed while the form stays the same one.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  var fragment = event.detail.fragment;
  event.detail.target.querySelectorAll("form[data-keep]:not([data-sent])").forEach(function (old) {
    var fresh = fragment.querySelector('form[data-keep="' + old.dataset.keep + '"]');
    if (!fresh) return;
    old.querySelectorAll("input[type=number], select").forEach(function (field) {
      var twin = fresh.querySelector('[name="' + field.name + '"]');
      if (twin && !twin.disabled) twin.value = field.value;
    });
    var details = old.closest("details"), freshDetails = fresh.closest("details");
    if (details && freshDetails) freshDetails.open = details.open;
  });
});
// ...but not once it was sent and accepted: the next form starts empty.
document.addEventListener("htmx:beforeSwap", function (event) {
  var form = event.detail.elt.closest ? event.detail.elt.closest("form[data-keep]") : null;
  if (form && event.detail.xhr && event.detail.xhr.status < 300) form.dataset.sent = "1";
});

// The board's scale on phones and its zoom button: static/board_zoom.js.

// The action of the moment is a bar fixed to the bottom (app.css ".now"; a trade offer
// awaiting this player's answer is pinned the same way when nothing else is): keep that much
// room below the page so that its end never hides under the bar.
function keepRoomForActionBar() {
  var bar = document.querySelector(".phone-screen .actions > .now, .phone-screen .trade .offer.for-me:not(.answered)");
  var fixed = bar && getComputedStyle(bar).position === "fixed";
  document.body.style.paddingBottom = fixed ? bar.offsetHeight + "px" : "";
}
["htmx:afterSettle", "htmx:wsAfterMessage", "DOMContentLoaded"].forEach(function (name) {
  document.addEventListener(name, keepRoomForActionBar);
});
window.addEventListener("resize", keepRoomForActionBar);

// A step owed on the board (partials/owed_bar.html, data-owed-board: its kind and turn): the
// board's first target is scrolled into view when the step arrives (once per step, so that a
// later push leaves the player's own scrolling alone), and whenever its "Show the board" is tapped.
var shownOwedBoard = null;
function showBoardTarget() {
  var target = document.querySelector("#board .target") || document.getElementById("board");
  if (target) target.scrollIntoView({block: "center", inline: "center"});
}
function showOwedBoard() {
  var bar = document.querySelector(".phone-screen [data-owed-board]");
  var step = bar ? bar.getAttribute("data-owed-board") : null;
  if (step && step !== shownOwedBoard) showBoardTarget();
  shownOwedBoard = step;
}
["htmx:afterSettle", "htmx:wsAfterMessage", "DOMContentLoaded"].forEach(function (name) {
  document.addEventListener(name, showOwedBoard);
});
document.addEventListener("click", function (event) {
  if (!event.target.closest("[data-show-board]")) return;
  event.preventDefault();  // the link's #board is the fallback without this script
  showBoardTarget();
});

// The table's join codes: an overlay while a seat waits for its phone (#seats.waiting). The
// overlay's close button hides it until a seat shows a code it did not show then (a seat
// freed, a new code asked for): remembered per game for the browser tab (sessionStorage), so
// that neither a pushed #seats nor a reload brings it back. The topbar's button shows and
// hides it at any time (body class seats-open, kept across pushes).
var SEATS_KEY = "seats-closed:" + location.pathname;
function waitingCodes() {
  return Array.prototype.map.call(document.querySelectorAll("#seats .qr[data-join]"), function (qr) {
    return qr.getAttribute("data-join");
  });
}
function remembered() {
  try { return JSON.parse(sessionStorage.getItem(SEATS_KEY) || "null"); } catch (e) { return null; }
}
function remember(codes) {
  try {
    if (codes) sessionStorage.setItem(SEATS_KEY, JSON.stringify(codes)); else sessionStorage.removeItem(SEATS_KEY);
  } catch (e) { /* private mode: the body class below still holds until a reload */ }
}
function applySeatsOverlay() {
  var seats = document.getElementById("seats");
  if (!seats || !document.body.classList.contains("table-screen")) return;
  var closed = remembered();
  var codes = waitingCodes();
  var seen = closed && codes.every(function (code) { return closed.indexOf(code) >= 0; });
  if (closed && !seen) remember(null);  // a new code to scan: show them again
  document.body.classList.toggle("seats-closed", !!seen);
}
document.addEventListener("click", function (event) {
  var toggle = event.target.closest("[data-seats-toggle]");
  if (!toggle) return;
  var seats = document.getElementById("seats");
  var shown = seats && getComputedStyle(seats).display !== "none";
  document.body.classList.toggle("seats-open", !shown);
  document.body.classList.toggle("seats-closed", shown);
  remember(shown ? waitingCodes() : null);
});
document.addEventListener("DOMContentLoaded", applySeatsOverlay);
document.addEventListener("htmx:oobAfterSwap", function (event) {
  if (event.detail.target && event.detail.target.id === "seats") applySeatsOverlay();
});

// The log grows by its new entries on top (partials/log_added.html): keep as many as a full
// render shows.
document.addEventListener("htmx:oobAfterSwap", function (event) {
  var list = event.detail.target;
  if (!list || list.id !== "log-entries") return;
  var shown = parseInt(list.dataset.shown || "0", 10);
  while (shown && list.children.length > shown) list.removeChild(list.lastElementChild);
});

// The board's tap targets (role="button" on SVG groups) act on Enter and Space as buttons
// do. Here rather than in an htmx trigger filter, which htmx would evaluate as code (the
// Content-Security-Policy allows no eval).
document.addEventListener("keydown", function (event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  var target = event.target.closest ? event.target.closest('g.target[role="button"]') : null;
  if (!target) return;
  event.preventDefault();
  htmx.trigger(target, "click");
});

// The new-game form: hands on phones need a board (the select's data-needs-board names that
// choice). Without a board the choice is paper cards and hands are not offered; picking a
// board offers them again and takes them, unless the host chose paper by hand.
function matchCardsToBoard(form, boardChanged) {
  var board = form.querySelector('select[name="board"]');
  var cards = form.querySelector("select[data-needs-board]");
  if (!board || !cards) return;
  var needs = cards.querySelector('option[value="' + cards.getAttribute("data-needs-board") + '"]');
  if (!needs) return;
  var none = board.value === "none";
  needs.disabled = none;
  if (none && cards.value === needs.value) cards.value = "paper";
  else if (!none && boardChanged && !cards.dataset.chosen) cards.value = needs.value;
}
document.addEventListener("change", function (event) {
  var form = event.target.closest ? event.target.closest("form.new-game") : null;
  if (!form) return;
  if (event.target.matches("select[data-needs-board]")) event.target.dataset.chosen = "1";
  if (event.target.name === "board") matchCardsToBoard(form, true);
});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("form.new-game").forEach(function (form) { matchCardsToBoard(form, false); });
});

// A reload keeps a half-filled form marked data-keep (the cards to give back on a 7, an
// offer): what was typed is stored for the browser tab (sessionStorage) under the page (the
// game and the screen), the seat and the form's identity (data-keep, which names the turn,
// never the version), and put back when the same form is on the page again. Sent and
// accepted (the form is reset), or gone from the page, it is forgotten.
var KEPT_PREFIX = "kept:" + location.pathname + ":";
function keptKey(form) {
  var screen = form.closest("[data-seat]");
  return KEPT_PREFIX + (screen ? screen.getAttribute("data-seat") : "table") + ":" + form.getAttribute("data-keep");
}
function keptFields(form) {
  return form.querySelectorAll("input[type=number], select");
}
function storeKept(form) {
  var values = {};
  keptFields(form).forEach(function (field) { if (field.name) values[field.name] = field.value; });
  try { sessionStorage.setItem(keptKey(form), JSON.stringify(values)); } catch (e) { /* private mode */ }
}
function forgetKept(form) {
  try { sessionStorage.removeItem(keptKey(form)); } catch (e) { /* private mode */ }
}
document.addEventListener("input", function (event) {
  var form = event.target.closest ? event.target.closest("form[data-keep]") : null;
  if (form) storeKept(form);
});
document.addEventListener("change", function (event) {
  var form = event.target.closest ? event.target.closest("form[data-keep]") : null;
  if (form) storeKept(form);
});
document.addEventListener("reset", function (event) {
  if (event.target.matches && event.target.matches("form[data-keep]")) forgetKept(event.target);
}, true);
document.addEventListener("DOMContentLoaded", function () {
  var present = {};
  document.querySelectorAll("form[data-keep]").forEach(function (form) {
    var key = keptKey(form);
    present[key] = true;
    var values;
    try { values = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { values = null; }
    if (!values) return;
    keptFields(form).forEach(function (field) {
      if (field.name in values && !field.disabled) field.value = values[field.name];
    });
  });
  try {
    for (var i = sessionStorage.length - 1; i >= 0; i--) {
      var key = sessionStorage.key(i);
      if (key && key.indexOf(KEPT_PREFIX) === 0 && !present[key]) sessionStorage.removeItem(key);
    }
  } catch (e) { /* private mode */ }
});
// A pushed fragment that drops the form, or replaces one that was sent, ends it.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  var fragment = event.detail.fragment;
  if (!event.detail.target || !fragment) return;
  event.detail.target.querySelectorAll("form[data-keep]").forEach(function (old) {
    var twin = fragment.querySelector('form[data-keep="' + old.getAttribute("data-keep") + '"]');
    if (!twin || old.dataset.sent) forgetKept(old);
  });
});
