"""The Mini App's identity: Telegram's signed initData, checked as Telegram's documentation says."""

from __future__ import annotations

import time
from urllib.parse import parse_qsl, urlencode

import pytest
from webapp_signing import TOKEN, sign

from bot.webapp.init_data import MAX_AGE, Forged, checked


def fields(init_data: str) -> dict[str, str]:
    return dict(parse_qsl(init_data))


def test_a_genuine_signature_gives_the_user_and_the_table():
    visitor = checked(sign(101, "Анна", start_param="tAb3_-xYz0Q9w"), TOKEN)
    assert (visitor.id, visitor.first_name, visitor.start_param) == (101, "Анна", "tAb3_-xYz0Q9w")
    assert visitor.name == "Анна"


def test_the_documented_algorithm_by_hand():
    """Recomputed here from the documentation's words, not with the module's own helpers."""
    import hashlib
    import hmac

    data = fields(sign(7, "Вера"))
    check = "\n".join(f"{k}={v}" for k, v in sorted(data.items()) if k != "hash")
    key = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    assert hmac.new(key, check.encode(), hashlib.sha256).hexdigest() == data["hash"]


def test_a_changed_field_is_refused():
    data = fields(sign(101, "Анна", start_param="tAAAAAAAAAA"))
    data["start_param"] = "tBBBBBBBBBB"
    with pytest.raises(Forged, match="не сходится"):
        checked(urlencode(data), TOKEN)


def test_another_user_put_in_is_refused():
    data = fields(sign(101, "Анна"))
    data["user"] = data["user"].replace("101", "102")
    with pytest.raises(Forged, match="не сходится"):
        checked(urlencode(data), TOKEN)


def test_a_changed_hash_is_refused():
    data = fields(sign(101, "Анна"))
    data["hash"] = ("0" if data["hash"][0] != "0" else "1") + data["hash"][1:]
    with pytest.raises(Forged, match="не сходится"):
        checked(urlencode(data), TOKEN)


def test_a_missing_hash_is_refused():
    data = fields(sign(101, "Анна"))
    del data["hash"]
    with pytest.raises(Forged):
        checked(urlencode(data), TOKEN)


def test_another_bots_signature_is_refused():
    with pytest.raises(Forged, match="не сходится"):
        checked(sign(101, "Анна", token="999:OTHER"), TOKEN)


def test_a_signature_older_than_a_day_is_refused_with_an_injected_clock():
    made = 1_700_000_000
    init_data = sign(101, "Анна", auth_date=made)
    assert checked(init_data, TOKEN, clock=lambda: made + MAX_AGE - 1).id == 101
    with pytest.raises(Forged, match="устарела"):
        checked(init_data, TOKEN, clock=lambda: made + MAX_AGE + 1)


def test_signed_data_without_a_user_is_refused():
    from bot.webapp.init_data import signature

    data = {"auth_date": str(int(time.time())), "query_id": "x"}
    data["hash"] = signature(data, TOKEN)
    with pytest.raises(Forged, match="нет пользователя"):
        checked(urlencode(data), TOKEN)


def test_a_field_given_twice_is_refused():
    init_data = sign(101, "Анна")
    with pytest.raises(Forged):
        checked(init_data + "&user=%7B%22id%22%3A5%7D", TOKEN)


@pytest.mark.parametrize("garbage", ["", "hash", "%%%", "a=1&&b", "x" * 10000, "user=1&hash=abc", "\x00=\x00"])
def test_garbage_is_refused_in_russian(garbage):
    with pytest.raises(Forged) as refused:
        checked(garbage, TOKEN)
    assert any("а" <= c <= "я" for c in str(refused.value))
