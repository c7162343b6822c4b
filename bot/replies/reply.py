"""What the service receives from a front end and what it answers, free of any transport.

Texts are Telegram HTML (only <b>, <i>, <code> and <a href="tg://user?id=N"> are used, everything
else escaped); the console turns them into plain text.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.replies.names import clean_name, clean_title


@dataclass(frozen=True)
class Chat:
    id: int
    private: bool = False  # a one-to-one chat with the bot
    title: str = ""
    # the forum topic (message thread id) the update came from: each topic holds a table of its own; 0 is a chat
    # without topics and a forum's General topic (Telegram gives its messages no thread)
    topic: int = 0
    topic_title: str = ""  # the topic's name where the front end knows it
    forum: bool = field(default=False, compare=False)  # a supergroup with topics (a table in each topic)

    def __post_init__(self) -> None:  # titles are shown in texts: nothing in them may steer or link (`names`)
        object.__setattr__(self, "title", clean_title(self.title))
        object.__setattr__(self, "topic_title", clean_title(self.topic_title))


@dataclass(frozen=True)
class User:
    id: int
    name: str  # what other players see: first name (and last name)
    is_admin: bool = False  # a chat administrator; front ends fill it in where it matters (/abort)
    username: str = ""  # the Telegram @username (without «@») where the person has one: tells equal names apart

    def __post_init__(self) -> None:  # the one place a name enters the service: made safe to show (`names`)
        object.__setattr__(self, "name", clean_name(self.name, self.id))


@dataclass(frozen=True)
class Button:
    text: str
    data: str  # short ASCII, at most 64 bytes
    # instead of data: put "@bot <query>" into the presser's input line, so that inline mode offers them
    # choices only they see (personal inline results): how a hidden hand is played in a group
    inline_query: str | None = None
    # instead of data: open the Mini App on the table of the game with this token (the front end makes the link)
    app: str | None = None


@dataclass
class Reply:
    text: str
    image: bytes | None = None  # a PNG; the text is then its caption (kept under 1024 characters)
    buttons: list[list[Button]] = field(default_factory=list)  # rows of an inline keyboard
    to_user: int | None = None  # None: into the chat; a user id: privately to that user
    # a board owed to the chat: (game id, version); the front end reports its delivery (Service.announced)
    announces: tuple[int, int] | None = None
    # a message the game keeps track of, as (kind, game id): ("lobby", 12), ("board", 12); the front end
    # reports the id of the message that shows it (Service.shown)
    remember: tuple[str, int] | None = None
    replaces: int | None = None  # the id of a message to edit into this one instead of sending a new one
    link_board: bool = False  # a private note: the front end adds a link to the board it has just sent
    # a private note about the message that brought the command (a hidden choice sent outside its table): the
    # front end removes that message where it can
    drop_command: bool = False
    topic: int | None = None  # into this table (forum topic; 0: General) of the chat rather than where asked
    # whether the message makes a sound: only the board that gives someone the turn, the final result and the
    # private «ваш ход» (outside the table's quiet hours); everything else is sent with disable_notification
    sound: bool = False
    # a refusal meant for this user alone (not playing, not their turn): the service sends it privately where the
    # user has started the bot, else as a short reply that goes away (`expires`); it never stays in the group
    only_for: int | None = None
    expires: float | None = None  # seconds after which the front end deletes the message it sent


@dataclass
class ButtonAnswer:
    """The answer to a pressed button: a short toast (or an alert window), then ordinary replies."""

    toast: str | None = None
    alert: bool = False  # show the toast as a window the user must close (for longer texts)
    replies: list[Reply] = field(default_factory=list)
    clear_buttons: bool = False  # remove the keyboard from the message whose button was pressed
    edit: Reply | None = None  # new text and keyboard for the message whose button was pressed
    keyboard: list[list[Button]] | None = None  # a new keyboard for that message (a menu level)...
    picture: bytes | None = None  # ...and with it a new picture (PNG)...
    caption: str | None = None  # ...under this caption (HTML): never the pressed message's own copy of it
    # what follows once the press is answered: the bots' moves after a person's (`Service.button` runs it)
    then: Callable[[], Awaitable[list[Reply]]] | None = None
    answered: bool = False  # the front end has already answered the press (before the bots thought)


@dataclass(frozen=True)
class Article:
    """One answer offered in inline mode (@bot query in any chat); `text` (HTML) is what gets sent."""

    id: str
    title: str
    description: str
    text: str


@dataclass
class InlineAnswer:
    """The answer to an inline query: articles, and whether they are this user's own (a hidden hand:
    never cached, never shown to anybody else). `note` is a button above the results that opens the
    private chat with the bot with `/start <start>`."""

    articles: list[Article]
    personal: bool = False
    note: str | None = None
    start: str | None = None
