"""My tables on PostgreSQL (a fresh schema per test): the same cards, in one statement."""
from __future__ import annotations

import pytest

from tests.api.test_home_me import (  # noqa: F401 - collected here again, on PostgreSQL
    test_a_lobby_card_names_the_open_seat_as_open_and_a_bot_as_a_bot,
    test_my_tables_are_read_in_one_statement_however_many,
    test_my_tables_say_players_whose_turn_and_when_and_show_my_seats_view_only,
    test_once_games_finish_here_the_cards_say_how_long_they_took,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def database_url(postgres_url: str) -> str:
    return postgres_url
