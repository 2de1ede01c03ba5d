// The class-set pages (issue 23): the teacher's form (class.html), the student's set (set.html),
// and the bar an item page shows when opened from a set (back to the set, on to the next item).
// The set's format, its checks and the student's progress are in classset.js.

import { doneSet, loadStrings } from "./app.js";
import {
  LIMITS, SET_VERSION, checkPracticeQuery, currentKey, dealQuery, decodeSet, encodeSet, errorText, fmt, itemPath, itemState,
  loadSets, readSetLink, rememberSet, saveSets, setContext, setQuery, withoutSet,
} from "./classset.js";
import { el } from "./table.js";

let data;
let S;

/** Former lesson keys → keys (the build writes them on the page: progress.js). */
function renames() {
  try {
    return JSON.parse(document.body.dataset.lessonRenames || "{}");
  } catch {
    return {};
  }
}

const gameInfo = (name) => data.games.find((g) => g.game === name);

/** The words for one item: its game, and what it is (a lesson's title, a round, a deal). */
function describe(item) {
  const info = gameInfo(item.game);
  if (item.type === "lesson") return fmt(S.set_item_lesson, { title: item.title });
  if (item.type === "quiz") {
    const kinds = item.kinds.map((k) => (info.kinds.find((x) => x.name === k) || { title: k }).title);
    return fmt(item.count === 1 ? S.set_item_quiz_one : S.set_item_quiz, { n: item.count, kinds: kinds.join(data.lang === "ja" ? "、" : ", ") });
  }
  const deal = item.setup;
  const alone = !info.flags.some((f) => f.name === "players");
  const more = [];
  if (deal.preset !== info.default_preset) more.push((info.presets.find((p) => p.name === deal.preset) || { title: deal.preset }).title);
  if (deal.flags.players !== undefined) more.push(fmt(S.set_item_players, { n: deal.flags.players }));
  return fmt(S[`set_item_${(deal.moves ? "moment" : "fresh") + (alone ? "_alone" : "")}`], { seed: deal.seed, seat: deal.seat }) + more.map((m) => ` · ${m}`).join("");
}

/** One item of a set's list: its number, game and words (a link to its page when ``href``), and its state. */
function itemRow(item, index, href, state) {
  const info = gameInfo(item.game);
  const words = describe(item);
  const status = !state ? null : state.state === "done"
    ? (state.right !== undefined ? fmt(S.set_score, { right: state.right, n: state.n }) : S.set_done)
    : state.state === "earlier" ? S.set_done_earlier : S.set_not_yet;
  return el("li", { class: state ? `set-item is-${state.state}` : "set-item", "data-type": item.type, "data-game": item.game,
    "data-state": state ? state.state : null },
  el("span", { class: "set-game" }, info.title), " ",
  href ? el("a", { class: "set-open", href }, words) : el("span", { class: "set-what" }, words),
  status ? [" ", el("span", { class: "set-status" }, state.state === "todo" ? "" : "✓ ", status)] : null);
}

// ------------------------------------------------------------------ the student's set
function showSet() {
  const read = readSetLink(location.search, data.games, renames(), data.limits);
  const root = document.getElementById("class-set");
  if (read.error) {
    const box = document.getElementById("url-error");
    box.textContent = fmt(S.url_error, { error: errorText(read.error, S) });
    box.hidden = false;
    root.dataset.state = "error";
    return;
  }
  const paths = read.items.map((item, i) => itemPath(item, i, read.id));
  // kept for the item pages: their bar reads the set's name, its link and the next item's page
  const store = rememberSet(loadSets(), read.id, { code: read.code, title: read.set.title, paths }, Date.now());
  saveSets(store);
  const entry = store.sets[read.id];
  const lessons = doneSet();
  const states = read.items.map((item, i) => itemState(item, entry.done[String(i)], lessons));
  const title = read.set.title || S.set_title;
  document.getElementById("set-title").textContent = title;
  document.title = `${title} · ${S.site_title}`;
  document.getElementById("set-items").replaceChildren(...read.items.map((item, i) => itemRow(item, i, paths[i], states[i])));
  const done = states.filter((s) => s.state !== "todo").length;
  document.getElementById("set-progress").textContent = fmt(S.set_progress, { done, n: read.items.length });
  document.getElementById("set-all-done").hidden = done < read.items.length;
  root.dataset.done = String(done);
  root.dataset.state = "ready";
  const other = document.querySelector(".lang-switch");
  if (other) other.search = location.search;  // the same set in the other language
}

