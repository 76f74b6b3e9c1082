"""Benchmark of the rule lookup's search (no Django needed).

    CATAN_NO_BOOTSTRAP=1 .venv/bin/python -m tests.bench.bench_rulebook_search [--rounds N]

Prints the time to read the entry files and build the index, and the search latency
(p50 / p99 / max) over a few hundred realistic queries in Polish and English: whole
words with and without diacritics, inflected forms, prefixes as typed letter by letter,
and questions. In the same run it measures a baseline, a naive linear scan that looks
for every query word as a substring of every entry's (pre-folded) text, and prints the
ratio. Not a test: nothing is asserted, timings depend on the machine.
"""
from __future__ import annotations

import argparse
import gc
import statistics
import time

from companion.rulebook import entryfiles, search

# Words and phrases players type, per language. Polish ones carry their diacritics; the
# query set also gets them without, inflected, and typed letter by letter.
WORDS = {
    "pl": [
        "złodziej", "rycerz", "osada", "miasto", "droga", "port", "siódemka", "odrzucanie", "karta rozwoju",
        "karta postępu", "barbarzyńcy", "mur miejski", "metropolia", "najdłuższa droga", "władza rycerska",
        "handel", "bank", "surowce", "glina", "drewno", "wełna", "zboże", "ruda", "pustynia", "monopol",
        "wynalazek", "punkty zwycięstwa", "koniec gry", "żetony", "plansza", "kostka wydarzeń", "alchemik",
        "biskup", "szpieg", "dyplomata", "handlarz", "akwedukt", "twierdza", "gildia", "rybacy", "rzeki",
        "karawany", "wielbłądy", "złoto", "statek", "piraci", "misje", "przyprawy", "trzęsienie ziemi",
        "epidemia", "turniej", "wydarzenia", "zarządca portu", "dla dwojga", "mobilizacja", "trening",
    ],
    "en": [
        "robber", "knight", "settlement", "city", "road", "harbor", "seven", "discard", "development card",
        "progress card", "barbarians", "city wall", "metropolis", "longest road", "largest army", "trade",
        "bank", "resources", "brick", "lumber", "wool", "grain", "ore", "desert", "monopoly", "year of plenty",
        "victory points", "game end", "number tokens", "board", "event die", "alchemist", "bishop", "spy",
        "diplomat", "merchant", "aqueduct", "fortress", "guild", "fishermen", "rivers", "caravans", "camels",
        "gold", "ship", "pirates", "missions", "spices", "earthquake", "epidemic", "tournament", "events",
        "harbormaster", "two players", "activate", "promote",
    ],
}
INFLECTED = {
    "pl": ["złodzieja", "złodziejem", "rycerze", "rycerzy", "rycerzami", "osady", "osadę", "miasta", "miastem",
           "drogi", "drogę", "porty", "portu", "barbarzyńców", "metropolię", "kart postępu", "surowców",
           "punktów", "żetonów", "statki", "piratów", "wielbłądów", "murów", "kostki", "handlu"],
    "en": ["robbers", "knights", "settlements", "cities", "roads", "harbours", "discarding", "discarded",
           "trading", "traded", "moving the robber", "building roads", "promoted", "activated", "pirates",
           "ships", "points", "tokens", "walls", "camels", "barbarian's", "players", "events", "fishing"],
}
QUESTIONS = {
    "pl": ["ile kosztuje miasto", "czy osada przerywa drogę", "kto zaczyna", "co daje miasto",
           "ile kart odrzucić przy siódemce", "kiedy przypłyną barbarzyńcy", "jak liczyć najdłuższą drogę",
           "czy mogę zagrać rycerza przed rzutem", "gdzie postawić złodzieja", "ile punktów do wygranej",
           "handel z bankiem 4 za 1", "czy rycerz blokuje drogę", "co robi alchemik", "limit kart postępu"],
    "en": ["how much is a city", "does a settlement break a road", "who starts", "what does a city produce",
           "how many cards to discard on a seven", "when do the barbarians attack", "how to count longest road",
           "can I play a knight before rolling", "where can the robber go", "how many points to win",
           "bank trade 4:1", "can a knight block a road", "what does the alchemist do", "progress card hand limit"],
}


def build_queries() -> list[tuple[str, str]]:
    """(query, lang) pairs, de-duplicated, in a fixed order."""
    queries: list[tuple[str, str]] = []
    for lang in ("pl", "en"):
        for word in WORDS[lang]:
            queries.append((word, lang))
            folded = search.fold(word)
            if folded != word.lower():
                queries.append((folded, lang))  # typed without diacritics
            first = word.split()[0]
            for n in range(2, len(first)):  # typed letter by letter
                queries.append((first[:n], lang))
                if search.fold(first[:n]) != first[:n]:
                    queries.append((search.fold(first[:n]), lang))
        for word in INFLECTED[lang]:
            queries.append((word, lang))
            queries.append((search.fold(word), lang))
        for question in QUESTIONS[lang]:
            queries.append((question, lang))
            queries.append((search.fold(question), lang))
        # the other language's words too: people type what they know
        other = "en" if lang == "pl" else "pl"
        queries.extend((w, lang) for w in WORDS[other][::4])
    return list(dict.fromkeys(queries))


