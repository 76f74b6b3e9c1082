// Two quick taps enter a physical roll: submit once both dice are picked.
document.addEventListener("change", function (event) {
  var form = event.target.closest("form[data-auto-submit]");
  if (!form) return;
  // Cities & Knights adds the event die (and after an Alchemist only the event die is asked);
  // with the Events of Catan deck only the red die and the event die are asked.
  var ready = ["die1", "die2", "red", "event"].every(function (name) {
    return !form.querySelector('input[name="' + name + '"]') || form.querySelector('input[name="' + name + '"]:checked');
  });
  if (ready) {
    htmx.trigger(form, "submit");
  }
});

// Cities & Knights: a button switches the board's taps to placing a knight (its corners
// would otherwise sit under the settlement targets); a tap on a knight target ends it.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-board-mode]");
  if (button) {
    document.body.classList.toggle("mode-" + button.getAttribute("data-board-mode"));
    return;
  }
  if (event.target.closest(".target-knight")) {
    document.body.classList.remove("mode-knight");
  }
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
document.addEventListener("htmx:wsOpen", function () { document.body.classList.remove("offline"); });
document.addEventListener("htmx:wsError", function () { document.body.classList.add("offline"); });

// A form's idempotency key stands for one intent: taps repeated while the request is in
// flight share it (the server acts once), but once the server has answered, the next tap
// on the same form is a new intent even if no fresh form has replaced it yet.
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.detail.elt.closest ? event.detail.elt.closest("form") : null;
  var key = form && form.querySelector('input[name="idem"]');
  if (key && event.detail.xhr && event.detail.xhr.status) {
    key.value = Date.now().toString(36) + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
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