export async function startSet() {
  data = JSON.parse(document.getElementById("set-data").textContent);
  S = await loadStrings(data.lang);
  showSet();
  // a student working in another tab, or coming back through the history: the marks follow
  window.addEventListener("storage", (event) => { if (!event.key || event.key === "cardtutor.sets") showSet(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) showSet(); });
}

// ------------------------------------------------------------------ the bar on an item's page
/** On a lesson, quiz or practice page opened from a set: the set's name, the item's place in it,
 * a link back to the set and one on to the next item; it marks the item done when the page says so. */
export async function itemBar() {
  const context = setContext(location.search);
  if (!context) return;
  const entry = loadSets().sets[context.id];
  const decoded = entry ? decodeSet(entry.code) : null;
  if (!decoded || decoded.error || context.item > decoded.set.items.length) return;
  const lang = document.body.dataset.lang || "en";
  S = await loadStrings(lang);
  const base = `${document.body.dataset.root || ""}${lang}/`;
  const n = decoded.set.items.length;
  const item = decoded.set.items[context.item - 1];
  // done in this set, or (a lesson) finished before: as the set page counts it
  const done = () => Boolean(loadSets().sets[context.id]?.done[String(context.item - 1)])
    || (item.type === "lesson" && doneSet().has(currentKey(item.key, renames())));
  const mark = el("span", { class: "set-bar-done", role: "status" });
  const show = () => {
    mark.textContent = done() ? `✓ ${S.set_item_done}` : "";
    bar.dataset.done = String(done());
  };
  const next = context.item < n && entry.paths[context.item]
    ? el("a", { class: "set-next", href: base + entry.paths[context.item] }, `${S.set_next} →`) : null;
  const bar = el("nav", { class: "set-bar", id: "set-bar", "aria-label": S.set_title },
    el("span", { class: "set-bar-title" }, fmt(decoded.set.title ? S.set_bar : S.set_bar_untitled, { title: decoded.set.title, i: context.item, n })), " ", mark, " ",
    el("a", { class: "set-back", href: `${base}set.html?v=${SET_VERSION}&s=${entry.code}` }, S.set_back), next ? [" ", next] : null);
  show();
  document.getElementById("main").prepend(bar);
  document.addEventListener("cardtutor:set-item", show);
  // the quiz keeps its round across the language switch (the lesson and practice pages keep their own query)
  const other = document.querySelector(".lang-switch");
  if (other && document.body.dataset.page === "quiz") other.search = location.search;
}

// ------------------------------------------------------------------ the teacher's form
const form = {};
const teacher = { items: [], engine: null };

function randomNumber(high) {
  const n = new Uint32Array(1);
  crypto.getRandomValues(n);
  return 1 + (n[0] % high);
}

function fillGame() {
  const info = gameInfo(form.el.game.value);
  form.el.lesson.replaceChildren(...info.lessons.map((l) => el("option", { value: l.key }, l.title)));
  form.el.lesson.disabled = !info.lessons.length;
  form.kinds.replaceChildren(...info.kinds.map((k, i) => el("label", { class: "class-kind" },
    el("input", { type: "checkbox", name: "kind", value: k.name, checked: i === 0 }), ` ${k.title}`)));
  form.el.preset.replaceChildren(...info.presets.map((p) => el("option", { value: p.name, selected: p.name === info.default_preset }, p.title)));
  form.el.preset.closest("label").hidden = info.presets.length < 2 || form.el.type.value !== "fresh";
  fillPlayers();
}

function fillPlayers() {
  const info = gameInfo(form.el.game.value);
  const preset = info.presets.find((p) => p.name === form.el.preset.value) || info.presets[0];
  const flag = info.flags.find((f) => f.name === "players");
  const choices = flag ? ((preset && preset.players.length ? preset.players : flag.choices) || [flag.default]) : [1];
  const usual = (preset && preset.values.players) ?? (flag ? flag.default : 1);
  form.el.players.replaceChildren(...choices.map((n) => el("option", { value: n, selected: n === usual }, String(n))));
  form.el.players.disabled = choices.length < 2;
  fillSeats();
  for (const label of document.querySelectorAll("[data-seats]")) label.dataset.alone = String(!flag);
  showFields();
}

function fillSeats() {
  const players = Number(form.el.players.value) || 1;
  form.el.seat.replaceChildren(...Array.from({ length: players }, (_, i) => el("option", { value: i }, fmt(S.seat, { n: i }))));
}

/** Shows the fields of the item type chosen (a game played alone has no players or seat). */
function showFields() {
  const type = form.el.type.value;
  for (const node of form.root.querySelectorAll("[data-types]")) {
    node.hidden = !node.dataset.types.split(" ").includes(type) || node.dataset.alone === "true";
  }
  const info = gameInfo(form.el.game.value);
  if (type === "fresh" && info.presets.length < 2) form.el.preset.closest("label").hidden = true;
}