class NaiveScan:
    """The baseline: no index. Each query word is looked up as a substring of each entry's
    folded text (title, keywords, body); entries matching more words rank first, then a
    title match, then the entry order."""

    def __init__(self, entries: list[search.Entry]):
        self.rows = {
            lang: [
                (e, search.fold(e.title(lang)), search.fold(" ".join(e.keywords) + " " + e.body(lang)))
                for e in entries
            ]
            for lang in search.LANGS
        }

    def search(self, query: str, lang: str, limit: int = 20) -> list[search.Entry]:
        words = [w for w in search.tokens(query) if len(w) > 1 or w.isdigit()]
        kept = [w for w in words if w not in search.STOPWORDS] or words
        if not kept:
            return []
        scored = []
        for n, (entry, title, text) in enumerate(self.rows["pl" if lang.startswith("pl") else "en"]):
            matched = sum(1 for w in kept if w in title or w in text)
            if matched:
                in_title = sum(1 for w in kept if w in title)
                scored.append((-matched, -in_title, n, entry))
        scored.sort(key=lambda r: r[:3])
        return [r[3] for r in scored[:limit]]


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return 0.0
    k = (len(sorted_values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def time_queries(fn, queries, rounds: int) -> list[float]:
    """Latency of every call, in microseconds, over `rounds` passes of all queries."""
    out = []
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for query, lang in queries:
            t = clock()
            fn(query, lang)
            out.append((clock() - t) / 1000)
    return out


def summary(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50": percentile(values, 50), "p99": percentile(values, 99), "max": values[-1],
            "mean": statistics.fmean(values)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the query set (default 5)")
    parser.add_argument("--builds", type=int, default=5, help="index builds to time (default 5)")
    args = parser.parse_args(argv)

    # Index build: reading + validating the files, then the whole rulebook with its index.
    gc.collect()
    read_ms, build_ms = [], []
    for _ in range(args.builds):
        t = time.perf_counter()
        records = entryfiles.load_entries(search.ENTRIES_DIR)
        read_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        book = search._Rulebook(search.ENTRIES_DIR)
        build_ms.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    naive = NaiveScan(book.entries)
    naive_build_ms = (time.perf_counter() - t) * 1000
    files = sum(len(r.files) for r in records)

    queries = build_queries()
    langs = {lang: sum(1 for _, q_lang in queries if q_lang == lang) for lang in search.LANGS}

    def indexed(query, lang):
        return book.search(query, lang, 20, None)

    # First pass on a fresh rulebook: the prefix cache starts empty (what the first
    # player typing after a restart sees).
    cold = time_queries(indexed, queries, 1)
    warm = time_queries(indexed, queries, args.rounds)
    base = time_queries(naive.search, queries, args.rounds)

    found_index = sum(1 for q, lang in queries if book.search(q, lang, 20, None))
    found_naive = sum(1 for q, lang in queries if naive.search(q, lang))

    print("Rule lookup search benchmark")
    print(f"  entries: {len(book.entries)} ({files} files), queries: {len(queries)} "
          f"(pl {langs['pl']}, en {langs['en']}), rounds: {args.rounds}")
    print()
    print("Index build (best / median of %d):" % args.builds)
    print(f"  read + validate files  {min(read_ms):8.1f} / {statistics.median(read_ms):8.1f} ms")
    print(f"  whole rulebook + index {min(build_ms):8.1f} / {statistics.median(build_ms):8.1f} ms "
          f"(index alone ≈ {min(build_ms) - min(read_ms):.1f} ms)")
    print(f"  naive scan setup       {naive_build_ms:8.1f} ms (folding the texts)")
    print()
    print("Search latency, µs          p50       p99       max      mean")
    for name, values in (("index, first pass", cold), ("index, warm", warm), ("baseline: naive scan", base)):
        s = summary(values)
        print(f"  {name:22} {s['p50']:9.1f} {s['p99']:9.1f} {s['max']:9.1f} {s['mean']:9.1f}")
    w, b = summary(warm), summary(base)
    print()
    print(f"Ratio naive / index (warm): p50 {b['p50'] / w['p50']:.1f}×, p99 {b['p99'] / w['p99']:.1f}×, "
          f"mean {b['mean'] / w['mean']:.1f}×")
    print(f"Queries with results: index {found_index}/{len(queries)}, naive scan {found_naive}/{len(queries)}")


if __name__ == "__main__":
    main()
