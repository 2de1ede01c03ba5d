// The practice table: a whole deal against bots, seeded from the URL so a teacher can give a
// class the same deal (…/practice.html?v=1&seed=42&seat=1&players=4&spring=true), or the very
// moment of one (`&moves=…`, every move so far: the engine replays them). A tampered URL gets a
// message naming what is wrong; the engine validates every flag and every move. The link's
// format and its migrations are in links.js.

import { loadStrings } from "./app.js";
import { upgradeQuery, writeQuery } from "./links.js";
import { recordItem, setSuffix, withoutSet } from "./classset.js";
import { mountCompare } from "./compare.js";
import {
  announce, choiceButtons, configure, focusHand, decisionLabel, el, askOutOfTurn, fmt, botPause, pageState, resolveWindow, phaseControls,
  needsReading, readPlay, renderTable, ruleLinks, showEngineStatus, showFeedback, toggleCard, wildPrompt,
} from "./table.js";

let data;
let S;
let engine;
const ui = {};
const st = {
  settings: null, id: null, view: null, selected: new Set(), undo: [], revealed: null,
  busy: false, generation: 0, hintLevel: 0, hint: null, spec: null,
  log: [],  // the event log so far: views send only the entries after it (Game.view, log_since)
};
const BASE_KEYS = ["game", "seed", "seat", "hints", "chances", "moves"];
/** The preset a URL without one means: the game's ``default_preset``, else the seed (tutor/game.py). */
const defaultPreset = () => (data && data.default_preset) || "seed";

// ------------------------------------------------------------------ the URL
/**
 * Reads the settings from the URL; returns {settings} or {error} (never throws). A URL names a
 * preset (`preset=official`) and only the flags that differ from it; settings.flags are the
 * preset's values with the URL's on top. A link of an older format is read through the
 * migrations first (links.js); `moves` (a moment) is the engine's to check, after its length.
 */
export function readUrl(search, flagInfo, game, presets = (data && data.presets) || [], migrations = data && data.links) {
  const upgraded = upgradeQuery(search, game, migrations);
  if (upgraded.error) return { error: fmt(S[upgraded.error.key], upgraded.error.params) };
  const params = upgraded.params;
  const known = ["v", ...BASE_KEYS, "preset", ...flagInfo.map((f) => f.name)];
  const settings = { seed: "1", seat: 0, hints: true, chances: true, preset: defaultPreset(), flags: {}, moves: null };
  for (const [name, value] of params) {
    if (!known.includes(name)) return { error: fmt(S.url_unknown_param, { name, known: known.join(", ") }) };
    if (name === "preset") {
      if (!presets.some((p) => p.name === value)) {
        return { error: fmt(S.url_bad_preset, { value, known: presets.map((p) => p.name).join(", ") }) };
      }
      settings.preset = value;
    } else if (name === "game") {
      if (value !== game) return { error: fmt(S.url_wrong_game, { game: S[`game.${game}`], value }) };
    } else if (name === "seed") {
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) return { error: fmt(S.url_bad_seed, { value }) };
      settings.seed = value;
    } else if (name === "seat") {
      settings.seat = /^\d{1,2}$/.test(value) ? Number(value) : value;
    } else if (name === "moves") {
      // a tampered link may carry megabytes: refused here, before it reaches the engine
      const limit = (data && data.limits && data.limits.moves_code) || 20_000;
      if (value.length > limit) return { error: fmt(S.url_moves_too_long, { n: value.length, limit }) };
      settings.moves = value;
    } else if (name === "hints") {
      if (!["on", "off", "1", "0", "true", "false"].includes(value)) return { error: fmt(S.url_bad_hints, { value }) };
      settings.hints = ["on", "1", "true"].includes(value);
    } else if (name === "chances") {  // whether the learner is asked in windows out of turn
      if (!["on", "off", "1", "0", "true", "false"].includes(value)) return { error: fmt(S.url_bad_chances, { value }) };
      settings.chances = ["on", "1", "true"].includes(value);
    } else {
      const info = flagInfo.find((f) => f.name === name);
      settings.flags[name] = parseFlag(value, info);
    }
  }
  settings.flags = { ...presetValues(settings.preset, presets), ...settings.flags };
  const playersInfo = playersFlag(flagInfo);
  const fallback = playersInfo.default;
  const players = Number.isInteger(settings.flags.players) ? settings.flags.players : fallback;
  const maxSeat = ((playersInfo.choices || []).includes(players) ? players : fallback) - 1;
  if (!Number.isInteger(settings.seat) || settings.seat > maxSeat) {
    return { error: fmt(S.url_bad_seat, { value: String(settings.seat), max: maxSeat }) };
  }
  return { settings };
}