function showError(text) {
  form.error.textContent = text || "";
  form.error.hidden = !text;
}

/** A whole number from a field, or an error naming the field. */
function number(field, low, high) {
  const value = field.value.trim();
  if (!/^\d{1,9}$/.test(value) || Number(value) < low || Number(value) > high) {
    const what = field.closest("label").firstChild.textContent.trim();
    return { error: fmt(S.class_bad_number, { what, low, high }) };
  }
  return { value: Number(value) };
}

/** A link pasted from the practice table: its game and query, checked as the practice page reads it. */
function readPastedLink(text) {
  let url;
  try {
    url = new URL(text.trim(), location.href);
  } catch {
    return { error: S.class_not_practice };
  }
  const match = /\/(?:ja|en)\/([^/]+)\/practice\.html$/.exec(url.pathname);
  if (!match || !text.trim()) return { error: S.class_not_practice };
  const info = gameInfo(match[1]);
  if (!info) return { error: errorText({ key: "url_unknown_game", params: { value: match[1], known: data.games.map((g) => g.game).join(", ") } }, S) };
  const query = withoutSet(url.search).replace(/^\?/, "");
  const checked = checkPracticeQuery(query, info, data.limits);
  if (checked.error) return { error: errorText(checked.error, S) };
  return { item: { type: "practice", game: info.game, query, setup: checked.setup } };
}

/** The engine plays the deal and its moves (as the practice page will): its refusal names the move. */
async function engineCheck(item) {
  const engine = teacher.engine;
  if (!engine || !(await engine.readyPromise)) return null;  // no engine (it failed to load): the page's own checks stand
  const info = gameInfo(item.game);
  const deal = item.setup;
  const preset = info.presets.find((p) => p.name === deal.preset);
  const flags = { ...(preset ? preset.values : {}), ...(deal.flags) };
  const seed = /^\d{1,15}$/.test(deal.seed) ? Number(deal.seed) : deal.seed;
  const request = { game: item.game, preset: deal.preset, flags, seed, viewer: deal.seat, lang: data.lang };
  const reply = await engine.call(deal.moves ? { op: "replay_deal", moves: deal.moves, ...request } : { op: "new", ...request });
  return reply.ok === false ? reply.error : null;
}

async function addItem(event) {
  event.preventDefault();
  if (form.root.dataset.state === "checking") return;
  showError("");
  if (teacher.items.length >= LIMITS.items) {
    showError(fmt(S.class_too_many, { max: LIMITS.items }));
    return;
  }
  const type = form.el.type.value;
  const game = form.el.game.value;
  let item;
  if (type === "lesson") {
    const lesson = gameInfo(game).lessons.find((l) => l.key === form.el.lesson.value);
    if (!lesson) return;
    item = { type, game, key: lesson.key, slug: lesson.slug, title: lesson.title };
  } else if (type === "quiz") {
    const kinds = [...form.kinds.querySelectorAll("input:checked")].map((i) => i.value);
    if (!kinds.length) {
      showError(S.class_no_kinds);
      return;
    }
    const count = number(form.el.count, 1, LIMITS.questions);
    const seed = number(form.el.quiz_seed, 0, LIMITS.seed);
    if (count.error || seed.error) {
      showError(count.error || seed.error);
      return;
    }
    item = { type, game, kinds, seed: seed.value, count: count.value };
  } else if (type === "fresh") {
    const info = gameInfo(game);
    const seed = form.el.seed.value.trim() || String(randomNumber(999_999));
    const query = dealQuery(info, { preset: form.el.preset.value, players: Number(form.el.players.value), seat: Number(form.el.seat.value) || 0, seed });
    const checked = checkPracticeQuery(query, info, data.limits);
    if (checked.error) {
      showError(errorText(checked.error, S));
      return;
    }
    item = { type: "practice", game, query, setup: checked.setup };
  } else {
    const read = readPastedLink(form.el.link.value);
    if (read.error) {
      showError(fmt(S.class_bad_link, { error: read.error }));
      return;
    }
    item = read.item;
    form.root.dataset.state = "checking";
    form.copied.textContent = "";
    showError("");
    form.status.textContent = S.class_checking;
    const refused = await engineCheck(item);
    form.status.textContent = "";
    form.root.dataset.state = "ready";
    if (refused) {
      showError(fmt(S.class_bad_link, { error: refused }));
      return;
    }
    form.el.link.value = "";
  }
  teacher.items.push(item);
  const after = encodeSet(currentSet()).length;
  if (after > LIMITS.code) {
    teacher.items.pop();
    showError(fmt(S.class_too_long, { n: after, limit: LIMITS.code }));
    return;
  }
  if (type === "fresh") form.el.seed.value = "";
  if (type === "quiz") form.el.quiz_seed.value = String(randomNumber(999));
  showSetLink();
}

