// Class sets (issue 23): a teacher's ordered list of lessons, quiz rounds and practice deals (or
// moments of one), all in one link, and each student's own progress through it. No DOM here
// (the pages are classset-page.js): tests/sitebuild_tests/test_classset_js.py runs these
// functions in Node.
//
// The link is `set.html?v=1&s=CODE`. `v` is the set format (SET_VERSION); CODE is the unpadded
// base64url (RFC 4648 §5) of the UTF-8 of a compact JSON object, format 1:
//
//   {"t": title, "i": [item, …]}, each item one of
//   ["L", game, lesson key]                      a lesson (its stable key: renames follow aliases:)
//   ["Q", game, [kind, …], seed, questions]      a quiz round: the same questions for everyone
//   ["P", game, practice query]                  a practice deal, or a moment of one (its `moves`):
//                                                the practice link's own query, its `v` and all
//
// Bounds (LIMITS): a code of at most 8,000 characters, so the whole link stays under about 8.2 KB,
// which every browser and the common web servers take (a set of ten lessons and quiz rounds takes
// some 400; a moment of a long Tichu match some 3,000); at most 30 items, a title of 80 characters,
// 20 questions a round. A link that breaks any rule gets a message naming what is wrong (an error
// `{key, params}`, `key` a page string); nothing here throws on what a link holds.
//
// Progress is the student's own, in localStorage under "cardtutor.sets" (STORE_VERSION 1):
// {"v": 1, "sets": {id: {code, title, paths, seen, done: {index: result}}}}, `id` a hash of the
// code. An item page opened from the set carries `set=<id>&item=<n>` (n from 1) and records its
// result here: a lesson finished, a quiz round finished (its score, the best one kept), a practice
// hand played to its end (the set's own deal: the same deal number, seat, preset and moves).
// A lesson the student finished before, outside the set, counts too (progress.js keeps it): it is
// the student's own work, and doing it again would teach nothing new; the set page says "earlier".

import { upgradeQuery, writeQuery } from "./links.js";

export const SET_VERSION = 1;
export const STORE_KEY = "cardtutor.sets";
export const STORE_VERSION = 1;
export const LIMITS = { code: 8000, items: 30, title: 80, questions: 20, seed: 999_999, sets: 50 };
const TYPES = { L: "lesson", Q: "quiz", P: "practice" };
const CODE_CHARS = /^[A-Za-z0-9_-]*$/;

// ------------------------------------------------------------------ words
/** ``text`` with its {placeholders} filled; a parameter that is itself an error is said in words. */
export function fmt(text, params = {}) {
  return String(text ?? "").replace(/\{(\w+)\}/g, (all, name) => (Object.hasOwn(params, name) ? String(params[name]) : all));
}

/** An error ``{key, params}`` in words (``words``: the page strings); a nested error (an item's) too. */
export function errorText(error, words) {
  const params = {};
  for (const [name, value] of Object.entries(error.params || {})) {
    params[name] = value && typeof value === "object" && value.key ? errorText(value, words) : value;
  }
  return fmt(words[error.key] || error.key, params);
}

const err = (key, params = {}) => ({ error: { key, params } });
const itemErr = (index, inner) => err("set_item_error", { item: index + 1, error: inner });

// ------------------------------------------------------------------ the code
function toBase64url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The code of a set ``{title, items}`` (items as ``decodeSet`` gives them). */
export function encodeSet(set) {
  const items = set.items.map((it) => (it.type === "lesson" ? ["L", it.game, it.key]
    : it.type === "quiz" ? ["Q", it.game, [...it.kinds], it.seed, it.count] : ["P", it.game, it.query]));
  return toBase64url(new TextEncoder().encode(JSON.stringify({ t: set.title || "", i: items })));
}

/** The query of the set's link: ``?v=1&s=CODE``. */
export function setQuery(set) {
  return `?v=${SET_VERSION}&s=${encodeSet(set)}`;
}