/** The player-count flag, or, for a game played alone (no such flag: the 2d6 check), one seat. */
const SOLO = { name: "players", default: 1, choices: [1], alone: true };
function playersFlag(flagInfo = data.flags) {
  return flagInfo.find((f) => f.name === "players") || SOLO;
}

/** A flag's value typed like its default (a form and a URL both give strings). */
function parseFlag(value, info) {
  // typed like the flag's default; a wrong value goes to the engine, which names it
  if (typeof info.default === "boolean") {
    if (value === "true" || value === "1" || value === "on") return true;
    if (value === "false" || value === "0" || value === "off") return false;
    return value;
  }
  // a number too long to be exact stays text: the engine names the flag and what it got
  if (typeof info.default === "number") return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  return value;
}

/** Keeps the language switch on the same deal: the other language's page gets the same query. */
function keepLanguageSwitch() {
  const link = document.querySelector(".lang-switch");
  if (link) link.search = location.search;
}

/** The query of a link to the deal of ``settings``, or with ``moves`` (a moves code) to a moment of it. */
function writeUrl(settings, moves = null) {
  const params = [["seed", settings.seed], ["seat", String(settings.seat)]];
  if (!settings.hints) params.push(["hints", "off"]);
  if (settings.chances === false) params.push(["chances", "off"]);
  const preset = settings.preset || defaultPreset();
  if (preset !== defaultPreset()) params.push(["preset", preset]);
  const base = presetValues(preset);
  for (const info of data.flags) {  // only what differs from the preset
    const value = settings.flags[info.name];
    const expected = info.name in base ? base[info.name] : info.default;
    if (value !== undefined && value !== expected) params.push([info.name, String(value)]);
  }
  if (moves) params.push(["moves", moves]);
  return writeQuery(params, data.links);
}

/**
 * The "Link to this moment": the deal and every move since it (the engine keeps them per
 * position: op share). The language switch carries the same moment across.
 */
async function shareMoment() {
  const id = st.id;
  const reply = await engine.call({ op: "share", state: id, lang: data.lang });
  if (id !== st.id) return;
  const link = ui.shareMoment;
  if (reply.ok) {
    const search = writeUrl(st.settings, reply.count ? reply.moves : null);
    link.href = new URL(search, location.href).href;
    link.removeAttribute("aria-disabled");
    link.removeAttribute("title");
    link.dataset.moves = String(reply.count);
    const other = document.querySelector(".lang-switch");
    if (other) other.search = search + setSuffix(location.search);
  } else {  // too long for a link (thousands of moves): the deal's link still works
    link.removeAttribute("href");
    link.setAttribute("aria-disabled", "true");
    link.title = reply.error;
    link.dataset.moves = "";
  }
}

/** The flag values a preset sets (the seed sets none: the defaults). */
function presetValues(name, presets = data.presets || []) {
  const preset = presets.find((p) => p.name === name);
  return preset ? preset.values : {};
}

/** A fresh deal number: random, short enough to read out to a class. */
function randomSeed() {
  const n = new Uint32Array(1);
  crypto.getRandomValues(n);
  return String(1 + (n[0] % 999_999));
}

function seedValue(seed) {
  return /^\d{1,15}$/.test(seed) ? Number(seed) : seed;
}