function currentSet() {
  return { title: form.el.title.value.trim().slice(0, LIMITS.title), items: teacher.items };
}

function move(index, by) {
  const to = index + by;
  if (to < 0 || to >= teacher.items.length) return;
  [teacher.items[index], teacher.items[to]] = [teacher.items[to], teacher.items[index]];
  showSetLink();
  const row = form.list.children[to];
  row?.querySelector(by < 0 ? ".class-up" : ".class-down")?.focus();
}

function remove(index) {
  teacher.items.splice(index, 1);
  showSetLink();
}

/** The list with its controls, the link (its length against the bound) and the students' view of it. */
function showSetLink() {
  const items = teacher.items;
  const n = items.length;
  form.list.replaceChildren(...items.map((item, i) => {
    const row = itemRow(item, i, null, null);
    row.append(" ", el("span", { class: "class-item-controls" },
      el("button", { type: "button", class: "class-up", disabled: i === 0, onclick: () => move(i, -1) }, S.class_up),
      el("button", { type: "button", class: "class-down", disabled: i === n - 1, onclick: () => move(i, 1) }, S.class_down),
      el("button", { type: "button", class: "class-remove", onclick: () => remove(i) }, S.class_remove)));
    return row;
  }));
  form.empty.hidden = n > 0;
  form.result.hidden = n === 0;
  const set = currentSet();
  const query = n ? setQuery(set) : "";
  const link = n ? new URL(`set.html${query}`, location.href).href : "";
  form.link.value = link;
  form.open.href = link || "set.html";
  const code = n ? encodeSet(set) : "";
  form.length.textContent = n ? fmt(S.class_length, { n: code.length, limit: LIMITS.code }) : "";
  form.copied.textContent = "";
  form.preview.replaceChildren(el("h3", {}, set.title || S.set_title),
    el("ol", { class: "set-items" }, items.map((item, i) => itemRow(item, i, null, { state: "todo" }))));
  form.root.dataset.items = String(n);
  form.root.dataset.link = link;
  // the page's own address keeps the set: a reload, or the other language, comes back to it
  history.replaceState(null, "", n ? query : location.pathname);
  const other = document.querySelector(".lang-switch");
  if (other) other.search = n ? query : "";
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(form.link.value);
    form.copied.textContent = S.class_copied;
  } catch {
    form.link.select();
    form.copied.textContent = S.class_copy_failed;
  }
}

/** A set already in the page's address (a reload, the language switch, a teacher's saved link) is opened for editing. */
function loadFromUrl() {
  if (!new URLSearchParams(location.search).has("s")) return;
  const read = readSetLink(location.search, data.games, renames(), data.limits);
  if (read.error) {
    showError(fmt(S.class_loaded_error, { error: errorText(read.error, S) }));
    return;
  }
  form.el.title.value = read.set.title;
  teacher.items = read.items;
}

export async function start(engine) {
  data = JSON.parse(document.getElementById("class-data").textContent);
  S = await loadStrings(data.lang);
  teacher.engine = engine;
  const byId = (id) => document.getElementById(id);
  form.root = byId("class-sets");
  form.form = byId("class-form");
  form.el = form.form.elements;
  Object.assign(form, {
    kinds: byId("class-kinds"), error: byId("class-error"), list: byId("class-items"), empty: byId("class-empty"),
    result: byId("class-result"), link: byId("class-link"), open: byId("class-open"), length: byId("class-length"),
    copied: byId("class-copied"), preview: byId("class-preview"),
  });
  form.status = el("p", { class: "class-status", role: "status", "aria-live": "polite" });
  form.error.before(form.status);
  form.el.game.replaceChildren(...data.games.map((g) => el("option", { value: g.game }, g.title)));
  form.el.game.addEventListener("change", fillGame);
  form.el.type.addEventListener("change", () => { showError(""); fillGame(); showFields(); });
  form.el.preset.addEventListener("change", fillPlayers);
  form.el.players.addEventListener("change", fillSeats);
  form.el.title.addEventListener("input", () => { if (teacher.items.length) showSetLink(); });
  form.form.addEventListener("submit", addItem);
  byId("class-copy").addEventListener("click", copyLink);
  form.el.quiz_seed.value = String(randomNumber(999));
  fillGame();
  showFields();
  loadFromUrl();
  showSetLink();
  form.root.dataset.state = "ready";
}

