// Mastery per rule, kept in localStorage: which rules the learner got right or wrong, and when
// each is due again (spaced practice, Leitner boxes). No DOM here: tests/sitebuild_tests/
// test_mastery_js.py runs these functions in Node.
//
// Schema 1: "cardtutor.mastery" holds {"v": 1, "games": {game: {rule_id: entry}}}, an entry
// {box, due, right, wrong, last}: box 0 = got wrong last time (due again at once), 1…5 = right
// that many times in a row; due and last are times in ms. A rule never answered has no entry.

export const MASTERY_KEY = "cardtutor.mastery";
export const MASTERY_VERSION = 1;
export const TOP_BOX = 5;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How long a rule rests after a right answer, by the box it reaches (box 0: due at once). */
export const INTERVALS = [0, 10 * MINUTE, DAY, 3 * DAY, 7 * DAY, 21 * DAY];

/** Reads stored mastery (any text, or null); a broken or newer store reads as what it can. */
export function parseMastery(text) {
  let value = null;
  try {
    value = text === null || text === undefined ? null : JSON.parse(text);
  } catch {
    value = null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.games !== "object" || !value.games) {
    return { v: MASTERY_VERSION, games: {}, newer: false };
  }
  const games = {};
  for (const [game, rules] of Object.entries(value.games)) {
    if (!rules || typeof rules !== "object" || Array.isArray(rules)) continue;
    games[game] = {};
    for (const [rule, e] of Object.entries(rules)) {
      if (!e || typeof e !== "object") continue;
      games[game][rule] = {
        box: clampInt(e.box, 0, TOP_BOX), due: finite(e.due), last: finite(e.last),
        right: clampInt(e.right, 0, 1e9), wrong: clampInt(e.wrong, 0, 1e9),
      };
    }
  }
  return { v: MASTERY_VERSION, games, newer: Number.isInteger(value.v) && value.v > MASTERY_VERSION };
}

function clampInt(x, low, high) {
  return Number.isInteger(x) ? Math.min(high, Math.max(low, x)) : low;
}

function finite(x) {
  return typeof x === "number" && Number.isFinite(x) ? x : 0;
}

export function serializeMastery(store) {
  return JSON.stringify({ v: MASTERY_VERSION, games: store.games });
}

/**
 * Records one answer: ``rules`` of ``game`` answered right (each moves up a box and rests longer)
 * or wrong (back to box 0, due again at once). Returns a new store; the old one is untouched.
 */
export function record(store, game, rules, right, now) {
  const games = { ...store.games, [game]: { ...(store.games[game] || {}) } };
  for (const rule of new Set(rules)) {
    const old = games[game][rule] || { box: 0, due: 0, last: 0, right: 0, wrong: 0 };
    const box = right ? Math.min(TOP_BOX, old.box + 1) : 0;
    games[game][rule] = {
      box, due: now + INTERVALS[box], last: now,
      right: old.right + (right ? 1 : 0), wrong: old.wrong + (right ? 0 : 1),
    };
  }
  return { ...store, games };
}

/**
 * The rules one answer concerns: all the exercise's rules when it was right; when wrong, those of
 * them the chosen options and the right ones cite (a wrong "which rule forbids it" marks the rule
 * asked about, not every rule the exercise named), else all of them.
 */
export function answeredRules(exercise, chosen) {
  const all = exercise.rule_ids || [];
  const right = exercise.options.every((o, i) => o.correct === chosen.includes(i));
  if (right) return { right, rules: all };
  const cited = new Set();
  exercise.options.forEach((o, i) => {
    if (o.correct || chosen.includes(i)) for (const r of o.rule_ids || []) cited.add(r);
  });
  const rules = all.filter((r) => cited.has(r));
  return { right, rules: rules.length ? rules : all };
}

/** "new" (never answered), "weak" (wrong last time), "learning" (box 1–2), "strong" (box 3+). */
export function ruleStatus(entry) {
  if (!entry) return "new";
  if (entry.box === 0) return "weak";
  return entry.box >= 3 ? "strong" : "learning";
}

/**
 * What to practise next, among ``rules`` (the rules a quiz can practise, in the catalog's order):
 * rules due again, the weak ones first, then the longest overdue; then rules never answered;
 * at most ``limit``. Rules resting (answered right, not due) are left out.
 */
export function nextRules(store, game, rules, now, limit = 5) {
  const mine = store.games[game] || {};
  const due = rules.filter((r) => mine[r] && mine[r].due <= now);
  due.sort((a, b) => (mine[a].box - mine[b].box) || (mine[a].due - mine[b].due));
  const fresh = rules.filter((r) => !mine[r]);
  return due.concat(fresh).slice(0, limit);
}

/** Counts per status over ``rules``: {new, weak, learning, strong}. */
export function summarize(store, game, rules) {
  const mine = store.games[game] || {};
  const out = { new: 0, weak: 0, learning: 0, strong: 0 };
  for (const r of rules) out[ruleStatus(mine[r])] += 1;
  return out;
}

/** Forgets one game's answers (a shared classroom computer, a fresh start). */
export function forgetGame(store, game) {
  const games = { ...store.games };
  delete games[game];
  return { ...store, games };
}

/** The stored mastery (an empty store where storage is off: private mode). */
export function loadStore() {
  try {
    return parseMastery(localStorage.getItem(MASTERY_KEY));
  } catch {
    return parseMastery(null);
  }
}

/** Stores ``store``, unless the stored one was written by a newer site (left as it is). */
export function saveStore(store) {
  try {
    if (parseMastery(localStorage.getItem(MASTERY_KEY)).newer) return false;
    localStorage.setItem(MASTERY_KEY, serializeMastery(store));
    return true;
  } catch {
    return false;  // storage full or off: mastery holds for this page only
  }
}