// ------------------------------------------------------------------ the form
function buildForm(settings) {
  const form = ui.form;
  const playersInfo = playersFlag();
  const wanted = settings.flags.players ?? playersInfo.default;
  const players = fillPlayers(settings.preset, wanted);
  fillSeats(players, settings.seat);
  form.elements.seed.value = settings.seed;
  form.elements.hints.checked = settings.hints;
  form.elements.chances.checked = settings.chances !== false;
  const fields = document.getElementById("flag-fields");
  const presets = data.presets || [];
  const presetNow = presets.find((p) => p.name === settings.preset) || presets[0];
  const presetDoc = el("small", { class: "preset-doc" });
  const presetLine = presets.length ? el("label", { class: "flag preset" }, `${S.preset} `,
    el("select", { name: "preset", onchange: (event) => applyPreset(event.target.value, presetDoc) },
      presets.map((p) => el("option", { value: p.name, selected: p === presetNow }, p.title))), presetDoc) : null;
  // each flag's line: its words (never the identifier), and a link to the rule it changes
  const ruleLink = (info) => info.rule ? [" ", el("a", { class: "flag-rule", href: `rules.html#${info.rule}`,
    title: (data.rules && data.rules[info.rule]) || info.rule }, info.rule)] : [];
  fields.replaceChildren(...[presetLine].filter(Boolean), ...data.flags.filter((f) => f.name !== "players").map((info) => {
    const value = settings.flags[info.name] ?? info.default;
    if (typeof info.default === "boolean") {
      return el("label", { class: "flag" }, el("input", { type: "checkbox", name: `flag-${info.name}`, checked: value === true }),
        ` ${info.title || info.name}`, el("small", {}, ` — ${info.doc}`, ruleLink(info)));
    }
    const control = info.choices
      ? el("select", { name: `flag-${info.name}` }, info.choices.map((c) =>
        el("option", { value: c, selected: c === value }, (info.labels && info.labels[String(c)]) || String(c))))
      : el("input", { name: `flag-${info.name}`, value: String(value), required: true,
        ...(typeof info.default === "number" ? { type: "number", step: "1", inputmode: "numeric", min: info.min ?? null, max: info.max ?? null }
          : { type: "text" }) });
    return el("label", { class: "flag" }, `${info.title || info.name} `, control, el("small", {}, ` — ${info.doc}`, ruleLink(info)));
  }));
  if (presetNow) describePreset(presetNow, presetDoc);
  form.elements.players.onchange = () => fillSeats(Number(form.elements.players.value), 0);
  fields.addEventListener("change", applyNeeds);
  applyNeeds();
}

/** A flag's value as the form holds it now: a control greyed out holds its "off" value. */
function formValue(info) {
  const field = ui.form.elements[`flag-${info.name}`];
  if (!field) return info.default;
  if (field.disabled && info.needs) return info.off;
  return typeof info.default === "boolean" ? field.checked : parseFlag(String(field.value).trim(), info);
}

/**
 * Greys out each flag that has no say under the others (``needs``, tutor/flags.py: Shengji's
 * throws with two decks) and shows its "off" value; the learner's own value comes back when
 * the flag has a say again. A greyed-out flag is not sent: the engine gives it its "off" value.
 */
function applyNeeds() {
  for (let round = 0; round < data.flags.length; round += 1) {  // a flag may need one that needs another
    let changed = false;
    for (const info of data.flags) {
      const field = info.needs && ui.form.elements[`flag-${info.name}`];
      if (!field) continue;
      const met = Object.entries(info.needs).every(([other, allowed]) => {
        const otherInfo = data.flags.find((f) => f.name === other);
        return allowed.includes(otherInfo ? formValue(otherInfo) : undefined);
      });
      if (met === !field.disabled) continue;
      changed = true;
      const boolean = typeof info.default === "boolean";
      if (!met) {
        field.dataset.kept = boolean ? String(field.checked) : field.value;
        if (boolean) field.checked = info.off === true;
        else field.value = String(info.off);
      } else if (field.dataset.kept !== undefined) {
        if (boolean) field.checked = field.dataset.kept === "true";
        else field.value = field.dataset.kept;
        delete field.dataset.kept;
      }
      field.disabled = !met;
      field.closest("label").classList.toggle("flag-off", !met);
    }
    if (!changed) break;
  }
}

