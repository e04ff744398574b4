// The table page: one WebSocket client of tarock-table/1 (docs/server.md), drawn from each
// `view`. The server is the authority: a click shows its effect at once and the next view
// confirms it (an `error` rolls it back with the engine's reason). The words come from the
// view's `present` field and the game's catalogue, in the language the reader chose.
//
// Hooks for automated clients (part of the contract): each card of the hand is an element with
// data-card and, when it may be chosen now, data-legal="true"; the data-submit element sends a
// selection of several cards; every other legal action is a button with data-action; the
// data-deal-end element shows a finished deal and data-next-deal dismisses it; data-to-act
// names whose turn it is, with the view's seq and how many views arrived.

import { cardSVG, parseCard } from "./cards.js";
import {
  h, languageSelect, loadCatalogue, placeChildren, preferredLanguage, setAttributes,
} from "./i18n.js";
import { openReplay } from "./replay.js";
import { linkRule, openRules, refusal } from "./rules.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.search);
const TOKEN_KEY = `tarock.token.${tableId}`;
const ANIM_KEY = "tarock.animations";

const page = {
  info: null, // the table's public information (GET /api/tables/{id})
  cat: null, // the catalogue with t()
  languages: ["en"], // those the game has words in (GET /api/games)
  lang: "en",
  token: null,
  ws: null,
  view: null,
  views: 0, // how many views arrived, shown as a hook: a view sent again moves no seq
  selection: new Set(),
  pending: null, // the action sent and not yet answered
  dealEnd: null, // the last deal_end message, until dismissed
  showLast: false,
  log: [],
  chat: [],
  retry: 0,
  shownTrick: [], // the trick's cards drawn last, to animate only new ones
  focusCard: null,
};

const $ = (id) => document.getElementById(id);

// -- start ----------------------------------------------------------------------------------

async function start() {
  const info = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
  if (!info.ok) {
    document.body.replaceChildren(h("p", { class: "error" }, `No table ${tableId}.`));
    return;
  }
  page.info = await info.json();
  const games = await (await fetch("/api/games")).json();
  page.languages = games.find((g) => g.name === page.info.game).languages;
  page.lang = preferredLanguage(page.languages);
  page.cat = await loadCatalogue(page.info.game, page.lang);
  labels();
  const animations = localStorage.getItem(ANIM_KEY) !== "off";
  $("anim").checked = animations;
  document.body.classList.toggle("no-anim", !animations);
  $("anim").addEventListener("change", () => {
    localStorage.setItem(ANIM_KEY, $("anim").checked ? "on" : "off");
    document.body.classList.toggle("no-anim", !$("anim").checked);
  });
  $("btn-last").addEventListener("click", () => {
    page.showLast = !page.showLast;
    $("btn-last").setAttribute("aria-pressed", String(page.showLast));
    render();
  });
  $("btn-sheet").addEventListener("click", () => {
    $("sheet").open = !$("sheet").open;
    $("sheet").scrollIntoView({ block: "nearest" });
  });
  $("btn-replay").addEventListener("click", () => openReplay(tableId, page.cat, $("replay")));
  $("btn-rules").addEventListener("click", () => openRules(page.info.game, page.cat));
  $("chat-form").addEventListener("submit", sendChat);
  $("hand").addEventListener("keydown", handKeys);
  $("hand").addEventListener("click", clickCard);
  setInterval(tick, 1000);

  const given = params.get("token");
  if (given) {
    localStorage.setItem(TOKEN_KEY, given);
    page.token = given;
  } else if (params.has("join")) {
    askName(Number(params.get("join")));
    return;
  } else {
    page.token = localStorage.getItem(TOKEN_KEY);
  }
  connect();
}

/** The words of the page chrome, again after a change of language. */
function labels() {
  const { t } = page.cat;
  document.documentElement.lang = page.lang;
  $("title").textContent = t("game.title");
  $("btn-last").textContent = t("web.last_trick");
  $("btn-sheet").textContent = t("ui.score_sheet");
  $("btn-replay").textContent = t("web.replay");
  $("btn-rules").textContent = t("web.rules");
  $("anim-label").textContent = t("web.animations");
  $("sheet-title").textContent = t("ui.score_sheet");
  $("log-title").textContent = t("web.log");
  $("chat-title").textContent = t("web.chat");
  $("chat-send").textContent = t("web.send");
  $("chat-input").placeholder = t("web.chat_placeholder");
  $("chat-input").setAttribute("aria-label", t("web.chat"));
  $("home").title = t("web.lobby");
  $("lang-slot").replaceChildren(languageSelect(page.languages, page.lang, changeLanguage));
}