/**
 * Reads a code: ``{set: {title, items}}`` with each item ``{type: "lesson", game, key}``,
 * ``{type: "quiz", game, kinds, seed, count}`` or ``{type: "practice", game, query}``, or
 * ``{error}``: the code too long, a character no code has, not a set once read (a link cut short
 * when copied), or an item of the wrong shape. What the items name is checked by ``checkSet``.
 */
export function decodeSet(code) {
  if (typeof code !== "string" || !code.length) return err("set_no_code");
  if (code.length > LIMITS.code) return err("set_code_too_long", { n: code.length, limit: LIMITS.code });
  if (!CODE_CHARS.test(code)) {
    const at = [...code].findIndex((c) => !CODE_CHARS.test(c));
    return err("set_bad_char", { value: [...code][at], at: at + 1 });
  }
  let value;
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (code.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return err("set_bad_code");
  }
  if (!value || typeof value !== "object" || Array.isArray(value) || !Array.isArray(value.i)) return err("set_bad_code");
  const title = value.t === undefined ? "" : value.t;
  if (typeof title !== "string" || [...title].length > LIMITS.title) return err("set_bad_title", { max: LIMITS.title });
  if (!value.i.length) return err("set_no_items");
  if (value.i.length > LIMITS.items) return err("set_too_many", { n: value.i.length, max: LIMITS.items });
  const items = [];
  for (const [index, raw] of value.i.entries()) {
    const bad = err("set_bad_item", { item: index + 1 });
    if (!Array.isArray(raw) || !Object.hasOwn(TYPES, raw[0]) || typeof raw[1] !== "string") return bad;
    const type = TYPES[raw[0]];
    if (type === "lesson" && raw.length === 3 && typeof raw[2] === "string") items.push({ type, game: raw[1], key: raw[2] });
    else if (type === "quiz" && raw.length === 5 && Array.isArray(raw[2]) && raw[2].every((k) => typeof k === "string")) {
      items.push({ type, game: raw[1], kinds: raw[2], seed: raw[3], count: raw[4] });
    } else if (type === "practice" && raw.length === 3 && typeof raw[2] === "string") items.push({ type, game: raw[1], query: raw[2] });
    else return bad;
  }
  return { set: { title, items } };
}

