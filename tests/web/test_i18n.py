"""Every user-facing string of the app has a Polish translation, placeholders intact."""
import re
from pathlib import Path

import polib
from django.utils.translation import override
from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "companion" / "locale" / "pl" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\(\w+\)s")
# gettext calls as templatize writes them, and as the Python code writes them.
CALL = re.compile(r"""\b(?:gettext|gettext_lazy|_|ngettext)\(\s*u?(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")
# pgettext(context, message): the message is the second argument.
CONTEXT_CALL = re.compile(
    r"""\bpgettext(?:_lazy)?\(\s*u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*,\s*u?(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")


def _catalog():
    return polib.pofile(str(PO))


def _layer_catalogs():
    """A layer package's own catalogue (companion/layers/<name>/locale/pl)."""
    return [polib.pofile(str(po)) for po in sorted((ROOT / "companion" / "layers").glob("**/locale/pl/LC_MESSAGES/django.po"))]


def _used_msgids():
    sources = []
    # (templates/rulebook has a catalogue of its own: companion/rulebook/locale)
    templates = [*(ROOT / "templates").glob("*.html"), *(ROOT / "templates" / "partials").glob("*.html"),
                 *(ROOT / "companion" / "layers").rglob("*.html")]
    for template in templates:
        sources.append(templatize(template.read_text(), origin=str(template)))
    # The shared modules and every layer's words, screens and form fields.
    for module in [*(ROOT / "companion").glob("*.py"), *(ROOT / "companion" / "layers").rglob("*.py")]:
        sources.append(module.read_text())
    msgids = set()
    for source in sources:
        for single, double in CALL.findall(source) + CONTEXT_CALL.findall(source):
            text = single or double
            msgids.add(text.encode().decode("unicode_escape").encode("latin-1").decode("utf-8"))
    return {m for m in msgids if m.strip() and not m.startswith("%")}


def test_polish_catalog_is_complete_and_not_fuzzy():
    for catalog in [_catalog(), *_layer_catalogs()]:
        assert catalog.percent_translated() == 100
        assert not catalog.fuzzy_entries()


def test_placeholders_survive_translation():
    for entry in [entry for catalog in [_catalog(), *_layer_catalogs()] for entry in catalog]:
        wanted = set(PLACEHOLDER.findall(entry.msgid))
        translations = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for text in translations:
            assert set(PLACEHOLDER.findall(text)) <= wanted | set(PLACEHOLDER.findall(entry.msgid_plural or "")), entry.msgid


def test_every_string_in_templates_and_code_is_in_the_catalog():
    known = {entry.msgid for catalog in [_catalog(), *_layer_catalogs()] for entry in catalog}
    missing = sorted(m for m in _used_msgids() if m not in known)
    assert not missing, f"run makemessages and translate: {missing[:10]}"


def test_polish_really_renders():
    with override("pl"):
        from django.utils.translation import gettext

        assert gettext("End turn") != "End turn"
        assert gettext("Dice reader") == "Czytnik kości"