async function changeLanguage(lang) {
  page.lang = lang;
  page.cat = await loadCatalogue(page.info.game, lang);
  labels();
  page.log = [];
  reconnect(); // the server words the views in the connection's language
}

/** An open seat's link: ask for a name in place, take the seat, then play with its token. */
function askName(seat) {
  const { t } = page.cat;
  const input = h("input", { id: "join-name", required: true, maxlength: 40,
    value: localStorage.getItem("tarock.name") ?? "" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "join-form panel" },
    h("h2", {}, t("web.join_title")),
    h("label", { for: "join-name" }, t("web.your_name")), " ", input, " ",
    h("button", { type: "submit", class: "primary", id: "join-button" }, t("web.join")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    localStorage.setItem("tarock.name", input.value);
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/join`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: input.value, seat }),
    });
    const answer = await response.json();
    if (!response.ok) {
      error.textContent = errorWords(answer.error);
      return;
    }
    page.token = answer.token;
    localStorage.setItem(TOKEN_KEY, answer.token);
    history.replaceState(null, "", `/table/${tableId}?token=${encodeURIComponent(answer.token)}`);
    connect();
  });
  $("center").replaceChildren(form);
  input.focus();
}

// -- the connection -------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang: page.lang });
  if (page.token) query.set("token", page.token);
  const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}?${query}`);
  page.ws = ws;
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onopen = () => {
    page.retry = 0;
    $("conn").textContent = "";
  };
  ws.onclose = (event) => {
    if (page.ws !== ws) return; // replaced on purpose
    if (event.code === 4403) { // the token holds no seat here: watch instead
      localStorage.removeItem(TOKEN_KEY);
      page.token = null;
    }
    if (event.code === 4404) return;
    $("conn").textContent = page.cat.t("web.reconnecting");
    page.pending = null;
    const delay = Math.min(5000, 300 * 2 ** page.retry++);
    setTimeout(() => { if (page.ws === ws) connect(); }, delay);
  };
}

function reconnect() {
  const old = page.ws;
  page.ws = null;
  if (old) old.close();
  connect();
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "view":
      if (page.view && message.deal !== page.view.deal) page.selection.clear();
      page.view = message;
      page.views += 1;
      page.pending = null;
      render();
      break;
    case "event":
      addLog(message.words ?? message.text, message.seat);
      break;
    case "deal_end":
      page.dealEnd = message;
      addLog(page.cat.t("web.deal_over"));
      break;
    case "chat":
      page.chat.push(message);
      renderChat();
      break;
    case "error":
      page.pending = null;
      if (message.code === "stale") { // the table moved on meanwhile: show it as it is now
        send({ type: "sync" });
      } else {
        notice(page.cat.t("web.refused", { reason: refusal(errorWords(message), message.rule) }),
          message.rule);
      }
      render();
      break;
    default:
      break;
  }
}

/** A refusal of the server in the reader's words where the catalogue has them (by its code,
 *  or the engine's reason for an illegal action), else the server's own (English) message. */
function errorWords(error) {
  const { strings } = page.cat;
  return strings[`web.error.${error.code}`] ?? strings[`refusal.${error.reason}`] ?? error.message;
}

function act(action) {
  if (page.pending || !page.view) return;
  page.pending = action;
  page.selection.clear();
  send({ type: "act", seq: page.view.seq, action });
  render(); // the chosen card leaves the hand at once; the next view confirms it
}

/** A line under whose turn it is; the rule it names (if any) opens the rule's text. */
function notice(text, rule) {
  $("notice").replaceChildren(...linkRule(text, rule, page.cat));
}

// -- reading a view -------------------------------------------------------------------------

function names() {
  return page.view.seats.map((s) => s.name ?? page.cat.t("web.open_seat"));
}

const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/** How the legal actions meet the hand: one action per playable card, the cards a selection
 *  may take, the multi-card actions, and the other actions (buttons). A kind of action is
 *  chosen by clicking cards only when every card it offers is in the hand (a play, a Matto
 *  exchange from the hand); a call of a card, which may lie anywhere, stays a button. */
