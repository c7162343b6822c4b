"""Speed of the bot on this machine: `python tests/benchmark.py [--moves N]`.

Measures one move handled end to end by the service (parse, rules, SQLite commit, PNG), rendering
alone (and the PNG encoding, palette against RGB), random self-play, and rule lookups (index build and
one search); prints median and 95th percentile. The README reports its figures.

    python tests/benchmark.py --frontend --chats 20 [--presses 6] [--latency 0.05] [--timeout 300]

runs the real `python -m bot` process (long polling, the Telegram front end with its rate limiter) against
the fake Bot API on 127.0.0.1 with `--latency` seconds of simulated network round trip on every request.
N groups play Kingdom Builder at once, as players would: /new, three /join, /begin, then presses of the
buttons under the latest board (a build, or a menu group first), each player waiting for the bot's answer
before acting again. It reports updates handled per second and the reply latency: from pushing an update
to the first message the bot sends or edits in that chat. Loopback only; bounded by --presses and
--timeout. The bot runs from this file's checkout: export a commit (`git archive`) to measure that commit.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import importlib
import io
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup.rulebook import RuleBook  # noqa: E402
from bot.replies.reply import Chat, User  # noqa: E402
from bot.table.service import Service  # noqa: E402
from render.common import to_png  # noqa: E402
from render.registry import RENDERERS  # noqa: E402
from rules.registry import GAMES  # noqa: E402
from tests.e2e_harness import START_TIMEOUT, bot_env  # noqa: E402
from tests.fake_bot_api import SEND_METHODS, ApiError, Call, FakeBotApi  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

CHAT = Chat(id=-1)
USERS = [User(i, name) for i, name in enumerate(["Аня", "Борис", "Вера", "Глеб"], start=1)]


def summary(samples_ms: list[float]) -> dict:
    ordered = sorted(samples_ms)
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


async def end_to_end(game_name: str, moves: int, seed: int) -> dict:
    """Press random legal buttons through the service; each press is one timed sample."""
    samples: list[float] = []
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        service = await Service.open(str(Path(folder) / "bench.db"))
        while len(samples) < moves:
            await service.command(CHAT, USERS[0], "new", game_name)
            for user in USERS[1:]:
                await service.command(CHAT, user, "join", "")
            reply = (await service.command(CHAT, USERS[0], "begin", ""))[0]
            keyboard = reply.buttons
            # a finished game's board offers only «🔁 Реванш»
            while any(not b.data.startswith("re:") for line in keyboard for b in line) and len(samples) < moves:
                row = await service.store.open_game(CHAT.id)
                game = GAMES[row.game]
                seat = game.current_seat(game.load(row.state))
                user = next(u for u in USERS if u.id == row.seats[seat].user_id)
                # a move, a menu group (which only swaps the keyboard, untimed) or the button of hidden
                # choices (a hand: chosen in inline mode, sent as a typed command); never the secrets button
                button = rng.choice([b for line in keyboard for b in line
                                     if b.data.startswith(("g:", "k:")) or b.inline_query is not None])
                if button.inline_query is not None:
                    choice = rng.choice((await service.inline(user, button.inline_query)).articles)
                    name, _, args = html.unescape(choice.text).lstrip("/").partition(" ")  # what Telegram posts
                    started = time.perf_counter()
                    replies = await service.command(CHAT, user, name, args)
                    samples.append((time.perf_counter() - started) * 1000)
                    keyboard = next(r for r in reversed(replies) if r.to_user is None).buttons
                    continue
                started = time.perf_counter()
                answer = await service.button(CHAT, user, button.data)
                if answer.keyboard is not None:
                    keyboard = answer.keyboard
                    continue
                samples.append((time.perf_counter() - started) * 1000)
                board = answer.edit or next(r for r in reversed(answer.replies) if r.to_user is None)
                keyboard = board.buttons  # redrawn in place, or a new board
            if await service.store.open_game(CHAT.id):
                await service.command(CHAT, USERS[0], "abort", "")
                row = await service.store.open_game(CHAT.id)
                await service.button(CHAT, USERS[0], f"abort:{row.id}:{row.version}")
        await service.close()
    return summary(samples)


def to_jpeg(picture, quality: int = 90) -> bytes:
    """A high-quality JPEG (no chroma subsampling), to weigh against the PNG the bot sends."""
    out = io.BytesIO()
    picture.convert("RGB").save(out, format="JPEG", quality=quality, subsampling=0)
    return out.getvalue()


def rendering(game_name: str, pictures: int, seed: int) -> dict:
    """Whole pictures (`draw`: drawing and PNG), and the encoding of the same pictures alone: PNG with the
    palette (what the bot sends), PNG in RGB and JPEG of quality 90 (for comparison)."""
    game, draw = GAMES[game_name], RENDERERS[game_name]
    render = importlib.import_module(f"render.{game_name}").render
    rng = random.Random(seed)
    state = game.new([u.name for u in USERS], seed=seed)
    draw(game.view(state))  # the first call builds the cached background; not a typical reply
    samples: list[float] = []
    encode: dict[str, list[float]] = {"palette": [], "rgb": [], "jpeg": []}
    sizes: dict[str, list[int]] = {"palette": [], "rgb": [], "jpeg": []}
    for _ in range(pictures):
        for _ in range(rng.randint(1, 6)):
            if game.is_over(state):
                state = game.new([u.name for u in USERS], seed=rng.randrange(10**6))
            game.apply(state, rng.choice(game.legal_actions(state)))
        view = game.view(state)
        started = time.perf_counter()
        draw(view)
        samples.append((time.perf_counter() - started) * 1000)
        picture = render(view)
        for kind in ("palette", "rgb", "jpeg"):
            started = time.process_time()
            encoded = to_jpeg(picture) if kind == "jpeg" else to_png(picture, palette=kind == "palette")
            encode[kind].append((time.process_time() - started) * 1000)
            sizes[kind].append(len(encoded))
    return {**summary(samples),
            "png_encode_cpu": {kind: {**summary(ms), "median_kib": round(statistics.median(sizes[kind]) / 1024)}
                               for kind, ms in encode.items()}}


def selfplay(game_name: str, games: int, seed: int) -> dict:
    game = GAMES[game_name]
    actions, started = 0, time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.new([u.name for u in USERS], seed=seed + i)
        while not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
            actions += 1
    seconds = time.perf_counter() - started
    return {"games": games, "actions": actions, "seconds": round(seconds, 2),
            "actions_per_second": round(actions / seconds)}


def rule_lookups(rounds: int) -> dict:
    """Index build time, and one search per question of the test set, `rounds` times over."""
    started = time.perf_counter()
    book = RuleBook.load()
    load_ms = (time.perf_counter() - started) * 1000
    questions = [q["q"] for q in json.loads((Path(__file__).parent / "rules_questions.json").read_text())]
    samples = []
    for _ in range(rounds):
        for question in questions:
            started = time.perf_counter()
            book.search(question, limit=4)
            samples.append((time.perf_counter() - started) * 1000)
    return {"index_build_ms": round(load_ms, 1), "search": summary(samples)}


# ------------------------------------------------------------------ the real front end (--frontend)

FRONTEND_GAME = "kingdom"
PLAYER_NAMES = ("Анна", "Борис", "Вера", "Глеб")
BOARD_EDITS = frozenset({"editMessageMedia", "editMessageText", "editMessageCaption", "editMessageReplyMarkup"})
STEP_TIMEOUT = 120.0  # one update's answer; a chat that waits longer is counted as failed
MENTION = re.compile(r"tg://user\?id=(\d+)")


class ObservedBotApi(FakeBotApi):
    """The fake Bot API filing every message sent or edited by chat, so that each simulated group waits on
    its own chat instead of scanning all calls."""

    def __init__(self, **options: object):
        super().__init__(**options)
        self.by_chat: dict[int, list[Call]] = defaultdict(list)
        self.failed_calls = 0
        self._chats = threading.Condition()

    def _dispatch(self, call: Call, files: dict[str, bytes]) -> object:
        try:
            return super()._dispatch(call, files)
        except ApiError as error:
            call.error = error.description
            raise
        finally:
            if call.method in SEND_METHODS or call.method in BOARD_EDITS:
                with self._chats:
                    self.failed_calls += call.error is not None
                    try:
                        self.by_chat[int(call.chat_id)].append(call)
                    except (TypeError, ValueError):
                        pass
                    self._chats.notify_all()

    def count(self, chat_id: int) -> int:
        with self._chats:
            return len(self.by_chat[chat_id])

    def wait_chat(self, chat_id: int, since: int, wanted, deadline: float) -> Call:
        """The first call in the chat at position >= since that `wanted` accepts."""
        with self._chats:
            while True:
                for call in self.by_chat[chat_id][since:]:
                    if wanted(call):
                        return call
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"chat {chat_id}: no answer; last calls {self.by_chat[chat_id][-3:]}")
                self._chats.wait(min(left, 1.0))


@dataclass
class Table:
    """One group: its players, the board they look at, and the timed updates it pushed."""

    chat_id: int
    players: dict[int, str]  # user id -> first name
    rng: random.Random
    samples: list[tuple[str, float]] = field(default_factory=list)  # (kind, milliseconds)
    error: str | None = None
    board: Call | None = None
    keyboard: list[tuple[str, str]] = field(default_factory=list)

    def mover(self) -> int:
        """The player the caption names last: a mention when the turn has just passed, else the name."""
        last = (self.board.text if self.board else "").rsplit("Ходит ", 1)[-1]
        ids = MENTION.findall(last)
        if ids and int(ids[0]) in self.players:
            return int(ids[0])
        name = html.unescape(re.sub(r"<[^>]+>", "", last)).strip().rstrip(".")
        return next((uid for uid, n in self.players.items() if name.startswith(n)), next(iter(self.players)))


def step(server: ObservedBotApi, table: Table, kind: str, push, done, deadline: float) -> Call:
    """Push one update, time it to the chat's first message sent or edited, and wait until `done`."""
    since = server.count(table.chat_id)
    started = time.monotonic()
    push()
    first = server.wait_chat(table.chat_id, since, lambda c: True, deadline)
    table.samples.append((kind, (first.time - started) * 1000))
    return server.wait_chat(table.chat_id, since, done, deadline)


