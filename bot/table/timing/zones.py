"""Time zones of chats: typed as a city («Новосибирск», «Питер»), an offset («+3», «UTC+5:30», «МСК+2») or an IANA
name, and shown to players as a city or an offset, never as «Asia/Novosibirsk».

>>> timezone_name(parse_timezone("МСК+2")), timezone_name(parse_timezone("Питер"))
('UTC+05:00', 'Europe/Moscow')
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import zoneinfo

from rules.text import typed

UTC = dt.UTC

_CITIES = {
    "Europe/Kaliningrad": "калининград",
    "Europe/Moscow": "москва, московское время, по москве, по мск, санкт-петербург, петербург, питер, спб, с-пб, "
    "ленинград, нижний новгород, казань, ростов-на-дону, ростов, краснодар, сочи, воронеж, ярославль, тула, "
    "рязань, тверь, мурманск, архангельск, ставрополь, махачкала, белгород, курск, смоленск, калуга, киров, "
    "чебоксары, пенза, петрозаводск, великий новгород, псков, вологда, владимир, иваново, липецк, тамбов",
    "Europe/Simferopol": "симферополь, крым, севастополь, ялта",
    "Europe/Volgograd": "волгоград",
    "Europe/Samara": "самара, тольятти, ижевск",
    "Europe/Saratov": "саратов",
    "Europe/Ulyanovsk": "ульяновск",
    "Europe/Astrakhan": "астрахань",
    "Asia/Yekaterinburg": "екатеринбург, екб, свердловск, челябинск, уфа, пермь, тюмень, оренбург, курган, "
    "сургут, ханты-мансийск",
    "Asia/Omsk": "омск",
    "Asia/Novosibirsk": "новосибирск, новосиб",
    "Asia/Barnaul": "барнаул, горно-алтайск",
    "Asia/Tomsk": "томск",
    "Asia/Novokuznetsk": "кемерово, новокузнецк, кузбасс",
    "Asia/Krasnoyarsk": "красноярск, норильск, абакан",
    "Asia/Irkutsk": "иркутск, улан-удэ, братск",
    "Asia/Chita": "чита",
    "Asia/Yakutsk": "якутск, благовещенск",
    "Asia/Vladivostok": "владивосток, хабаровск, комсомольск-на-амуре",
    "Asia/Sakhalin": "сахалин, южно-сахалинск",
    "Asia/Magadan": "магадан",
    "Asia/Kamchatka": "камчатка, петропавловск-камчатский",
    "Asia/Anadyr": "анадырь, чукотка",
    "Europe/Minsk": "минск, беларусь, белоруссия, гомель, брест, гродно, витебск, могилев",
    "Europe/Kyiv": "киев, київ, харьков, одесса, днепр, львов",
    "Asia/Almaty": "алматы, алма-ата, астана, нур-султан, караганда, шымкент",
    "Asia/Tashkent": "ташкент, самарканд",
    "Asia/Bishkek": "бишкек",
    "Asia/Dushanbe": "душанбе",
    "Asia/Ashgabat": "ашхабад",
    "Asia/Tbilisi": "тбилиси, батуми",
    "Asia/Yerevan": "ереван",
    "Asia/Baku": "баку",
    "Europe/Chisinau": "кишинёв",
    "Europe/Riga": "рига",
    "Europe/Vilnius": "вильнюс",
    "Europe/Tallinn": "таллин, таллинн",
    "Europe/Helsinki": "хельсинки",
    "Europe/Berlin": "берлин, мюнхен",
    "Europe/London": "лондон",
    "Europe/Paris": "париж",
    "Europe/Prague": "прага",
    "Europe/Warsaw": "варшава",
    "Europe/Vienna": "вена",
    "Europe/Rome": "рим, милан",
    "Europe/Madrid": "мадрид, барселона",
    "Europe/Amsterdam": "амстердам",
    "Europe/Lisbon": "лиссабон",
    "Europe/Athens": "афины",
    "Europe/Sofia": "софия",
    "Europe/Belgrade": "белград",
    "Europe/Podgorica": "подгорица, будва",
    "Europe/Istanbul": "стамбул, анкара, анталья",
    "Asia/Nicosia": "никосия, лимассол, кипр",
    "Asia/Jerusalem": "тель-авив, иерусалим, хайфа",
    "Asia/Dubai": "дубай, абу-даби",
    "Asia/Bangkok": "бангкок, пхукет, паттайя",
    "Asia/Makassar": "бали, денпасар",
    "Asia/Ho_Chi_Minh": "хошимин, нячанг",
    "Asia/Kolkata": "дели, мумбаи, гоа",
    "Asia/Shanghai": "пекин, шанхай",
    "Asia/Tokyo": "токио",
    "Asia/Seoul": "сеул",
    "Asia/Singapore": "сингапур",
    "America/New_York": "нью-йорк, бостон, майами",
    "America/Chicago": "чикаго",
    "America/Toronto": "торонто",
    "America/Los_Angeles": "лос-анджелес, сан-франциско, сиэтл",
}


def _city_key(text: str) -> str:
    """«г. Санкт-Петербург» -> «санкт петербург»."""
    words = re.sub(r"[\s\-–—_.,]+", " ", text.lower().replace("ё", "е")).split()
    if len(words) > 1 and words[0] in ("г", "город"):
        words = words[1:]
    return " ".join(words)


_CITY_ZONES = {_city_key(city): zone for zone, cities in _CITIES.items() for city in cities.split(", ")}

_OFFSET = re.compile(r"(?P<base>utc|gmt|мск|msk)?(?:(?P<sign>[+-])(?P<hours>\d{1,2})(?:[:.]?(?P<minutes>\d{2}))?)?")
_MOSCOW = dt.timedelta(hours=3)  # Moscow time has had no summer time since 2014
_ZONE_EXAMPLES = "Напишите город («Москва», «Новосибирск») или смещение от UTC («+3», «UTC+5:30», «МСК+2»)."


@functools.cache
def _iana_zones() -> tuple[dict[str, str], dict[str, str]]:
    """IANA names by their lower case, and by their last part in words («new york» -> America/New_York)."""
    names = sorted(
        (name for name in zoneinfo.available_timezones()
         if name not in ("Factory", "localtime", "posixrules") and not name.startswith(("posix/", "right/"))),
        key=lambda name: (len(name), name),
    )
    by_last: dict[str, str] = {}
    for name in names:
        if "/" in name and not name.startswith("Etc/"):
            by_last.setdefault(_city_key(name.rsplit("/", 1)[1]), name)
    return {name.lower(): name for name in names}, by_last


def _offset_zone(offset: dt.timedelta) -> dt.tzinfo:
    if offset == dt.timedelta(0):
        return zoneinfo.ZoneInfo("UTC")
    return dt.timezone(offset)


def parse_timezone(text: str) -> dt.tzinfo:
    """A time zone a player names: a city in Russian («Москва», «Питер», «Алма-Ата», «Нью-Йорк»), an IANA name in
    any case («europe/moscow», «America/New York»; or its last part, «Berlin»), an offset from UTC («+3», «UTC+3»,
    «GMT+03:00», «-5», «+5:30», «UTC»), Moscow time and offsets from it («МСК», «МСК+2» = UTC+5).

    Cities and IANA names give a zoneinfo.ZoneInfo (summer time included), offsets a fixed datetime.timezone
    (UTC itself is ZoneInfo("UTC")). timezone_name() shows the zone back so that this function reads it again.
    Raises ValueError with a Russian sentence for anything else.

    >>> parse_timezone("мск"), parse_timezone("Бали")
    (zoneinfo.ZoneInfo(key='Europe/Moscow'), zoneinfo.ZoneInfo(key='Asia/Makassar'))
    >>> parse_timezone("GMT-03:30").utcoffset(None)
    datetime.timedelta(days=-1, seconds=73800)
    """
    squeezed = re.sub(r"\s+", "", text.lower().replace("ё", "е")).translate(str.maketrans("−–—", "---"))
    if squeezed and (offset := _OFFSET.fullmatch(squeezed)):
        base = offset["base"]
        if offset["sign"] is None:
            return zoneinfo.ZoneInfo("Europe/Moscow" if base in ("мск", "msk") else "UTC")
        hours, minutes = int(offset["hours"]), int(offset["minutes"] or 0)
        shift = dt.timedelta(hours=hours, minutes=minutes) * (-1 if offset["sign"] == "-" else 1)
        if base in ("мск", "msk"):
            if shift == dt.timedelta(0):
                return zoneinfo.ZoneInfo("Europe/Moscow")
            shift += _MOSCOW
        if minutes >= 60 or not dt.timedelta(hours=-12) <= shift <= dt.timedelta(hours=14):
            raise ValueError(f"Нет такого часового пояса «{typed(text)}»: смещение от UTC бывает от −12 до +14 часов. "
                             + _ZONE_EXAMPLES)
        return _offset_zone(shift)
    city = _city_key(text)
    if city in _CITY_ZONES:
        return zoneinfo.ZoneInfo(_CITY_ZONES[city])
    by_name, by_last = _iana_zones()
    name = by_name.get("_".join(text.strip().lower().split())) or by_last.get(city)
    if name:
        return zoneinfo.ZoneInfo(name)
    if not text.strip():
        raise ValueError("Не указан часовой пояс. " + _ZONE_EXAMPLES)
    if re.fullmatch(r"\d{1,2}(?:[:.]\d{2})?", squeezed):
        raise ValueError(f"Смещение от UTC пишется со знаком: «+{squeezed}» или «-{squeezed}». " + _ZONE_EXAMPLES)
    raise ValueError(f"Не знаю часовой пояс «{typed(text)}». " + _ZONE_EXAMPLES)


def timezone_name(tz: dt.tzinfo) -> str:
    """How a zone is stored: the IANA name («Europe/Moscow») or the offset («UTC+03:00», «UTC-05:30», «UTC»).
    parse_timezone reads it back; players see it as `timezone_title` shows it.

    >>> timezone_name(parse_timezone("Екатеринбург")), timezone_name(parse_timezone("+5:30"))
    ('Asia/Yekaterinburg', 'UTC+05:30')
    """
    key = getattr(tz, "key", None)
    if isinstance(key, str) and key:
        return key
    offset = tz.utcoffset(None)
    if offset is None:  # a zone of another library: its offset now
        offset = tz.utcoffset(dt.datetime.now(UTC).replace(tzinfo=None))
    if offset is None:
        return str(tz)
    if offset == dt.timedelta(0):
        return "UTC"
    minutes = abs(offset) // dt.timedelta(minutes=1)
    return f"UTC{'-' if offset < dt.timedelta(0) else '+'}{minutes // 60:02d}:{minutes % 60:02d}"


def _title_case(city: str) -> str:
    """«нью-йорк» -> «Нью-Йорк»."""
    return " ".join("-".join(part.capitalize() for part in word.split("-")) for word in city.split())


_ZONE_CITIES = {zone: _title_case(cities.split(", ")[0]) for zone, cities in _CITIES.items()}


def timezone_title(name: str, moment: dt.datetime | None = None) -> str:
    """How a zone stored by `timezone_name` reads to players: its city («Москва», «Новосибирск»), or its offset
    from UTC («UTC+7», «UTC−3:30», «UTC») for a zone we have no Russian city for (the offset at `moment`, by
    default now: summer time changes it).

    >>> timezone_title("Asia/Novosibirsk"), timezone_title("America/New_York"), timezone_title("UTC+05:30")
    ('Новосибирск', 'Нью-Йорк', 'UTC+5:30')
    >>> timezone_title("America/Sao_Paulo", dt.datetime(2026, 1, 1, tzinfo=UTC)), timezone_title("UTC")
    ('UTC−3', 'UTC')
    """
    if name in _ZONE_CITIES:
        return _ZONE_CITIES[name]
    try:
        tz = parse_timezone(name)
    except ValueError:
        return name
    offset = (moment or dt.datetime.now(UTC)).astimezone(tz).utcoffset()
    if not offset:
        return "UTC"
    minutes = abs(offset) // dt.timedelta(minutes=1)
    sign = "−" if offset < dt.timedelta(0) else "+"
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")