/** A short, stable name for a set: a hash of its code (cyrb53), in base 36. */
export function setId(code) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < code.length; i += 1) {
    const c = code.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

// ------------------------------------------------------------------ what the items name
/** A lesson key after the renames ({old: new}, the lessons' `aliases:`; a loop stops). */
export function currentKey(key, renames) {
  const seen = new Set();
  while (renames && Object.hasOwn(renames, key) && !seen.has(key)) {
    seen.add(key);
    key = renames[key];
  }
  return key;
}

const ON_OFF = ["on", "off", "1", "0", "true", "false"];
const isOn = (value) => ["on", "1", "true"].includes(value);

/** A flag's value from a link, typed like its default (practice.js parseFlag), or undefined when it is none of its values. */
function flagValue(info, value) {
  if (typeof info.default === "boolean") return ON_OFF.includes(value) ? isOn(value) : undefined;
  const typed = typeof info.default === "number" && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (info.choices && !info.choices.some((c) => c === typed)) return undefined;
  return typed;
}

/**
 * A practice link's query checked as the practice page reads it (practice.js readUrl), for the
 * game ``info`` (one of the page data's games): ``{setup: {seed, seat, preset, flags, moves}}`` with
 * ``flags`` only those the link names, or ``{error}``. Whether the moves are legal is the engine's
 * to say (the teacher's page asks it; the practice page replays them).
 */
export function checkPracticeQuery(query, info, limits = {}) {
  const upgraded = upgradeQuery(query, info.game, info.links);
  if (upgraded.error) return { error: upgraded.error };
  const flagNames = info.flags.map((f) => f.name);
  const known = ["v", "game", "seed", "seat", "hints", "chances", "moves", "preset", ...flagNames];
  const deal = { seed: "1", seat: 0, preset: info.default_preset, flags: {}, moves: null };
  let seat = null;
  for (const [name, value] of upgraded.params) {
    if (!known.includes(name)) return err("url_unknown_param", { name, known: known.join(", ") });
    if (name === "preset") {
      if (!info.presets.some((p) => p.name === value)) {
        return err("url_bad_preset", { value, known: info.presets.map((p) => p.name).join(", ") });
      }
      deal.preset = value;
    } else if (name === "game") {
      if (value !== info.game) return err("url_wrong_game", { game: info.title, value });
    } else if (name === "seed") {
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) return err("url_bad_seed", { value });
      deal.seed = value;
    } else if (name === "seat") {
      seat = value;
    } else if (name === "moves") {
      const limit = limits.moves_code || 20_000;
      if (value.length > limit) return err("url_moves_too_long", { n: value.length, limit });
      if (!/^\d{1,3}\.[A-Za-z0-9_-]+$/.test(value)) return err("url_bad_moves", { value: value.length > 24 ? `${value.slice(0, 24)}…` : value });
      deal.moves = value;
    } else if (name === "hints" || name === "chances") {
      if (!ON_OFF.includes(value)) return err(name === "hints" ? "url_bad_hints" : "url_bad_chances", { value });
    } else {
      const flag = info.flags.find((f) => f.name === name);
      const typed = flagValue(flag, value);
      if (typed === undefined) {
        const values = typeof flag.default === "boolean" ? ["true", "false"] : (flag.choices || []).map(String);
        return err("url_bad_flag", { name, value, known: values.join(", ") });
      }
      deal.flags[name] = typed;
    }
  }
  const preset = info.presets.find((p) => p.name === deal.preset);
  const playersFlag = info.flags.find((f) => f.name === "players");  // none: a game played alone
  const players = deal.flags.players ?? (preset && preset.values.players) ?? (playersFlag ? playersFlag.default : 1);
  const max = players - 1;
  if (seat !== null) {
    if (!/^\d{1,2}$/.test(seat) || Number(seat) > max) return err("url_bad_seat", { value: seat, max });
    deal.seat = Number(seat);
  }
  return { setup: deal };
}

/** The query (no "?") of a practice link to a fresh deal: the page's own format (links.js). */
export function dealQuery(info, { preset, players, seat, seed }) {
  const entries = [["seed", String(seed)], ["seat", String(seat)]];
  if (preset && preset !== info.default_preset) entries.push(["preset", preset]);
  const chosen = info.presets.find((p) => p.name === (preset || info.default_preset));
  const playersFlag = info.flags.find((f) => f.name === "players");
  const usual = (chosen && chosen.values.players) ?? (playersFlag ? playersFlag.default : null);
  if (playersFlag && players !== undefined && players !== null && Number(players) !== usual) entries.push(["players", String(players)]);
  return writeQuery(entries, info.links).slice(1);
}

/**
 * Checks what a set's items name against the site (``catalog``: the page data's ``games``;
 * ``renames``: former lesson keys): ``{items}``, each item with what its page needs (a lesson's
 * file and title, a deal read from its query), or ``{error}`` naming the item and what is wrong.
 */
export function checkSet(set, catalog, renames = {}, limits = {}) {
  const items = [];
  for (const [index, item] of set.items.entries()) {
    const info = catalog.find((g) => g.game === item.game);
    if (!info) return itemErr(index, { key: "url_unknown_game", params: { value: item.game, known: catalog.map((g) => g.game).join(", ") } });
    if (item.type === "lesson") {
      const key = currentKey(item.key, renames);
      const lesson = info.lessons.find((l) => l.key === key);
      if (!lesson) return itemErr(index, { key: "url_unknown_lesson", params: { game: info.title, value: item.key } });
      items.push({ ...item, key, slug: lesson.slug, title: lesson.title });
    } else if (item.type === "quiz") {
      const round = checkRound(item.kinds, item.seed, item.count, info);
      if (round.error) return itemErr(index, round.error);
      items.push({ ...item, ...(round.fixed) });
    } else {
      const checked = checkPracticeQuery(item.query, info, limits);
      if (checked.error) return itemErr(index, checked.error);
      items.push({ ...item, setup: checked.setup });
    }
  }
  return { items };
}

