"""Game options and variants that go with a core: the Events of Catan deck and the variants of
Traders & Barbarians (friendly robber, Harbormaster, Catan for two and its travel edition)."""
