// The fast board editor (templates/partials/board_entry.html). The server says which hex and
// which harbour the palettes set next; a hex or a harbour tapped on the board becomes the one
// they set instead, until a palette's tap sends it (then the server's next one again). The
// mode of a path's tap (along a river, or a bridge site: Rivers of Catan) stays as picked
// while pushes replace the editor. No request of its own, no inline code (the page's CSP).
(function () {
  "use strict";
  var picked = {};  // "hex" | "edge" -> the place tapped on the board, not sent yet

  function each(selector, fn) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), fn);
  }

  function apply() {
    Object.keys(picked).forEach(function (field) {
      each('form[data-entry-pick="' + field + '"]', function (form) {
        var input = form.querySelector('input[name="' + field + '"]');
        if (input) input.value = picked[field];
        // What the set has left is offered for the place picked too.
        Array.prototype.forEach.call(form.querySelectorAll("button[data-left]"), function (button) {
          button.disabled = parseInt(button.getAttribute("data-left"), 10) < 1;
        });
      });
      each('.target[data-entry-pick="' + field + '"]', function (target) {
        var on = target.getAttribute("data-value") === picked[field];
        target.classList.toggle("entry-picked", on);
        if (on || field === "hex") target.classList.remove("entry-current");
      });
    });
    var mode = document.body.getAttribute("data-entry-mode") || "river";
    each("input[data-entry-mode]", function (input) { input.checked = input.value === mode; });
  }

  function pick(target) {
    picked[target.getAttribute("data-entry-pick")] = target.getAttribute("data-value");
    apply();
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest(".target[data-entry-pick]");
    if (target) pick(target);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var target = event.target.closest && event.target.closest(".target[data-entry-pick]");
    if (!target) return;
    event.preventDefault();
    pick(target);
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("input[data-entry-mode]")) {
      document.body.setAttribute("data-entry-mode", event.target.value);
    }
  });
  // A palette's tap sends the place picked: the next one is the server's again.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("form[data-entry-pick]") : null;
    if (form) delete picked[form.getAttribute("data-entry-pick")];
  }, true);
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:wsAfterMessage", "htmx:load"].forEach(function (name) {
    document.addEventListener(name, apply);
  });
})();