/** The player counts ``preset`` seats (Daifugo: 3 to 6, or 4 to 8 in the cut-in game), ``wanted``
 * chosen when it is one of them; returns the count chosen. */
function fillPlayers(presetName, wanted) {
  const info = playersFlag();
  const preset = (data.presets || []).find((p) => p.name === presetName);
  const choices = (preset && preset.players && preset.players.length ? preset.players : info.choices) || [info.default];
  const players = choices.includes(wanted) ? wanted : choices.includes(info.default) ? info.default : choices[0];
  ui.form.elements.players.replaceChildren(...choices.map((n) => el("option", { value: n, selected: n === players }, String(n))));
  ui.form.elements.players.disabled = choices.length < 2;
  // a game played alone has no player count and no seat to choose
  for (const name of ["players", "seat"]) ui.form.elements[name].closest("label").hidden = Boolean(info.alone);
  return players;
}

function fillSeats(players, seat) {
  const select = ui.form.elements.seat;
  select.replaceChildren(...Array.from({ length: players }, (_, i) =>
    el("option", { value: i, selected: i === seat }, fmt(S.seat, { n: i }))));
}

function readForm() {
  const form = ui.form;
  const flags = playersFlag().alone ? {} : { players: Number(form.elements.players.value) };
  for (const info of data.flags) {
    if (info.name === "players") continue;
    const field = form.elements[`flag-${info.name}`];
    if (!field || field.disabled) continue;  // a flag with no say under the others: the engine gives it its "off" value
    flags[info.name] = typeof info.default === "boolean" ? field.checked : parseFlag(field.value.trim(), info);
  }
  // "New deal" is a fresh random deal; a number the learner typed (or a shared one) is dealt as it is
  const typed = form.elements.seed.value.trim();
  const seed = !typed || (st.settings && typed === st.settings.seed) ? randomSeed() : typed;
  form.elements.seed.value = seed;
  const preset = form.elements.preset ? form.elements.preset.value : defaultPreset();
  return { seed, seat: Number(form.elements.seat.value), hints: form.elements.hints.checked,
    chances: form.elements.chances.checked, preset, flags };
}

/** The preset's words beside its select: what it is, and what it changes from the defaults. */
function describePreset(preset, box) {
  box.textContent = ` — ${preset.text}${preset.changes.length ? ` (${preset.changes.join("; ")})` : ""}`;
}

/** Choosing a preset sets every flag field to its value (the defaults where it names none). */
function applyPreset(name, box) {
  const preset = (data.presets || []).find((p) => p.name === name);
  if (!preset) return;
  describePreset(preset, box);
  const form = ui.form;
  for (const info of data.flags) {
    const value = info.name in preset.values ? preset.values[info.name] : info.default;
    if (info.name === "players") {
      const before = Number(form.elements.players.value);
      const now = fillPlayers(name, info.name in preset.values ? value : before);
      if (now !== before) fillSeats(now, 0);
      continue;
    }
    const field = form.elements[`flag-${info.name}`];
    if (!field) continue;
    delete field.dataset.kept;
    field.disabled = false;
    if (typeof info.default === "boolean") field.checked = value === true;
    else field.value = String(value);
  }
  applyNeeds();
}

// ------------------------------------------------------------------ the game
async function newDeal(settings) {
  pageState("busy");
  // a question out of turn left open (an exposure offered during the draw) is dropped with its
  // deal: its answer will never come, so the move waiting on it no longer holds the page busy
  st.busy = false;
  st.generation += 1;
  const generation = st.generation;
  st.settings = settings;
  history.replaceState(null, "", writeUrl(settings, settings.moves) + setSuffix(location.search));  // a class set's item keeps its marks
  ui.share.href = new URL(writeUrl(settings), location.href).href;
  keepLanguageSwitch();
  // a link to a moment: the deal, then its moves replayed by the engine, each checked
  const seed = seedValue(settings.seed);
  const reply = await engine.call(settings.moves
    ? { op: "replay_deal", game: data.game, preset: settings.preset || defaultPreset(), flags: settings.flags, seed, viewer: settings.seat, moves: settings.moves, lang: data.lang }
    : { op: "new", game: data.game, preset: settings.preset || defaultPreset(), flags: settings.flags, seed, viewer: settings.seat, lang: data.lang });
  if (generation !== st.generation) return;
  if (!reply.ok) {
    showUrlError(reply.error);
    return;
  }
  ui.urlError.hidden = true;
  ui.form.elements.seed.value = settings.seed;
  st.id = reply.state;
  st.undo = reply.undo || [];  // a moment: Undo goes back through its moves to the deal
  st.revealed = null;
  st.log = [];  // another deal: another log
  setFeedback("", "");
  await refresh(generation);
}