function choices() {
  const view = page.view;
  const hand = view.present?.hand ?? view.observation.hand ?? [];
  const byCard = new Map();
  const multi = [];
  const buttons = [];
  const outside = new Set(view.legal.filter((a) => typeof a.card === "string"
    && !hand.includes(a.card)).map((a) => a.type));
  view.legal.forEach((action, i) => {
    const label = view.present?.legal?.[i] ?? JSON.stringify(action);
    if (Array.isArray(action.cards)) {
      multi.push(action);
      return;
    }
    if (typeof action.card === "string" && !outside.has(action.type)) {
      const known = byCard.get(action.card);
      if (!known || Object.keys(action).length < Object.keys(known.action).length) {
        if (known) buttons.push(known); // the same card with a signal: a button beside it
        byCard.set(action.card, { action, label });
        return;
      }
    }
    buttons.push({ action, label });
  });
  const selectable = new Set(multi.flatMap((a) => a.cards));
  return { hand, byCard, multi, selectable, buttons };
}

// -- drawing --------------------------------------------------------------------------------

function render() {
  if (!page.view) return;
  renderSeats();
  renderCenter();
  renderFacts();
  renderTurn();
  renderHandAndActions();
  renderSheet();
}

function relative(seat) {
  const n = page.view.seats.length;
  const me = page.view.seat ?? 0;
  return (seat - me + n) % n;
}

const POSITIONS = {
  2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
};

function position(seat) {
  const n = page.view.seats.length;
  return (POSITIONS[n] ?? POSITIONS[4])[relative(seat)] ?? "top";
}

/** A card's name: short (its index), long (as players say it) or spoken (for a screen
 *  reader), from the table's own names where an option renamed it, else the catalogue. */
function cardName(code, form = "short") {
  const own = page.view?.present?.names?.[code];
  if (own) return own[{ short: 0, long: 1, spoken: 2 }[form]];
  return page.cat.t(form === "short" ? `card.${code}` : `card.${code}.${form}`);
}

function cardImage(code, extra = "") {
  const { t } = page.cat;
  return h("span", { class: `card-face ${extra}`, role: "img",
    "aria-label": cardName(code, "spoken"), title: cardName(code, "long"),
    html: cardSVG(page.info.game, code, { short: cardName(code), name: cardName(code),
      trumpSuit: page.view?.present?.trump ?? "T" }) });
}

function tricksOf(obs) {
  return obs.tricks ?? [];
}

function renderSeats() {
  const { t } = page.cat;
  const view = page.view;
  const obs = view.observation;
  const teams = view.present?.teams ?? {};
  const played = {};
  for (const trick of tricksOf(obs)) {
    for (const p of trick.cards ?? []) (played[p.seat] ??= []).push(p.card);
  }
  const boxes = view.seats.map((s) => {
    const me = s.seat === view.seat;
    const state = s.open ? t("web.open_seat")
      : s.bot_playing ? t("web.bot_playing")
      : s.connected ? t("web.connected") : t("web.away");
    const turn = view.to_act === s.seat;
    return h("div", {
      class: `seat pos-${position(s.seat)}${turn ? " to-act" : ""}${me ? " mine" : ""}`,
      "data-seat": s.seat,
    },
    h("div", { class: "seat-head" },
      h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: state, "aria-hidden": "true" }),
      h("span", { class: "seat-name" }, me ? `${s.name} (${t("web.you")})` : s.name ?? t("web.open_seat")),
      s.kind === "bot" ? botLevel(s.level) : null,
      obs.dealer === s.seat ? h("span", { class: "badge", title: t("ui.dealer_is", { name: s.name }) }, "D") : null),
    h("div", { class: "seat-sub" },
      h("span", { class: "sr-state" }, state),
      teams[s.seat] ? h("span", { class: "team" }, ` · ${teams[s.seat]}`) : null,
      turn && view.deadline ? h("span", { class: "timer", "data-deadline": view.deadline }, "") : null),
    h("div", { class: "played", "aria-label": t("ui.tricks_won") },
      (played[s.seat] ?? []).map((code) => h("span", { class: "chip", title: cardName(code, "long") }, cardName(code)))));
  });
  $("seats").replaceChildren(...boxes);
  tick();
}

/** A computer player's level in words, beside its name. */
function botLevel(level) {
  const { t } = page.cat;
  const word = t(`web.level.${level}`);
  return h("span", { class: "level", title: t("web.bot", { level: word }) }, word);
}

