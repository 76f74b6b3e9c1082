"""The shell of the screens: pages and taps (views, urls), websockets (consumers, routing),
what each screen shows (screen_context), the fragments pushed (rendering) and the renders
kept (render_cache), the new-game form, the rule links and the story's words. It loops over
the contracts of the game's layers (contracts) and names none of them."""
