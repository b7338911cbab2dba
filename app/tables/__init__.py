"""The domain: lobby, seats and tokens, the one move pipeline, bot turns, chat, presence, rematch.

Imports games, store, realtime and bots; never web."""