function renderCenter() {
  const { t } = page.cat;
  const view = page.view;
  const obs = view.observation;
  const center = $("center");
  const parts = [];
  $("result").hidden = !page.dealEnd;
  $("result").replaceChildren(...(page.dealEnd ? [dealEndPanel()] : []));
  if (view.status === "waiting") parts.push(sharePanel());
  const tricks = tricksOf(obs);
  const last = tricks[tricks.length - 1];
  let trick = obs.trick ?? [];
  let caption = "";
  let faded = false;
  if (page.showLast) {
    trick = last?.cards ?? [];
    caption = last ? t("ui.trick_to", { n: tricks.length, name: names()[last.winner] })
      : t("web.no_trick");
  } else if (!trick.length && last && obs.phase === "play") {
    trick = last.cards;
    faded = true;
    caption = t("ui.trick_to", { n: tricks.length, name: names()[last.winner] });
  }
  const before = new Set(page.shownTrick);
  const cards = trick.map((p) => {
    const fresh = !faded && !page.showLast && !before.has(p.card);
    return h("div", { class: `trick-card from-${position(p.seat)}${fresh ? " enter" : ""}` },
      cardImage(p.card));
  });
  page.shownTrick = faded || page.showLast ? [] : trick.map((p) => p.card);
  parts.push(h("div", { class: `trick${faded ? " faded" : ""}`, "aria-label": caption || t("ui.current_trick", { n: tricks.length + 1 }) },
    ...cards));
  if (caption) parts.push(h("p", { class: "caption" }, caption));
  if (!trick.length && view.present?.phase) {
    parts.push(h("p", { class: "phase" }, view.present.phase));
  }
  center.replaceChildren(...parts);
}

function sharePanel() {
  const { t } = page.cat;
  const open = page.view.seats.filter((s) => s.open);
  return h("div", { class: "share panel" }, h("p", {}, t("web.share")),
    h("ul", {}, open.map((s) => {
      const url = `${location.origin}/table/${tableId}?join=${s.seat}`;
      return h("li", {}, `${t("web.seat", { seat: s.seat + 1 })}: `,
        h("a", { href: url, class: "share-link" }, url));
    })));
}

function dealEndPanel() {
  const { t } = page.cat;
  const end = page.dealEnd;
  const words = end.present ?? { outcome: "", columns: [], rows: [], totals: [], scores: [], notes: [] };
  const finished = page.view.status === "finished";
  const table = h("table", { class: "breakdown" },
    words.columns.length ? h("thead", {}, h("tr", {}, h("th", {}, t("ui.item")),
      words.columns.map((c) => h("th", {}, c)))) : null,
    h("tbody", {}, words.rows.map((row) => h("tr", {},
      h("td", {}, row.label, row.detail ? h("div", { class: "detail" }, row.detail) : null),
      row.points.map((p) => h("td", { class: "num" }, p ?? ""))))),
    words.totals.length ? h("tfoot", {}, h("tr", {}, h("th", {}, t("ui.total")),
      words.totals.map((p) => h("th", { class: "num" }, p)))) : null);
  const scores = h("ul", { class: "scores" }, words.scores.map((s) => h("li", {},
    `${s.name}: `, h("strong", {}, s.score > 0 ? `+${s.score}` : s.score))));
  return h("div", { class: "deal-end panel", "data-deal-end": String(end.deal), role: "region",
    "aria-label": t("web.result") },
  h("h2", {}, finished ? t("web.table_over") : t("ui.deal_over", { number: end.deal + 1 })),
  words.outcome ? h("p", { class: "outcome" }, words.outcome) : null,
  words.notes.map((n) => h("p", { class: "note" }, n)),
  words.rows.length ? table : null, scores,
  h("button", { type: "button", class: "primary", "data-next-deal": "",
    onclick: () => { page.dealEnd = null; render(); } },
  finished ? t("web.close") : t("web.next_deal")));
}

function renderFacts() {
  const facts = page.view.present?.facts ?? [];
  // A fact lists its parts with two spaces or "; " between them: one line each reads best.
  $("facts").replaceChildren(...facts.flatMap(([label, text]) => [
    h("dt", {}, label),
    h("dd", {}, text.split(/ {2,}|; /).map((part) => h("span", { class: "line" }, part)))]));
}

function renderTurn() {
  const { t } = page.cat;
  const view = page.view;
  const el = $("to-act");
  el.dataset.toAct = view.to_act ?? "";
  el.dataset.seq = view.seq; // lets a watcher (or a test) see that the table moved on
  el.dataset.views = page.views; // and that a view arrived, even one of the same seq
  if (view.status === "finished") el.textContent = t("web.table_over");
  else if (view.status === "waiting") el.textContent = t("web.status.waiting");
  else if (view.to_act === null || view.to_act === undefined) el.textContent = view.present?.status ?? "";
  else if (view.to_act === view.seat) el.textContent = t("web.your_turn");
  else el.textContent = t("web.waiting_for", { name: names()[view.to_act] });
  el.classList.toggle("mine", view.to_act === view.seat && view.seat !== null);
}