function showUrlError(error) {
  ui.urlError.hidden = false;
  ui.urlError.textContent = fmt(S.url_error, { error });
  pageState("learner");
}

async function refresh(generation) {
  pageState("busy");
  const reply = await engine.call({ op: "view", state: st.id, seat: st.settings.seat, log_since: st.log.length, lang: data.lang });
  if (!reply.ok || generation !== st.generation) return;
  // what just happened (the bots' plays above all), said to a screen reader
  const fresh = reply.view.log_from >= st.log.length ? reply.view.log : [];
  if (fresh.length) announce(fresh.map((event) => event.text).join(" "));
  // the log only grows along a game (undo goes back to a prefix of it): keep what came before
  st.log = st.log.slice(0, reply.view.log_from).concat(reply.view.log);
  reply.view.log = st.log;
  st.view = reply.view;
  if (st.revealed) st.view.shown = Object.fromEntries(Object.entries(st.revealed).filter(([s]) => Number(s) !== st.settings.seat));
  st.selected.clear();
  st.hintLevel = 0;
  st.spec = null;
  st.side = [];
  st.window = null;
  showHistory(reply.view.log);
  await shareMoment();
  if (generation !== st.generation) return;
  const view = reply.view;
  if (view.display.result) setFeedback("info", view.display.result);
  const myTurn = view.to_act === st.settings.seat;
  if (myTurn) {
    // the decision's spec (the exchange, a discard) and the calls open now; no list of plays: a
    // hand with two jokers makes thousands, so a wild card's readings are asked for on Play
    const legal = await engine.call({ op: "legal", state: st.id, seat: st.settings.seat, side: true, list: false });
    if (generation !== st.generation) return;
    if (legal.ok) {
      st.spec = legal.spec || null;
      st.side = legal.side || [];
    }
  } else {
    const side = await engine.call({ op: "legal", state: st.id, seat: st.settings.seat, side: true, in_turn: false, list: false });
    if (generation !== st.generation) return;
    st.side = (side.ok && side.side) || [];
  }
  draw();
  const botsToMove = !myTurn && view.to_act !== null && view.to_act !== undefined;
  if (!botsToMove && st.refocusHand) {
    st.refocusHand = false;
    focusHand();
  }
  if (!botsToMove) pageState(view.result ? "over" : "learner");
  // played to its end: a class set's item is done when this is its deal (classset.js)
  if (view.result) recordItem(location.search, { type: "practice", game: data.game, settings: st.settings }, undefined, data);
  if (botsToMove) {
    await botPause(350);
    if (generation !== st.generation) return;
    // the bot chooses and moves inside the engine: its hand never crosses the bridge
    const moved = await engine.call({ op: "bot_move", state: st.id, log_since: st.log.length, lang: data.lang });
    if (!moved.ok || generation !== st.generation) return;
    await afterAction(moved, generation);
  }
}

/**
 * Applies a move; when it opens a window for actions out of turn, the engine resolves it
 * (table.js:resolveWindow); the learner's bombs taken there can be undone like any move.
 */
async function applyAndOfferInterrupts(action, seat, inTurn, generation) {
  const applied = await engine.call({ op: "apply", state: st.id, action, seat, in_turn: inTurn, log_since: st.log.length, lang: data.lang });
  if (generation !== st.generation) return false;
  if (!applied.ok) return applied;
  return afterAction(applied, generation);
}

