"""The five scenarios of the Explorers & Pirates box, played on its core; Pirate Lairs, Fish
for Catan and Spices for Catan each also hold the mission the later scenarios reuse."""
