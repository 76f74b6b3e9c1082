"""The cores: the game a table plays (the base game, Cities & Knights, Explorers & Pirates)."""
