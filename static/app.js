// Quick taps enter a physical roll: submit once every die the form asks for is picked (each
// die is a group of radio buttons; a layer's form may ask for other dice, or fewer).
document.addEventListener("change", function (event) {
  var form = event.target.closest("form[data-auto-submit]");
  if (!form) return;
  var ready = Array.prototype.every.call(form.querySelectorAll('input[type="radio"]'), function (input) {
    return form.querySelector('input[name="' + input.name + '"]:checked');
  });
  if (ready) {
    htmx.trigger(form, "submit");
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
  var form = source.closest ? source.closest("form") : null;
  if (!form) return;
  if (ack[2] === "0") delete form.dataset.sent;
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