def play_table(server: ObservedBotApi, table: Table, presses: int, deadline: float) -> None:
    """/new, the joins, /begin, then `presses` button presses by whoever is to move, each after the answer."""
    chat = table.chat_id
    creator, *joiners = table.players

    def say(user: int, text: str) -> None:
        server.push_message(chat, user, table.players[user], text)

    def message(call: Call) -> bool:  # a new message, or the lobby edited in place
        return (call.is_message or call.method == "editMessageText") and call.error is None

    try:
        step(server, table, "command", lambda: say(creator, f"/new {FRONTEND_GAME}"), message,
             min(deadline, time.monotonic() + STEP_TIMEOUT))
        for user in joiners:
            step(server, table, "command", lambda u=user: say(u, "/join"), message,
                 min(deadline, time.monotonic() + STEP_TIMEOUT))
        board = step(server, table, "command", lambda: say(creator, "/begin"),
                     lambda c: c.method == "sendPhoto" and c.error is None and bool(c.keyboard),
                     min(deadline, time.monotonic() + STEP_TIMEOUT))
        table.board, table.keyboard = board, board.buttons
        for _ in range(presses):
            moves = [data for _, data in table.keyboard if data.startswith("g:")]
            menus = [data for _, data in table.keyboard if data.startswith("k:")]
            if not moves and not menus:
                return  # the game is over
            data = table.rng.choice(moves or menus)
            message_id, mover = table.board.message_id, table.mover()

            def answer(c: Call, message_id: int = message_id) -> bool:
                if c.error is not None:
                    return False
                if c.method in ("editMessageMedia", "editMessageReplyMarkup"):
                    return c.message_id == message_id and bool(c.keyboard)  # in place, or a menu level
                return c.is_message  # a new board, or a refusal

            def press(user: int = mover, message_id: int = message_id, data: str = data) -> None:
                server.push_callback(chat, user, table.players[user], message_id, data)

            reply = step(server, table, "move" if moves else "menu", press, answer,
                         min(deadline, time.monotonic() + STEP_TIMEOUT))
            if reply.method == "editMessageReplyMarkup":
                table.keyboard = reply.buttons  # a menu level under the same board and caption
            elif reply.method in ("editMessageMedia", "sendPhoto"):
                table.board, table.keyboard = reply, reply.buttons
            # a text (a refusal): the same board; another button next time
    except TimeoutError as error:
        table.error = str(error)