/** A quiz round's kinds, seed and length checked: ``{fixed: {kinds, seed, count}}`` or ``{error}``. */
function checkRound(kinds, seed, count, info) {
  const names = info.kinds.map((k) => k.name);
  if (!kinds.length) return err("url_bad_kind", { value: "", known: names.join(", ") });
  const unknown = kinds.find((k) => !names.includes(k));
  if (unknown !== undefined) return err("url_bad_kind", { value: unknown, known: names.join(", ") });
  if (!Number.isInteger(seed) || seed < 0 || seed > LIMITS.seed) return err("url_bad_quiz_seed", { value: String(seed), max: LIMITS.seed });
  if (!Number.isInteger(count) || count < 1 || count > LIMITS.questions) return err("url_bad_count", { value: String(count), max: LIMITS.questions });
  return { fixed: { kinds: [...new Set(kinds)], seed, count } };
}

/**
 * A set link's query read and checked: ``{code, id, set, items}``, or ``{error}`` (a bad or newer
 * format `v`, no code, a code that is damaged, too long or names what the site does not have).
 */
export function readSetLink(search, catalog, renames = {}, limits = {}) {
  const params = new URLSearchParams(search);
  const given = params.getAll("v");
  if (given.length > 1) return err("url_bad_version", { value: given.join(", ") });
  if (given.length) {
    if (!/^\d{1,9}$/.test(given[0]) || Number(given[0]) < 1) return err("url_bad_version", { value: given[0] });
    if (Number(given[0]) > SET_VERSION) return err("url_newer_version", { version: Number(given[0]), current: SET_VERSION });
  }
  const code = params.get("s");
  const decoded = decodeSet(code);
  if (decoded.error) return decoded;
  const checked = checkSet(decoded.set, catalog, renames, limits);
  if (checked.error) return checked;
  return { code, id: setId(code), set: decoded.set, items: checked.items };
}

/** Each item's page, from the language's folder, carrying the set and the item's number. */
export function itemPath(item, index, id) {
  const mark = `set=${id}&item=${index + 1}`;
  if (item.type === "lesson") return `${item.game}/${item.slug}.html?${mark}`;
  if (item.type === "quiz") return `${item.game}/quiz.html?kinds=${item.kinds.join(",")}&seed=${item.seed}&n=${item.count}&${mark}`;
  return `${item.game}/practice.html?${item.query}&${mark}`;
}

// ------------------------------------------------------------------ item pages
/** The set and item an item page was opened from (``set=<id>&item=<n>``), or null. */
export function setContext(search) {
  const params = new URLSearchParams(search);
  const id = params.get("set");
  const item = params.get("item");
  if (!id || !/^[a-z0-9]{1,16}$/.test(id) || !/^\d{1,3}$/.test(item || "") || Number(item) < 1) return null;
  return { id, item: Number(item) };
}