/** The hand and the action buttons. A card or a button that is still there after a view is the
 *  same element, updated in place: a view sent again while a person decides (someone's
 *  connection coming or going) must not take the card from under their pointer. */
function renderHandAndActions() {
  const { t } = page.cat;
  const view = page.view;
  const hand = $("hand");
  const actions = $("actions");
  if (view.seat === null) {
    hand.replaceChildren(h("p", { class: "muted" }, t("web.spectator")));
    actions.replaceChildren();
    $("chat-form").hidden = true;
    return;
  }
  $("chat-form").hidden = false;
  hand.setAttribute("aria-label", t("ui.your_hand", { count: (view.present?.hand ?? []).length }));
  const { hand: codes, byCard, multi, selectable, buttons } = choices();
  for (const code of [...page.selection]) if (!selectable.has(code)) page.selection.delete(code);
  // Only the cards that still complete some legal set with those chosen may be chosen next,
  // so a person is led to a set the rules allow (a chosen card may always be put back).
  const fitting = multi.filter((a) => [...page.selection].every((c) => a.cards.includes(c)));
  const open = new Set([...fitting.flatMap((a) => a.cards), ...page.selection]);
  const refused = new Map((view.present?.refused ?? [])
    .filter((r) => r.action.type === "play").map((r) => [r.action.card, r]));
  const pendingCard = page.pending?.card;
  const hadFocus = hand.contains(document.activeElement); // keep the keyboard where it was
  const focused = document.activeElement?.dataset?.card ?? page.focusCard;
  const suitOf = (code) => (parseCard(page.info.game, code).trump ? "T" : code[0]);
  const drawn = new Map([...hand.querySelectorAll("[data-card]")].map((b) => [b.dataset.card, b]));
  const cards = codes.filter((code) => code !== pendingCard).map((code, i, shown) => {
    const legal = !page.pending && (byCard.has(code) || open.has(code));
    const selected = page.selection.has(code);
    const reason = page.pending ? undefined : refused.get(code); // refused by a rule, not waiting
    const why = reason ? refusal(reason.message, reason.rule) : "";
    const button = drawn.get(code) ?? h("button", { type: "button", "data-card": code });
    setAttributes(button, {
      class: `card${legal ? " legal" : ""}${selected ? " selected" : ""}${
        i > 0 && suitOf(shown[i - 1]) !== suitOf(code) ? " suit-start" : ""}`,
      "data-legal": legal ? "true" : "false",
      "aria-label": cardName(code, "spoken") + (selected ? " ✓" : ""),
      "aria-disabled": legal ? null : "true", "aria-pressed": selectable.has(code) ? String(selected) : null,
      title: [cardName(code, "long"), why].filter(Boolean).join(" — "), "data-reason": why || null,
      "data-rule": reason?.rule || null,
      tabindex: "-1",
    });
    const face = cardSVG(page.info.game, code, { short: cardName(code), name: cardName(code),
      trumpSuit: view.present?.trump ?? "T" });
    if (faces.get(button) !== face) { // the names change with the language or an option
      button.innerHTML = face;
      faces.set(button, face);
    }
    return button;
  });
  placeChildren(hand, cards);
  const target = cards.find((c) => c.dataset.card === focused)
    ?? cards.find((c) => c.dataset.legal === "true") ?? cards[0];
  if (target) target.tabIndex = 0;
  if (hadFocus && target) target.focus({ preventScroll: true });

  const shownActions = new Map([...actions.querySelectorAll("[data-action]")]
    .map((b) => [b.dataset.action, b]));
  const parts = buttons.map(({ action, label }) => {
    const key = JSON.stringify(action);
    const button = shownActions.get(key) ?? h("button", {
      type: "button", class: "action", "data-action": key, onclick: () => act(action) });
    button.disabled = Boolean(page.pending);
    button.textContent = label;
    return button;
  });
  if (multi.length) {
    const chosen = [...page.selection];
    const count = multi[0].cards.length;
    const submit = actions.querySelector("[data-submit]") ?? h("button", {
      type: "button", class: "primary", "data-submit": "", onclick: submitSelection });
    submit.dataset.count = count;
    submit.disabled = !chosenSet(multi) || Boolean(page.pending);
    submit.textContent = `${t("web.submit")} (${chosen.length})`;
    parts.unshift(h("span", { class: "hint" }, t("web.select_cards", { count })));
    parts.push(submit);
  }
  // a line shown again is the same element, so that a click on its rule lands
  const shownMissing = new Map([...actions.querySelectorAll(".missing")]
    .map((p) => [p.dataset.line, p]));
  const missing = (view.present?.refused ?? []).filter((r) => r.action.type !== "play");
  for (const r of missing) {
    const line = t("ui.missing", { choice: r.text, reason: r.message, rule: r.rule ?? "" });
    parts.push(shownMissing.get(line)
      ?? h("p", { class: "missing", "data-line": line }, ...linkRule(line, r.rule, page.cat)));
  }
  placeChildren(actions, parts);
}

