"""The Mini App's settings: WEBAPP_URL (empty: no Mini App), where its server listens, its short name."""

from __future__ import annotations

import pytest

from bot.config import Settings


def load(tmp_path, **env: str) -> Settings:
    return Settings.load(env, env_file=tmp_path / "none.env")


def test_without_webapp_url_there_is_no_mini_app(tmp_path):
    settings = load(tmp_path)
    assert (settings.webapp_url, settings.webapp_listen, settings.webapp_port, settings.webapp_short_name) == (
        "", "127.0.0.1", 8081, "")


def test_the_server_serves_at_the_path_of_the_address(tmp_path):
    settings = load(tmp_path, WEBAPP_URL="https://bot.example.com/app/", WEBAPP_PORT="9000",
                    WEBAPP_LISTEN="0.0.0.0", WEBAPP_SHORT_NAME="board")
    assert settings.webapp_url == "https://bot.example.com/app"
    assert settings.webapp_path == "/app"
    assert (settings.webapp_listen, settings.webapp_port, settings.webapp_short_name) == ("0.0.0.0", 9000, "board")
    assert load(tmp_path, WEBAPP_URL="https://bot.example.com").webapp_path == ""


@pytest.mark.parametrize("url", ["http://bot.example.com/app", "ftp://bot.example.com", "bot.example.com/app",
                                 "https://bot.example.com/app?x=1", "https:///app"])
def test_an_address_telegram_would_not_open_is_refused_by_name(tmp_path, url):
    with pytest.raises(ValueError, match="WEBAPP_URL"):
        load(tmp_path, WEBAPP_URL=url)


def test_a_test_on_this_machine_may_use_plain_http(tmp_path):
    assert load(tmp_path, WEBAPP_URL="http://127.0.0.1:8081/app").webapp_path == "/app"


@pytest.mark.parametrize("name", ["a", "with space", "дом", "x" * 31])
def test_a_short_name_botfather_would_not_give_is_refused(tmp_path, name):
    with pytest.raises(ValueError, match="WEBAPP_SHORT_NAME"):
        load(tmp_path, WEBAPP_SHORT_NAME=name)