/** ``search`` without the set's marks (what the page itself reads). */
export function withoutSet(search) {
  const params = new URLSearchParams(search);
  params.delete("set");
  params.delete("item");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The set's marks to keep on a query the page writes (``&set=…&item=…``), or "". */
export function setSuffix(search) {
  const context = setContext(search);
  return context ? `&set=${context.id}&item=${context.item}` : "";
}

/**
 * A quiz page's fixed round (``kinds=a,b&seed=7&n=5``): null when the link has none,
 * ``{fixed: {kinds, seed, count}}``, or ``{error}`` (``info``: the game's ``{kinds: [{name}]}``).
 */
export function quizRound(search, kinds) {
  const params = new URLSearchParams(search);
  if (!["kinds", "seed", "n"].some((name) => params.has(name))) return null;
  const number = (name, fallback) => {
    const value = params.get(name);
    return value === null ? fallback : /^\d{1,9}$/.test(value) ? Number(value) : value;
  };
  const named = (params.get("kinds") || "").split(",").map((k) => k.trim()).filter(Boolean);
  return checkRound(named.length ? named : kinds, number("seed", 1), number("n", 10), { kinds: kinds.map((name) => ({ name })) });
}

/** Hands tried for one question of a fixed round before it is given up on. */
const TRIES = 24;

/**
 * Question ``index`` of a fixed round, the same for every student: made by the engine
 * (``call``: a request → its reply) from the round's kinds in turn and seeds that follow from the
 * round's seed; null when none of them gives a question the round has not asked yet.
 */
export async function fixedExercise(call, round, index, used) {
  for (let shift = 0; shift < round.kinds.length; shift += 1) {
    const kind = round.kinds[(index + shift) % round.kinds.length];
    for (let t = 0; t < TRIES; t += 1) {
      const seed = round.seed * 1000 + index * TRIES + t;
      const reply = await call({ op: "quiz", kind, seed });
      if (reply.ok === false) return null;
      // the engine may keep the question's position (``state``), as the quiz page's own questions do
      if (reply.exercise && !used.has(reply.exercise.key)) return reply.state === undefined ? reply.exercise : { ...reply.exercise, position: reply.state };
    }
  }
  return null;
}

// ------------------------------------------------------------------ progress
/** Reads the stored sets (any text, or null); broken entries are dropped, a newer store is read as far as it goes. */
export function parseStore(text) {
  let value = null;
  try {
    value = text === null || text === undefined ? null : JSON.parse(text);
  } catch {
    value = null;
  }
  const sets = {};
  if (value && typeof value === "object" && value.sets && typeof value.sets === "object" && !Array.isArray(value.sets)) {
    for (const [id, entry] of Object.entries(value.sets)) {
      if (!entry || typeof entry !== "object" || typeof entry.code !== "string") continue;
      const done = {};
      for (const [index, result] of Object.entries(entry.done && typeof entry.done === "object" ? entry.done : {})) {
        if (/^\d{1,3}$/.test(index) && result && typeof result === "object") done[index] = result;
      }
      sets[id] = { code: entry.code, title: typeof entry.title === "string" ? entry.title : "",
        paths: Array.isArray(entry.paths) ? entry.paths.filter((p) => typeof p === "string") : [],
        seen: Number.isFinite(entry.seen) ? entry.seen : 0, done };
    }
  }
  return { v: STORE_VERSION, sets, newer: Boolean(value && Number.isInteger(value.v) && value.v > STORE_VERSION) };
}

export function serializeStore(store) {
  return JSON.stringify({ v: STORE_VERSION, sets: store.sets });
}

/** The store once the set page has shown set ``id`` (its code, title and item pages kept, for the item pages); the sets seen longest ago go past LIMITS.sets. */
export function rememberSet(store, id, { code, title, paths }, now) {
  const old = store.sets[id] || { done: {} };
  let sets = { ...store.sets, [id]: { ...old, code, title, paths, seen: now } };
  const ids = Object.keys(sets).sort((a, b) => sets[b].seen - sets[a].seen);
  if (ids.length > LIMITS.sets) sets = Object.fromEntries(ids.slice(0, LIMITS.sets).map((k) => [k, sets[k]]));
  return { ...store, sets };
}

/** The store once item ``index`` (from 0) of set ``id`` is done with ``result``; a quiz keeps its best score and its last. */
export function recordResult(store, id, index, result, now) {
  const entry = store.sets[id];
  if (!entry) return store;
  const before = entry.done[String(index)];
  const record = { done: true, at: now };
  if (result.type === "quiz") {
    const better = !before || !Number.isInteger(before.right) || result.right > before.right
      || (result.right === before.right && result.n < before.n);
    Object.assign(record, { right: better ? result.right : before.right, n: better ? result.n : before.n,
      last: result.right, last_n: result.n });
  }
  return { ...store, sets: { ...store.sets, [id]: { ...entry, done: { ...entry.done, [String(index)]: record } } } };
}

/**
 * Whether ``result`` (what an item page did) is the work item ``item`` asks: the same lesson, a
 * round of the same quiz (the page ran the set's own round), the same deal or moment played.
 */
export function matches(item, result, renames = {}) {
  if (!item || !result || item.game !== result.game) return false;
  if (item.type === "lesson") return result.type === "lesson" && currentKey(item.key, renames) === currentKey(result.key, renames);
  if (item.type === "quiz") {
    const round = result.fixed;
    return result.type === "quiz" && Boolean(round) && round.seed === item.seed && round.count === item.count
      && round.kinds.join(",") === [...new Set(item.kinds)].join(",");
  }
  if (result.type !== "practice" || !item.setup) return false;
  const played = result.settings;
  const deal = item.setup;
  return String(played.seed) === String(deal.seed) && played.seat === deal.seat && (played.moves || null) === (deal.moves || null)
    && (played.preset || null) === (deal.preset || null)
    && Object.entries(deal.flags).every(([name, value]) => played.flags && played.flags[name] === value);
}

/** An item's state for the set page: "done" (in this set), "earlier" (a lesson finished before), or "todo". */
export function itemState(item, record, lessonsDone) {
  if (record && record.done) return { state: "done", ...(Number.isInteger(record.right) ? { right: record.right, n: record.n } : {}) };
  if (item.type === "lesson" && lessonsDone && lessonsDone.has(item.key)) return { state: "earlier" };
  return { state: "todo" };
}

// ------------------------------------------------------------------ storage (the pages)
export function loadSets() {
  try {
    return parseStore(localStorage.getItem(STORE_KEY));
  } catch {
    return parseStore(null);
  }
}

/** Stores ``store``, unless a newer site wrote what is stored (left as it is). */
export function saveSets(store) {
  try {
    if (parseStore(localStorage.getItem(STORE_KEY)).newer) return false;
    localStorage.setItem(STORE_KEY, serializeStore(store));
    return true;
  } catch {
    return false;  // storage full or off (private mode): progress holds for this page only
  }
}

/**
 * Records what an item page did (``result``: ``{type: "lesson", game, key}``, ``{type: "quiz",
 * game, round, right, n}``, ``{type: "practice", game, settings}``) when the page was opened from
 * a set this browser has shown and it is that item's work; tells the page's set bar
 * ("cardtutor:set-item"). ``info``: the game as the page knows it (a practice page's data: its
 * flags, presets and link migrations, to read the item's deal). Returns whether it was recorded.
 */
export function recordItem(search, result, renames = {}, info = null) {
  const context = setContext(search);
  if (!context) return false;
  const store = loadSets();
  const entry = store.sets[context.id];
  if (!entry) return false;
  const decoded = decodeSet(entry.code);
  if (decoded.error) return false;
  const item = decoded.set.items[context.item - 1];
  let resolved = item;
  if (item && item.type === "practice") {
    const checked = info && item.game === info.game ? checkPracticeQuery(item.query, info) : {};
    resolved = checked.setup ? { ...item, setup: checked.setup } : null;
  }
  if (!matches(resolved, result, renames)) return false;
  const saved = saveSets(recordResult(store, context.id, context.item - 1, result, Date.now()));
  if (saved && typeof document !== "undefined") document.dispatchEvent(new CustomEvent("cardtutor:set-item", { detail: context }));
  return saved;
}