/** After a move (the learner's or a bot's): the window it opened, resolved by the engine, then the new position. */
async function afterAction(applied, generation) {
  const settled = !applied.window ? applied.state : await resolveWindow(engine, {
    state: applied.state, learner: st.settings.seat, lang: data.lang, logSince: st.log.length,
    alive: () => generation === st.generation,
    // with "offer my chances" off, every window passes the learner by (with two decks a cut-in
    // is open after most plays)
    ask: (view, actions, words) => (st.settings.chances === false ? Promise.resolve(null) : askLearnerOutOfTurn(view, actions, words)),
    taken: (id) => st.undo.push(id),
  });
  if (settled === null) return false;
  st.id = settled;
  st.generation += 1;
  await refresh(st.generation);
  return applied;
}

/** Shows the learner what they may do out of turn now (a bomb, an exposure); resolves with one, or null. */
function askLearnerOutOfTurn(view, actions, words) {
  st.view = view;
  draw();
  const answer = askOutOfTurn(ui.decision, actions, words);
  pageState("learner");
  return answer.then((choice) => {
    pageState("busy");
    return choice;
  });
}

/** A run of this many events of one kind (a draw of 48 cards, one at a time) folds into one
 * line; more than any trick's plays (five at most), which stay one line each. */
const RUN_FOLDS = 10;

function showHistory(log) {
  // each event cites its rules by title, linked to the rules page (as the lessons do)
  const item = (event) => el("li", {}, event.text,
    event.rule_ids.length ? el("small", { class: "rules-cited" }, " (", event.rule_ids.map((id, i) => [i ? "; " : "",
      el("a", { href: `rules.html#${id}`, title: id }, data.rules[id] || id)]), ")") : null);
  const items = [];
  for (let i = 0; i < log.length;) {
    let j = i + 1;
    while (j < log.length && log[j].key === log[i].key) j += 1;
    if (j - i >= RUN_FOLDS) {
      // the latest of the run stands for it; the earlier ones open on demand
      items.push(el("li", { class: "run" }, el("details", {},
        el("summary", {}, log[j - 1].text, " ", el("small", {}, fmt(S.history_run, { count: j - i - 1 }))),
        el("ol", {}, log.slice(i, j - 1).map(item)))));
    } else items.push(...log.slice(i, j).map(item));
    i = j;
  }
  ui.history.replaceChildren(...items);
  ui.history.lastElementChild?.scrollIntoView({ block: "nearest" });
}

function draw() {
  const view = st.view;
  const myTurn = view.to_act === st.settings.seat;
  renderTable(ui.table, view, {
    // out of turn, cards are selected only for a declaration made with them (an exposure)
    phases: ui.phases, deciding: myTurn || (!view.result && selectSides().length > 0), selected: st.selected,
    onToggle: (id, index) => toggleCard(st.selected, id, index, ui.table, draw),
    legalKeys: null,
  });
  renderDecision(myTurn);
  ui.undo.disabled = !st.undo.length;
  ui.reveal.disabled = !view || !view.display.reveal;  // not while cards are still being chosen
  ui.reveal.textContent = st.revealed ? S.hide_hands : S.reveal;
  ui.reveal.setAttribute("aria-pressed", String(Boolean(st.revealed)));
  ui.nextRound.hidden = !view.result;
  if (ui.compare) ui.compare.refresh();
}

/** Side declarations made with the selected cards (Daifugo's exposure): one button each, from the view. */
function selectSides() {
  return ((st.view && st.view.display.side) || []).filter((entry) => entry.select);
}

function renderDecision(myTurn) {
  const bySelection = selectSides();
  const keys = new Set(bySelection.map((entry) => entry.select));
  const side = (st.side || []).filter((action) => !(action && typeof action === "object" && Object.keys(action).some((k) => keys.has(k))))
    .map((action) => el("button", { type: "button", class: "side", onclick: () => act(action, true) }, decisionLabel(action)));
  side.push(...bySelection.map((entry) => el("button", { type: "button", class: "side", "data-select": entry.select,
    disabled: st.selected.size === 0, onclick: () => act({ [entry.select]: selectedTokens() }, true) }, entry.label)));
  ui.decision.hidden = !myTurn && !side.length;
  if (ui.decision.hidden) return;
  const buttons = [];
  if (!myTurn) {
    ui.decision.replaceChildren(el("div", { class: "buttons" }, side));
    return;
  }
  buttons.push(...phaseControls(st.view, {
    choose: (action) => act(action), playSelected, selected: st.selected, spec: st.spec, clear: () => { st.selected.clear(); draw(); }, redraw: draw,
    chooseSelected: (key) => act({ [key]: selectedTokens() }),
  }));
  if (st.settings.hints) buttons.push(el("button", { type: "button", id: "btn-hint", onclick: hint }, st.hintLevel ? S.hint_more : S.hint));
  ui.decision.replaceChildren(el("div", { class: "buttons" }, buttons, side));
}

