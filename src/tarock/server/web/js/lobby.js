// The lobby: the tables on this server (with a join link per open seat), the finished tables
// this browser played at, and a form that makes a table from GET /api/games (the leading rule
// options in view, the others folded, each with its value and rule ID; a kind of player per
// seat), sending only the options the person set, then goes to the creator's own seat.

import { h, languageSelect, loadCatalogue, preferredLanguage } from "./i18n.js";
import { linkRule, refusal } from "./rules.js";

let games = [];
let cat = null;
let cats = {};
const TOKEN_PREFIX = "tarock.token."; // the table page keeps each seat's token under it
const FINISHED_SHOWN = 10;

/** The tables this browser holds a seat's token for. */
function myTables() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(TOKEN_PREFIX)) ids.add(key.slice(TOKEN_PREFIX.length));
  }
  return ids;
}

/** The lobby in ``lang``, or (at first) in the reader's language of those of any game. */
async function start(lang) {
  games = await (await fetch("/api/games")).json();
  const languages = [...new Set(games.flatMap((g) => g.languages))];
  const chosen = lang ?? preferredLanguage(languages);
  // each game's words (its title, its options) in that language where the game has them, else
  // in English; the lobby's own words from a game that has them in that language
  cats = Object.fromEntries(await Promise.all(games.map(async (g) => [g.name,
    await loadCatalogue(g.name, g.languages.includes(chosen) ? chosen : g.languages[0])])));
  cat = Object.values(cats).find((c) => c.lang === chosen);
  document.documentElement.lang = chosen;
  document.getElementById("lang-slot").replaceChildren(languageSelect(languages, chosen, start));
  document.getElementById("tagline").textContent = cat.t("web.tagline");
  document.getElementById("tables-title").textContent = cat.t("web.open_tables");
  document.getElementById("finished-title").textContent = cat.t("web.your_finished");
  document.getElementById("new-title").textContent = cat.t("web.new_table");
  await showTables();
  buildForm();
}

async function showTables() {
  const { t } = cat;
  const tables = await (await fetch("/api/tables?status=waiting&status=playing")).json();
  const titles = Object.fromEntries(games.map((g) => [g.name, cats[g.name].t("game.title")]));
  const mine = myTables();
  const list = h("ul", { class: "table-list" });
  for (const table of tables.reverse()) {
    const seats = table.seats.map((s) => (s.open
      ? h("a", { href: `/table/${table.table}?join=${s.seat}`, class: "join" },
        t("web.join_seat", { seat: s.seat + 1 }))
      : h("span", { class: "seat-name" }, s.name)));
    list.append(h("li", {},
      h("strong", {}, titles[table.game] ?? table.game), " ",
      h("span", { class: "muted" }, t(`web.status.${table.status}`)), " ",
      ...seats.flatMap((s) => [s, " "]),
      h("a", { href: `/table/${table.table}` },
        mine.has(table.table) ? t("web.continue") : t("web.watch"))));
  }
  document.getElementById("tables").replaceChildren(
    list.children.length ? list : h("p", { class: "muted" }, t("web.no_tables")));
  await showFinished(mine, titles);
}

/** The newest finished tables this browser played at: the table page shows each one's final
 *  score sheet and replays its deals. Asked for only where there are such tables. */
async function showFinished(mine, titles) {
  const { t } = cat;
  const done = mine.size
    ? (await (await fetch("/api/tables?status=finished")).json()).filter((x) => mine.has(x.table))
    : [];
  const list = h("ul", { class: "table-list" });
  for (const table of done.reverse().slice(0, FINISHED_SHOWN)) {
    list.append(h("li", {},
      h("strong", {}, titles[table.game] ?? table.game), " ",
      h("span", { class: "seat-name" }, table.seats.map((s) => s.name).join(", ")), " ",
      h("a", { href: `/table/${table.table}` }, t("web.see_table"))));
  }
  document.getElementById("finished").replaceChildren(list);
  document.getElementById("finished-panel").hidden = !done.length;
}

