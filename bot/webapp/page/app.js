// The Mini App's page: the table as its server tells it (/api/table), the player's taps on the board, her move sent
// with «Сделать ход» (/api/move). Every call carries Telegram's signed initData; the server decides everything.
"use strict";

(function () {
  const POLL_MS = 3000;
  const ZOOMS = [1, 1.5, 2, 3, 4];
  const base = document.body.dataset.base || "";
  const tg = (window.Telegram && window.Telegram.WebApp) || null;
  const initData = tg ? tg.initData || "" : "";
  const $ = (id) => document.getElementById(id);

  let page = null; // the last table the server sent
  let taps = []; // the board places tapped so far, in order
  let picked = null; // an action chosen from the page's buttons (no taps, or several after the taps)
  let sending = false;
  let stopped = false;
  let zoom = 0;

  function tableToken() {
    const start = tg && tg.initDataUnsafe ? tg.initDataUnsafe.start_param || "" : "";
    if (/^t[A-Za-z0-9_-]{8,32}$/.test(start)) return start.slice(1);
    return new URLSearchParams(location.search).get("table") || "";
  }
  const token = tableToken();

  function applyTheme() {
    const theme = (tg && tg.themeParams) || {};
    for (const [key, value] of Object.entries(theme)) {
      if (typeof value === "string" && /^#[0-9a-fA-F]{3,8}$/.test(value)) {
        document.documentElement.style.setProperty("--tg-theme-" + key.replace(/_/g, "-"), value);
      }
    }
  }

  function say(text) {
    $("message").textContent = text || "";
    $("message").hidden = !text;
  }

  async function call(path, options) {
    const headers = Object.assign({ Authorization: "tma " + initData }, (options && options.headers) || {});
    let answer;
    try {
      answer = await fetch(base + path, Object.assign({}, options, { headers, cache: "no-store" }));
    } catch (error) {
      return { ok: false, message: "Нет связи с ботом. Попробую ещё раз через несколько секунд.", retry: true };
    }
    let data;
    try {
      data = await answer.json();
    } catch (error) {
      data = { ok: false, message: "Бот ответил непонятно. Попробую ещё раз.", retry: true };
    }
    if (answer.status === 401) stopped = true; // no signature: polling again would not help
    return data;
  }

  async function load() {
    if (!token) {
      stopped = true;
      $("turn").textContent = "";
      return say("Не знаю, какой стол открыть: откройте доску кнопкой «🗺 Открыть доску» под доской в чате.");
    }
    const data = await call("/api/table?token=" + encodeURIComponent(token));
    if (!data.ok) {
      if (!data.retry) $("turn").textContent = "";
      return say(data.message);
    }
    show(data);
  }

  // --- showing the table ---------------------------------------------------------------------------------

  function show(data) {
    const moved = !page || page.version !== data.version || page.status !== data.status;
    const keepMessage = !moved && !data.message;
    page = data;
    if (moved) {
      taps = [];
      picked = null;
    }
    document.title = data.title;
    $("title").textContent = data.title;
    $("turn").textContent = data.turn || "";
    if (!keepMessage) say(data.message);
    showPlayers(data.players || []);
    $("secret").textContent = data.secret || "";
    $("my-score").textContent = data.my_score || "";
    $("mine").hidden = !(data.secret || data.my_score);
    $("notice").textContent = data.notice || "";
    $("notice").hidden = !data.notice;
    if (moved || !$("board").firstElementChild) showBoard(data.board);
    showChoice();
  }

  function showPlayers(players) {
    const list = $("players");
    list.textContent = "";
    for (const player of players) {
      const item = document.createElement("li");
      if (player.to_move) item.className = "to-move";
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = player.colour;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = (player.to_move ? "▶ " : "") + player.name + (player.you ? " (вы)" : "") +
        (player.bot ? " 🤖" : "");
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = player.score === null || player.score === undefined ? "" : String(player.score);
      item.append(swatch, name, score);
      list.append(item);
    }
  }

  function showBoard(svg) {
    $("board-box").hidden = !svg;
    $("board").innerHTML = svg || ""; // the server's own drawing of the view, names escaped there
    setZoom(zoom);
  }

  function setZoom(index) {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, index));
    $("board").style.setProperty("--zoom", String(ZOOMS[zoom]));
    $("zoom-out").disabled = zoom === 0;
    $("zoom-in").disabled = zoom === ZOOMS.length - 1;
  }

  // --- choosing a move -----------------------------------------------------------------------------------

  const starts = (action) => taps.every((place, i) => action.taps[i] === place);
  const candidates = () => (page ? page.actions : []).filter((a) => a.taps.length >= taps.length && starts(a));
  const shapes = (id) => $("board").querySelectorAll('[data-target="' + CSS.escape(id) + '"]');

  function showChoice() {
    const board = $("board");
    for (const shape of board.querySelectorAll(".target, .chosen, [data-action]")) {
      shape.classList.remove("target", "chosen");
      shape.removeAttribute("data-action");
    }
    const actions = page ? page.actions : [];
    $("move").hidden = actions.length === 0;
    board.classList.toggle("picking", actions.length > 0 && !picked);
    if (!actions.length) return;
    const left = candidates();
    const next = new Set(left.filter((a) => a.taps.length > taps.length).map((a) => a.taps[taps.length]));
    const drawn = [...next].filter((id) => shapes(id).length > 0);
    if (!picked) for (const id of drawn) shapes(id).forEach((s) => s.classList.add("target"));
    taps.forEach((id) => shapes(id).forEach((s) => s.classList.add("chosen")));
    const done = left.filter((a) => a.taps.length === taps.length);
    // one action left by the taps: it is on the tapped shape and the confirm button sends it
    const chosen = picked || (taps.length && done.length === 1 && !next.size ? done[0] : null);
    if (chosen && taps.length) shapes(taps[taps.length - 1]).forEach((s) => s.setAttribute("data-action", chosen.action));
    // as buttons: the moves without taps, those the board cannot show, and several left after the taps
    const undrawn = left.filter((a) => a.taps.length > taps.length && !shapes(a.taps[taps.length]).length);
    const buttons = taps.length ? (done.length > 1 ? done : []) : done.concat(undrawn);
    showButtons(buttons, chosen);
    $("hint").textContent = chosen ? "Ваш ход: " + chosen.label
      : taps.length && next.size ? "Теперь выберите, куда: подсвеченные места."
      : drawn.length ? "Ваш ход: нажмите на подсвеченное место на доске" + (buttons.length ? " или выберите ниже." : ".")
      : "Ваш ход: выберите ниже.";
    $("confirm").hidden = !chosen;
    $("confirm").disabled = sending;
    $("confirm").dataset.action = chosen ? chosen.action : "";
    $("back").hidden = !(taps.length || picked);
  }

  function showButtons(actions, chosen) {
    const box = $("choices");
    box.textContent = "";
    const groups = new Map(); // the chat's menu groups, so that a long list stays short
    for (const action of actions) {
      const key = action.path.join(" › ");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(action);
    }
    for (const [path, members] of groups) {
      let into = box;
      if (path && actions.length > 8) {
        into = document.createElement("details");
        const title = document.createElement("summary");
        title.textContent = path + " (" + members.length + ")";
        into.append(title);
        into.open = members.some((a) => a === chosen);
        box.append(into);
      }
      for (const action of members) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = action.label;
        button.dataset.action = action.action;
        if (action === chosen) button.classList.add("picked");
        button.addEventListener("click", () => { picked = action; showChoice(); });
        into.append(button);
      }
    }
  }

  function tap(event) {
    const shape = event.target.closest("[data-target]");
    if (!shape || sending) return;
    const id = shape.getAttribute("data-target");
    if (shape.classList.contains("target")) taps.push(id);
    else if (taps[taps.length - 1] === id) taps.pop(); // the last place tapped again: taken back
    // a mis-tap on a small hex is put right by tapping the place meant, without «Назад» first
    else if ((page ? page.actions : []).some((a) => a.taps[0] === id)) taps = [id];
    else return;
    picked = null;
    say("");
    showChoice();
  }

  function back() {
    if (picked) picked = null;
    else taps.pop();
    showChoice();
  }

  async function confirm() {
    const action = $("confirm").dataset.action;
    if (!action || sending) return;
    sending = true;
    $("confirm").disabled = true;
    $("confirm").textContent = "Отправляю…";
    const data = await call("/api/move", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, version: page.version, action }),
    });
    sending = false;
    $("confirm").textContent = "Сделать ход";
    if (data.ok) {
      page = null; // whatever happened, the table shown is the fresh one
      show(data);
    } else {
      say(data.message);
      showChoice();
    }
  }

  // --- pinch to zoom (two fingers change the zoom by steps) ------------------------------------------------

  let pinch = null;
  function spread(touches) {
    return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  }
  function pinchStart(event) {
    if (event.touches.length === 2) pinch = { from: spread(event.touches), zoom };
  }
  function pinchMove(event) {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    const ratio = spread(event.touches) / pinch.from;
    let index = pinch.zoom;
    while (index < ZOOMS.length - 1 && ZOOMS[index + 1] <= ZOOMS[pinch.zoom] * ratio) index++;
    while (index > 0 && ZOOMS[index] > ZOOMS[pinch.zoom] * ratio) index--;
    if (index !== zoom) setZoom(index);
  }

  // --- start ---------------------------------------------------------------------------------------------

  if (tg) {
    tg.ready();
    tg.expand();
  }
  applyTheme();
  $("board").addEventListener("click", tap);
  $("board").addEventListener("touchstart", pinchStart, { passive: true });
  $("board").addEventListener("touchmove", pinchMove, { passive: false });
  $("board").addEventListener("touchend", () => { pinch = null; });
  $("zoom-in").addEventListener("click", () => setZoom(zoom + 1));
  $("zoom-out").addEventListener("click", () => setZoom(zoom - 1));
  $("back").addEventListener("click", back);
  $("confirm").addEventListener("click", confirm);
  if (!initData) {
    $("turn").textContent = "";
    say("Эта страница открывается в Telegram: кнопкой «🗺 Открыть доску» под доской в чате.");
    return;
  }
  load();
  setInterval(() => { if (!stopped && !sending && !document.hidden) load(); }, POLL_MS);
})();