function selectedTokens() {
  return [...st.selected].map((id) => id.split(":").slice(1).join(":"));
}

/** The selected cards as an action; a wild card in a combination takes the reading the engine
 * allows (the legal plays of exactly these cards), or offers them when there are several. */
async function playSelected() {
  const tokens = selectedTokens();
  if (!tokens.length || st.busy) return;
  let read = { action: tokens };
  if (needsReading(tokens)) {
    const generation = st.generation;
    const reply = await engine.call({ op: "legal", state: st.id, seat: st.settings.seat, cards: tokens });
    if (generation !== st.generation) return;
    if (reply.ok) read = readPlay(tokens, reply.actions);
  }
  if (read.choices) {
    ui.decision.replaceChildren(el("p", {}, wildPrompt(tokens)), el("div", { class: "buttons" }, choiceButtons(read.choices, (m) => act(m))));
    return;
  }
  act(read.action);
}

async function act(action, side = false) {
  if (st.busy || !st.view) return;
  if (!side && st.view.to_act !== st.settings.seat) return;
  st.busy = true;
  pageState("busy");
  st.refocusHand = Array.isArray(action);  // a play from the hand: the focus comes back to the hand
  const before = st.id;
  setFeedback("", "");
  st.generation += 1;
  st.undo.push(before);  // before the bots move, so Undo is there at once
  ui.undo.disabled = false;
  const result = await applyAndOfferInterrupts(action, st.settings.seat, true, st.generation);
  st.busy = false;
  // not allowed, and the rules make it cost something (a failed throw; exposed cards in the
  // cut-in Daifugo): the move stands as the rules' consequence, and the reason is said
  if (result && result.ok !== false && result.attempt) setFeedback("bad", S.attempt_costs, result.attempt);
  if (result && result.ok === false) {
    st.undo.pop();
    st.generation += 1;
    const verdict = result.verdict || { text: result.error, rule_ids: [] };
    setFeedback("bad", S.illegal, verdict);
    draw();
    if (st.refocusHand) focusHand();
    st.refocusHand = false;
    pageState("learner");
  }
}

async function undo() {
  if (!st.undo.length) return;
  st.busy = false; // as with a new deal: a question out of turn left open is dropped
  st.generation += 1; // stops the bots' pending moves
  st.id = st.undo.pop();
  setFeedback("", "");
  await refresh(st.generation);
}

/** Shows every hand (once the deal allows it), or hides them again: one toggle. */
async function reveal() {
  if (st.revealed) {
    st.revealed = null;
    st.view.shown = {};
    draw();
    return;
  }
  const reply = await engine.call({ op: "reveal", state: st.id });
  if (!reply.ok) return;
  st.revealed = reply.hands;
  st.view.shown = Object.fromEntries(Object.entries(reply.hands).filter(([s]) => Number(s) !== st.settings.seat));
  draw();
}

async function nextRound() {
  const reply = await engine.call({ op: "next_hand", state: st.id, seat: st.settings.seat, log_since: st.log.length, lang: data.lang });
  if (!reply.ok) return;
  st.undo = [];
  st.id = reply.state;
  st.revealed = null;
  setFeedback("", "");
  st.generation += 1;
  await refresh(st.generation);
}