/** The option whose choices are the player counts: the form asks for seats instead. */
function playersOption(game) {
  const counts = JSON.stringify([...game.players].sort());
  return game.options.find((o) => o.type === "choice" && Array.isArray(o.allowed)
    && JSON.stringify([...o.allowed].sort()) === counts)?.key;
}

/** An input for a rule option; a value shows as the catalogue words it (`option.<key>.<value>`),
 *  else as its key. */
function optionInput(option, words) {
  const id = `opt-${option.key}`;
  const label = (value) => words.strings[`option.${option.key}.${value}`] ?? String(value);
  if (option.type === "bool") {
    return h("input", { type: "checkbox", id, name: option.key, checked: option.default });
  }
  if (option.type === "subset") {
    return h("span", { id, class: "subset" }, option.allowed.map((value) => h("label", {},
      h("input", { type: "checkbox", name: option.key, value,
        checked: option.default.includes(value) }), ` ${label(value)}`)));
  }
  if (option.type === "int_min") {
    return h("input", { type: "number", id, name: option.key, min: option.allowed.min,
      value: option.default });
  }
  const select = h("select", { id, name: option.key });
  for (const value of option.allowed) {
    select.append(new Option(label(value), JSON.stringify(value), false,
      value === option.default));
  }
  return select;
}

function readOption(form, option) {
  if (option.type === "bool") return form.elements[option.key].checked;
  if (option.type === "subset") {
    return [...form.querySelectorAll(`input[name="${option.key}"]:checked`)].map((i) => i.value);
  }
  if (option.type === "int_min") return Number(form.elements[option.key].value);
  return JSON.parse(form.elements[option.key].value);
}

/** Show a value in an option's input (what readOption reads back). */
function showOption(form, option, value) {
  if (option.type === "subset") {
    for (const box of form.querySelectorAll(`input[name="${option.key}"]`)) {
      box.checked = value.includes(box.value);
    }
  } else if (option.type === "bool") {
    form.elements[option.key].checked = value;
  } else {
    form.elements[option.key].value = option.type === "int_min" ? value : JSON.stringify(value);
  }
}

