"""Every UI string of the rule lookup is marked for translation and translated to Polish."""
import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates" / "rulebook"
LOCALE = ROOT / "companion" / "rulebook" / "locale"

TRANSLATE = re.compile(r"""\{% translate (["'])(.+?)\1 context (["'])rulebook\3 %\}""")
BLOCK = re.compile(r"\{% blocktranslate (.*?) %\}(.*?)\{% endblocktranslate %\}", re.S)
PGETTEXT = re.compile(r'pgettext_lazy\("rulebook", "([^"]+)"\)')


def _block_msgids(options, body):
    assert 'context "rulebook"' in options, options
    parts = body.split("{% plural %}")
    return [re.sub(r"\{\{ (\w+) \}\}", r"%(\1)s", p) for p in parts]


def used_msgids():
    singular, plural = set(), set()
    for path in TEMPLATES.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        # no bare translate tags without the "rulebook" context
        for tag in re.findall(r"\{% (?:translate|blocktranslate) [^%]*%\}", text):
            assert "rulebook" in tag, (path.name, tag)
        singular |= {m.group(2) for m in TRANSLATE.finditer(text)}
        for m in BLOCK.finditer(text):
            ids = _block_msgids(m.group(1), m.group(2))
            (plural if len(ids) == 2 else singular).add(ids[0])
    singular |= set(PGETTEXT.findall((ROOT / "companion" / "rulebook" / "labels.py").read_text(encoding="utf-8")))
    return singular, plural


def test_templates_have_no_untranslated_text():
    for path in TEMPLATES.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\{% block body_class %\}.*?\{% endblock %\}", " ", text)  # CSS classes
        text = BLOCK.sub(" ", text)  # translated blocks
        text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|<[^>]+>", " ", text, flags=re.S)
        words = re.findall(r"[A-Za-z]{3,}", text)
        leftovers = [w for w in words if w not in {"translate", "endblocktranslate"}]
        assert not leftovers, (path.name, leftovers)


def test_every_ui_string_has_a_polish_translation():
    singular, plural = used_msgids()
    assert "Rules" in singular and "Base game" in singular and plural
    po = polib.pofile(str(LOCALE / "pl" / "LC_MESSAGES" / "django.po"))
    for msgid in singular:
        entry = po.find(msgid, msgctxt="rulebook")
        assert entry and entry.msgstr.strip(), msgid
    for msgid in plural:
        entry = po.find(msgid, msgctxt="rulebook")
        assert entry and len(entry.msgstr_plural) == 3 and all(entry.msgstr_plural.values()), msgid
    assert "nplurals=3" in po.metadata["Plural-Forms"]


def test_english_catalogue_has_the_same_strings():
    pl = {(e.msgctxt, e.msgid) for e in polib.pofile(str(LOCALE / "pl" / "LC_MESSAGES" / "django.po"))}
    en = {(e.msgctxt, e.msgid) for e in polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))}
    assert pl == en


def test_placeholders_survive_translation():
    for entry in polib.pofile(str(LOCALE / "pl" / "LC_MESSAGES" / "django.po")):
        wanted = set(re.findall(r"%\(\w+\)s", entry.msgid))
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if text:
                assert set(re.findall(r"%\(\w+\)s", text)) == wanted, entry.msgid