async function hint() {
  st.hintLevel = Math.min(st.hintLevel + 1, 3);
  if (!st.hint || st.hint.id !== st.id) {
    const reply = await engine.call({ op: "hint", state: st.id, seat: st.settings.seat, lang: data.lang });
    if (!reply.ok) return;
    st.hint = { id: st.id, ...reply.hint };
  }
  const h = st.hint;
  // 1. what to look for, with the rules that govern it; 2. the candidates, their cards marked in
  // the hand; 3. the answer with its reason (tutor/hints.py)
  const parts = [el("p", { class: "hint-focus" }, `1. ${h.focus.text}`)];
  if (h.focus.rule_ids.length) parts.push(ruleLinks(h.focus.rule_ids, data.rules));
  if (st.hintLevel >= 2) parts.push(el("p", { class: "hint-candidates" }, `2. ${h.candidates.text}`));
  if (st.hintLevel >= 3) {
    // the answer's action rides along as data (a test plays it; the learner reads the words)
    parts.push(el("p", { class: "hint-answer", "data-action": JSON.stringify(h.action) }, `3. ${fmt(S.hint_answer, { action: h.label })} ${h.why}`),
      el("p", {}, h.rule.text), ruleLinks(h.rule.rule_ids, data.rules));
  }
  if (st.hintLevel >= 2 && h.candidates.cards.length) {
    const keys = new Set(h.candidates.cards.map((t) => (data.suits_matter ? t : t.split("-").pop())));
    renderTable(ui.table, st.view, {
      phases: ui.phases, deciding: true, selected: st.selected,
      onToggle: (id, index) => toggleCard(st.selected, id, index, ui.table, draw), legalKeys: keys,
    });
  }
  setFeedback("hint", S.hint, null, el("div", { class: "hint-levels" }, parts));
  renderDecision(true);
}

function setFeedback(kind, text, verdict = null, extra = null) {
  showFeedback(ui.feedback, kind, text, verdict, extra, data.rules);
}

function engineStatus(stage, error) {
  showEngineStatus(ui.status, stage, error);
}

export async function start(startedEngine) {
  data = JSON.parse(document.getElementById("practice-data").textContent);
  S = { ...(await loadStrings(data.lang)), ...(data.words || {}) };  // a game's own words for some (build.py)
  configure({ strings: S, lang: data.lang, suitsMatter: data.suits_matter });
  for (const [key, id] of Object.entries({
    table: "table", phases: "phases", decision: "decision", feedback: "feedback", history: "history",
    status: "engine-status", urlError: "url-error", form: "settings", undo: "btn-undo", reveal: "btn-reveal",
    nextRound: "btn-next-round", share: "share", shareMoment: "share-moment",
  })) ui[key] = document.getElementById(id);
  const parsed = readUrl(withoutSet(location.search), data.flags, data.game);  // a class set's marks are not settings
  buildForm(parsed.settings || { seed: "1", seat: 0, hints: true, chances: true, flags: {}, moves: null });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (engine.ready) newDeal(readForm());
  });
  ui.undo.addEventListener("click", undo);
  ui.reveal.addEventListener("click", reveal);
  ui.nextRound.addEventListener("click", nextRound);
  document.addEventListener("keydown", (event) => {
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    const onCard = event.target && event.target.classList && event.target.classList.contains("card");
    if (event.key === "Enter" && st.selected.size && (onCard || event.target.tagName !== "BUTTON")) {
      event.preventDefault();
      playSelected();
    }
    else if (event.key === "p" || event.key === "P") act("PASS");
    else if ((event.key === "h" || event.key === "H") && st.settings && st.settings.hints) hint();
    else if ((event.key === "u" || event.key === "U") && st.undo.length) undo();
  });
  engine = startedEngine;
  engine.listen(engineStatus);
  // the same position under another rule (compare.js): the learner's seat, in turn or out of it
  // at the head of the history's column, which scrolls: the table keeps its room
  ui.compare = mountCompare(document.getElementById("history-title"), { before: true, S, words: data.rule_words,
    lang: data.lang, rules: data.rules, engine: () => engine, position: async () => (st.id === null ? null : {
      state: st.id, seat: st.settings.seat, in_turn: !st.view || st.view.to_act === st.settings.seat, focus: null }) });
  if (parsed.error) {
    showUrlError(parsed.error);
    return;
  }
  if (await engine.readyPromise) await newDeal(parsed.settings);
}