function buildForm() {
  const { t } = cat;
  const form = document.getElementById("new-table");
  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => new Option(cats[g.name].t("game.title"), g.name)));
  const count = h("select", { id: "players", name: "players" });
  const seats = h("div", { class: "seats-form" });
  const options = h("div", { class: "options-form" });
  const leading = h("div", { class: "options-form leading" }); // the game's form, its presets
  const game = () => games.find((g) => g.name === gameSelect.value);
  // Only the options the person set are sent; the engine fills in the rest as it makes the
  // table, a preset's values first (house rules, a tournament's). The inputs the person did
  // not touch show what that gives, asked of the server after each change.
  let touched = new Set();
  let asked = 0;
  const explicit = (g) => Object.fromEntries(g.options.filter((o) => touched.has(o.key))
    .map((o) => [o.key, readOption(form, o)]));
  const refresh = async () => {
    const g = game();
    const mine = ++asked;
    const response = await fetch(`/api/games/${encodeURIComponent(g.name)}/options`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ options: explicit(g) }) });
    const answer = await response.json();
    if (mine !== asked) return; // a later change asked again
    if (!response.ok) {
      const { message: text, rule } = answer.error;
      message.replaceChildren(...linkRule(refusal(text, rule), rule, cat));
      return;
    }
    message.replaceChildren();
    for (const o of g.options) {
      if (!touched.has(o.key) && o.key !== playersOption(g)) showOption(form, o, answer.options[o.key]);
    }
  };
  const changed = (event) => {
    if (!event.target.name) return;
    touched.add(event.target.name);
    refresh();
  };
  options.addEventListener("change", changed);
  leading.addEventListener("change", changed);

  const fillSeats = () => {
    seats.replaceChildren();
    for (let seat = 0; seat < Number(count.value); seat++) {
      const select = h("select", { name: `seat-${seat}`, "aria-label": t("web.seat", { seat: seat + 1 }) });
      if (seat === 0) select.append(new Option(t("web.you"), "you"));
      for (const level of ["normal", "easy", "hard"]) {
        select.append(new Option(t("web.bot", { level: t(`web.level.${level}`) }), `bot:${level}`));
      }
      select.append(new Option(t("web.person"), "open"));
      seats.append(h("label", { class: "seat-choice" }, `${t("web.seat", { seat: seat + 1 })} `, select));
    }
  };
  const fillGame = () => {
    const g = game();
    touched = new Set();
    asked += 1; // an answer still on its way was about the game before
    message.replaceChildren();
    count.replaceChildren(...g.players.map((n) => new Option(String(n), String(n))));
    const skip = playersOption(g);
    const def = g.options.find((o) => o.key === skip)?.default;
    if (def !== undefined) count.value = String(def);
    const row = (o) => h("div", { class: "option" },
      h("label", { for: `opt-${o.key}` }, cats[g.name].strings[`option.${o.key}`]
        || o.description || o.key.replaceAll("_", " ")), " ",
      optionInput(o, cats[g.name]), " ",
      o.rule ? h("code", { class: "rule" }, ...linkRule(o.rule, o.rule, cat)) : null);
    const shown = g.options.filter((o) => o.key !== skip);
    leading.replaceChildren(...shown.filter((o) => o.leading).map(row));
    options.replaceChildren(...shown.filter((o) => !o.leading).map(row));
    fillSeats();
  };
  gameSelect.addEventListener("change", fillGame);
  count.addEventListener("change", fillSeats);

  const name = h("input", { id: "name", name: "name", required: true, maxlength: 40,
    value: localStorage.getItem("tarock.name") ?? "" });
  const deals = h("input", { id: "deals", name: "deals", type: "number", min: 1 });
  const timer = h("input", { id: "turn", name: "turn", type: "number", min: 1 });
  const message = h("p", { class: "error", role: "alert" });
  form.replaceChildren(
    h("div", { class: "row" }, h("label", { for: "game" }, t("web.game")), gameSelect,
      h("label", { for: "players" }, t("web.players")), count),
    leading,
    h("div", { class: "row" }, h("label", { for: "name" }, t("web.your_name")), name),
    h("fieldset", {}, h("legend", {}, t("web.seats")), seats),
    h("div", { class: "row" }, h("label", { for: "deals" }, t("web.deals")), deals),
    h("div", { class: "row" }, h("label", { for: "turn" }, t("web.turn_seconds")), timer),
    h("details", {}, h("summary", {}, t("web.options")), options),
    message,
    h("button", { type: "submit", class: "primary", id: "create" }, t("web.create")));
  fillGame();

  form.onsubmit = async (event) => {
    event.preventDefault();
    const g = game();
    const players = [...seats.querySelectorAll("select")].map((select) => {
      if (select.value === "you") return { kind: "human", name: name.value || t("web.you") };
      if (select.value === "open") return { kind: "human" };
      return { kind: "bot", level: select.value.split(":")[1] };
    });
    const body = { game: g.name, players, options: explicit(g) };
    if (deals.value) body.deals = Number(deals.value);
    if (timer.value) body.turn_seconds = Number(timer.value);
    localStorage.setItem("tarock.name", name.value);
    const response = await fetch("/api/tables", { method: "POST",
      headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) {
      const { message: text, rule } = answer.error;
      message.replaceChildren(...linkRule(refusal(text, rule), rule, cat));
      return;
    }
    const mine = answer.seats.find((s) => s.token);
    if (mine) {
      localStorage.setItem(`tarock.token.${answer.table}`, mine.token);
      location.href = `/table/${answer.table}?token=${encodeURIComponent(mine.token)}`;
    } else {
      location.href = `/table/${answer.table}`;
    }
  };
}

start();