def start_bot(server: FakeBotApi, folder: Path) -> subprocess.Popen:
    """`python -m bot` from this checkout, logging at INFO as in production, started when it has published
    its commands (post_init done, polling next)."""
    env = bot_env(server, folder / "bot.db")
    env["LOG_LEVEL"] = "INFO"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    log = open(folder / "bot.log", "wb")  # noqa: SIM115 (the process owns it until it ends)
    process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_TIMEOUT
    while not server.calls_of("setMyCommands"):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit("the bot did not start:\n" + (folder / "bot.log").read_text(errors="replace")[-3000:])
        time.sleep(0.05)
    return process


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc); None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def commit() -> str:
    """The commit of this checkout ("+dirty" with uncommitted changes), or the export's note."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return os.environ.get("BENCHMARK_COMMIT", "unknown (not a git checkout)")


def frontend(chats: int, presses: int, latency: float, timeout: float, seed: int) -> dict:
    with tempfile.TemporaryDirectory() as folder, ObservedBotApi(latency=latency) as server:
        bot = start_bot(server, Path(folder))
        cpu_before = cpu_seconds(bot.pid)
        rng = random.Random(seed)
        tables = [Table(chat_id=-1_000_000_000_000 - i,
                        players={10_000 * (i + 1) + k: name for k, name in enumerate(PLAYER_NAMES)},
                        rng=random.Random(rng.randrange(10**9)))
                  for i in range(chats)]
        started = time.monotonic()
        deadline = started + timeout
        threads = [threading.Thread(target=play_table, args=(server, t, presses, deadline), daemon=True)
                   for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()) + 5)
        seconds = time.monotonic() - started
        calls = sum(len(v) for v in server.by_chat.values())
        cpu_after = cpu_seconds(bot.pid)
        bot.send_signal(signal.SIGTERM)
        try:
            bot.wait(30)
        except subprocess.TimeoutExpired:
            bot.kill()
            bot.wait()
        errors = [line for line in (Path(folder) / "bot.log").read_text(errors="replace").splitlines()
                  if " ERROR " in line]
    samples = [s for t in tables for s in t.samples]
    by_kind = defaultdict(list)
    for kind, ms in samples:
        by_kind[kind].append(ms)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return {
        "commit": commit(),
        "game": FRONTEND_GAME,
        "chats": chats,
        "players_per_chat": len(PLAYER_NAMES),
        "presses_per_chat": presses,
        "network_round_trip_ms": round(latency * 1000),
        "updates": len(samples),
        "seconds": round(seconds, 2),
        "updates_per_second": round(len(samples) / seconds, 1),
        "reply_latency": summary([ms for _, ms in samples]) if samples else {},
        "reply_latency_by_kind": {kind: summary(ms) for kind, ms in sorted(by_kind.items())},
        "bot_api_messages_per_second": round(calls / seconds, 1),  # sends and edits; the limiter allows 30
        "bot_api_errors": server.failed_calls,
        "bot_cpu_seconds": None if cpu is None else round(cpu, 2),  # the bot process, during the run
        "bot_cpu_ms_per_update": None if cpu is None or not samples else round(cpu * 1000 / len(samples), 1),
        "chats_failed": [t.error for t in tables if t.error][:5],
        "bot_log_errors": errors[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frontend", action="store_true",
                        help="only the real front end: `python -m bot` against the fake Bot API")
    parser.add_argument("--chats", type=int, default=20, help="--frontend: groups playing at once")
    parser.add_argument("--presses", type=int, default=6,
                        help="--frontend: button presses per group after /begin (6 keeps a group under "
                             "Telegram's 20 messages a minute)")
    parser.add_argument("--latency", type=float, default=0.05,
                        help="--frontend: simulated network round trip per Bot API request, seconds")
    parser.add_argument("--timeout", type=float, default=300, help="--frontend: seconds for the whole run")
    args = parser.parse_args()
    if args.frontend:
        result = frontend(args.chats, args.presses, args.latency, args.timeout, args.seed)
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    result = {
        "game": args.game,
        "move_end_to_end": asyncio.run(end_to_end(args.game, args.moves, args.seed)),
        "render": rendering(args.game, args.moves, args.seed),
        "selfplay": selfplay(args.game, args.games, args.seed),
        "rule_lookup": rule_lookups(5),
    }
    print(json.dumps(result, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
