"""The five scenarios of the Traders & Barbarians box, played on the base game."""