/** Each card button's face as last drawn, so that a redraw rebuilds only a face that changed. */
const faces = new WeakMap();

/** The legal action of several cards that the cards chosen make, if any. */
function chosenSet(multi = choices().multi) {
  const chosen = [...page.selection];
  return multi.find((a) => same(a.cards, chosen));
}

function submitSelection() {
  const match = chosenSet();
  if (match) act(match);
}

/** A click on a card, judged by the view shown now (the button is kept across views). */
function clickCard(event) {
  const button = event.target.closest("[data-card]");
  if (!button) return;
  const code = button.dataset.card;
  page.focusCard = code;
  if (button.dataset.legal !== "true") {
    if (button.dataset.reason) {
      notice(page.cat.t("web.refused", { reason: button.dataset.reason }), button.dataset.rule);
    }
    return;
  }
  notice("");
  const single = choices().byCard.get(code);
  if (single) {
    act(single.action);
    return;
  }
  if (page.selection.has(code)) page.selection.delete(code);
  else page.selection.add(code);
  render();
}

/** Arrows move along the hand, Home/End jump; Enter and Space play (the button's own keys). */
function handKeys(event) {
  const cards = [...$("hand").querySelectorAll("[data-card]")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  let next = null;
  if (step) next = cards[(at + step + cards.length) % cards.length];
  if (event.key === "Home") next = cards[0];
  if (event.key === "End") next = cards[cards.length - 1];
  if (!next) return;
  event.preventDefault();
  cards.forEach((c) => { c.tabIndex = -1; });
  next.tabIndex = 0;
  next.focus();
  page.focusCard = next.dataset.card;
}

function renderSheet() {
  const { t } = page.cat;
  const sheet = page.view.scores;
  if (!sheet) return;
  const head = h("tr", {}, h("th", {}, t("ui.deal")), sheet.names.map((n) => h("th", {}, n)),
    sheet.pots.length ? h("th", {}, t("ui.pot")) : null);
  const label = (text) => (/^\d+$/.test(text) ? text : t(`sheet.${text}`)); // as sheet_label
  const rows = sheet.rows.map((row, i) => h("tr", {}, h("td", {}, label(sheet.labels[i])),
    row.map((v) => h("td", { class: "num" }, v)),
    sheet.pots.length ? h("td", { class: "num" }, sheet.pots[i]) : null));
  const total = h("tr", {}, h("th", {}, t("ui.total")),
    sheet.totals.map((v) => h("th", { class: "num" }, v)),
    sheet.pots.length ? h("th", { class: "num" }, sheet.pot) : null);
  $("sheet-body").replaceChildren(h("table", { class: "sheet" }, h("thead", {}, head),
    h("tbody", {}, rows), h("tfoot", {}, total)));
}

function addLog(text, seat) {
  if (!text) return;
  const who = seat !== undefined && page.view ? `${names()[seat]}: ` : "";
  page.log.push(`${who}${text}`);
  page.log = page.log.slice(-60);
  const list = $("log");
  list.replaceChildren(...page.log.map((line) => h("li", {}, line)));
  list.scrollTop = list.scrollHeight;
}

function renderChat() {
  const list = $("chat");
  list.replaceChildren(...page.chat.slice(-50).map((m) => h("li", {},
    h("strong", {}, `${m.from}: `), m.text)));
  list.scrollTop = list.scrollHeight;
}

function sendChat(event) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  send({ type: "chat", text });
  input.value = "";
}

/** The turn timer counts down once a second. */
function tick() {
  for (const el of document.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
    el.textContent = ` · ⏱ ${page.cat.t("web.timer", { seconds: left })}`;
  }
}

start();
