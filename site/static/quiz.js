// The quiz page: a round of exercises the engine made and judged (tutor/quiz), one at a time.
// The first ones come with the page (the build made them: the quiz starts before Pyodide has
// loaded); once the engine is up, it makes each next exercise for the rules the learner should
// practise now (mastery.js: wrong ones first, then rules not yet met), so a quiz never runs out.
// `?rules=ID,ID` (from the mastery page) practises those rules only.

import { loadStrings } from "./app.js";
import { answeredRules, loadStore, nextRules, record, saveStore } from "./mastery.js";
import { errorText, fixedExercise, quizRound, recordItem } from "./classset.js";
import { mountCompare } from "./compare.js";
import { cardImage, configure, el, fmt, renderTable, ruleLinks, showEngineStatus } from "./table.js";

let data;
let S;
let engine;
const ui = {};
const st = {
  index: 0, exercise: null, chosen: [], answered: false, right: 0, results: [], used: new Set(),
  focus: [], last: [], busy: false,
};

// ------------------------------------------------------------------ choosing the next exercise
/** The rules named in the URL (`?rules=DDZ-CMP-2,DDZ-CMP-3`) that a quiz of this game practises. */
export function focusFromUrl(search, practisable) {
  const value = new URLSearchParams(search).get("rules") || "";
  const known = new Set(practisable);
  return value.split(",").map((r) => r.trim()).filter((r) => known.has(r));
}

/** The rules this exercise should practise: the URL's; else the rules due again (the ones missed
 * first), not the ones the last exercise asked unless nothing else is due (a rule comes back after
 * another question, not at once); else rules not met yet. */
function wantedRules() {
  if (st.focus.length) return st.focus;
  const store = loadStore();
  const mine = store.games[data.game] || {};
  const next = nextRules(store, data.game, data.practisable, Date.now(), data.practisable.length);
  const due = next.filter((r) => mine[r]);
  const dueNow = due.filter((r) => !st.last.includes(r));
  if (dueNow.length) return dueNow.slice(0, 8);
  const fresh = next.filter((r) => !mine[r]);
  return (fresh.length ? fresh : due).slice(0, 8);
}

/** The kinds whose exercises practise any of ``rules`` (the build measured them), else every kind. */
function kindsFor(rules) {
  const kinds = new Set();
  for (const r of rules) for (const k of data.coverage[r] || []) kinds.add(k);
  return kinds.size ? data.kinds.filter((k) => kinds.has(k)) : data.kinds;
}

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

async function fetchExercise() {
  if (st.fixed && (await engine.readyPromise)) {  // a class set's round: the same questions for everyone (classset.js)
    const made = await fixedExercise((request) => engine.call({ ...request, game: data.game, lang: data.lang }), st.fixed, st.index, st.used);
    if (made) return made;
  }
  const wanted = wantedRules();
  if (engine.ready) {
    for (let tries = 0; tries < 3; tries += 1) {
      const reply = await engine.call({
        op: "quiz", game: data.game, lang: data.lang, seed: randomSeed(), rules: wanted, kinds: kindsFor(wanted),
      });
      // the engine keeps the position (``state``): the answered question may be compared under other rules
      if (reply.ok !== false && reply.exercise && !st.used.has(reply.exercise.key)) return { ...reply.exercise, position: reply.state };
    }
  }
  // before the engine is up (or if it failed): the exercises the page came with
  const unused = data.pool.filter((e) => !st.used.has(e.key));
  const fits = unused.find((e) => e.rule_ids.some((r) => wanted.includes(r)));
  return fits || unused[0] || data.pool[st.index % data.pool.length];
}

// ------------------------------------------------------------------ drawing
function actionFace(action) {
  if (action && action.cards && action.cards.length) {
    const cards = el("span", { class: "quiz-cards", "aria-label": action.label }, action.cards.map((t) => cardImage(t)));
    // the same cards read as different combinations (declared): the words say which
    return action.declared ? el("span", {}, cards, el("span", { class: "quiz-reading" }, ` ${action.label}`)) : cards;
  }
  return el("span", {}, action ? action.label : "");
}

/** An option's words in the feedback: its cards (or its label). */
function optionWords(o) {
  return o.action && o.action.cards && o.action.cards.length ? actionFace(o.action) : el("q", {}, o.label);
}

/** The rules a reason cites, a flag's own entry left out beside the rule it switches on (the
 * rule says it in words; "NAP-FLAG-reverse" is the form's name for it). */
function shownRules(ids) {
  const rules = ids.filter((id) => !id.includes("-FLAG-"));
  return rules.length ? rules : ids;
}

/** The exercise's position in the engine, for the compare panel: kept when the engine made it,
 * else made again from its kind and seed (the page's first exercises were made by the build). */
async function comparePosition() {
  const ex = st.exercise;
  if (!ex) return null;
  if (ex.position === undefined) {
    const reply = await engine.call({ op: "quiz", game: data.game, lang: data.lang, kind: ex.kind, seed: ex.seed });
    ex.position = reply.ok !== false && reply.exercise && reply.exercise.key === ex.key ? reply.state : null;
  }
  const correct = ex.options.find((o) => o.correct && o.action);
  const focus = ex.shows ? ex.shows.json : correct ? correct.action.json : null;
  return { state: ex.position, seat: ex.seat, in_turn: ex.in_turn, focus };
}

function showExercise(ex) {
  st.exercise = ex;
  ui.compare.element.hidden = true;  // it would tell the answer: shown once the question is answered
  st.chosen = [];
  st.answered = false;
  st.used.add(ex.key);
  ui.root.dataset.kind = ex.kind;
  ui.root.dataset.key = ex.key;
  ui.root.dataset.rules = ex.rule_ids.join(" ");  // what it practises (the browser tests read it)
  ui.progress.textContent = `${fmt(S.quiz_question_of, { i: st.index + 1, n: data.length })} · ${fmt(S.quiz_score, { right: st.right })}`;
  // the rules this question is played under, where they are not the game's usual ones
  const rules = [ex.preset !== data.default_preset ? data.presets[ex.preset] : null, ...(ex.variant || [])].filter(Boolean);
  ui.preset.textContent = rules.length ? fmt(S.quiz_preset, { preset: rules.join(" · ") }) : "";
  ui.preset.hidden = !rules.length;
  ui.question.textContent = ex.question;
  ui.shows.replaceChildren(...(ex.shows ? [actionFace(ex.shows)] : []));
  ui.shows.hidden = !ex.shows;
  renderTable(ui.table, ex.view, { phases: ui.phases, deciding: false, selected: new Set() });
  ui.options.replaceChildren(...ex.options.map((o, i) => {
    const button = el("button", { type: "button", class: "quiz-option", "data-index": String(i) },
      o.action && o.action.cards && o.action.cards.length ? actionFace(o.action) : o.label);
    if (ex.multiple) button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => choose(i));
    return el("li", {}, button);
  }));
  ui.submit.hidden = !ex.multiple;
  ui.submit.disabled = true;
  ui.feedback.replaceChildren();
  ui.feedback.className = "feedback";
  ui.next.hidden = true;
  ui.summary.hidden = true;
  ui.exercise.hidden = false;
  ui.root.dataset.state = "asking";
  const first = ui.options.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

function choose(i) {
  if (st.answered) return;
  if (st.exercise.multiple) {
    st.chosen = st.chosen.includes(i) ? st.chosen.filter((c) => c !== i) : [...st.chosen, i];
    for (const b of ui.options.querySelectorAll("button")) {
      b.setAttribute("aria-pressed", String(st.chosen.includes(Number(b.dataset.index))));
    }
    ui.submit.disabled = !st.chosen.length;
    return;
  }
  st.chosen = [i];
  answer();
}

/** Shows the engine's judgement of every option, records the answer for each rule it concerns. */
function answer() {
  const ex = st.exercise;
  st.answered = true;
  const answered = answeredRules(ex, st.chosen);
  const right = answered.right;
  // a flag's own entry is kept as the rule it switches on (the mastery page lists that rule)
  const rules = answered.rules.filter((id) => !id.includes("-FLAG-"));
  if (right) st.right += 1;
  st.results.push({ key: ex.key, right, rules });
  st.last = ex.rule_ids;
  saveStore(record(loadStore(), data.game, rules, right, Date.now()));
  ui.compare.element.hidden = false;
  ui.compare.refresh();
  ex.options.forEach((o, i) => {
    const button = ui.options.querySelector(`button[data-index="${i}"]`);
    button.disabled = true;
    button.classList.toggle("right", o.correct);
    button.classList.toggle("wrong", !o.correct && st.chosen.includes(i));
    button.dataset.correct = String(o.correct);
    if (st.chosen.includes(i)) button.setAttribute("aria-current", "true");
  });
  ui.submit.hidden = true;
  ui.feedback.className = `feedback ${right ? "ok" : "bad"}`;
  // each option the learner chose and each right one, with the engine's reason for it (a reason
  // two of them share, as "allowed" and "not allowed" do, is said once)
  const reasons = [];
  const said = new Set();
  const order = [...ex.options.keys()].sort((a, b) => Number(ex.options[b].correct) - Number(ex.options[a].correct));
  for (const i of order) {  // the right answers first: a reason they share with a wrong one goes under them
    const o = ex.options[i];
    if (!(o.correct || st.chosen.includes(i))) continue;
    const label = o.correct ? S.quiz_right_answer : S.quiz_your_answer;
    const again = said.has(o.why);
    said.add(o.why);
    reasons.push(el("li", { class: o.correct ? "right" : "wrong" }, el("span", { class: "quiz-why-label" }, label, ": "),
      optionWords(o), again || !o.why ? null : el("span", { class: "quiz-why-text" }, ` — ${o.why}`),
      !again && o.rule_ids.length ? ruleLinks(shownRules(o.rule_ids), data.rules) : null));
  }
  ui.feedback.replaceChildren(el("p", { class: "headline" }, right ? S.quiz_right : S.quiz_wrong), el("ul", { class: "quiz-why" }, reasons));
  st.index += 1;
  ui.progress.textContent = `${fmt(S.quiz_question_of, { i: st.index, n: data.length })} · ${fmt(S.quiz_score, { right: st.right })}`;
  ui.next.textContent = st.index >= data.length ? S.quiz_finish : S.quiz_next;
  ui.next.hidden = false;
  ui.next.focus({ preventScroll: true });
  // a phone's question pane scrolls: "Next question" comes into view with the verdict above it,
  // or, where the verdict is longer than the pane, the verdict's start
  ui.next.scrollIntoView({ block: "end" });
  if (ui.feedback.getBoundingClientRect().y < ui.feedback.closest(".quiz-pane").getBoundingClientRect().y) {
    ui.feedback.scrollIntoView({ block: "start" });
  }
  ui.root.dataset.state = "answered";
}

function showSummary() {
  ui.exercise.hidden = true;
  ui.next.hidden = true;
  const byRule = new Map();
  for (const r of st.results) for (const id of r.rules) byRule.set(id, (byRule.get(id) ?? true) && r.right);
  ui.summaryText.textContent = fmt(S.quiz_done_text, { right: st.right, n: st.results.length });
  ui.summaryRules.replaceChildren(...[...byRule].map(([id, ok]) => el("li", { class: ok ? "right" : "wrong" },
    ok ? "✓ " : "✗ ", el("a", { href: `rules.html#${id}` }, data.rules[id] || id))));
  ui.summary.hidden = false;
  ui.root.dataset.state = "done";
  recordItem(location.search, { type: "quiz", game: data.game, fixed: st.fixed, right: st.right, n: st.results.length });
  ui.again.focus({ preventScroll: true });
}

async function next() {
  if (st.busy) return;
  if (st.index >= data.length) {
    showSummary();
    return;
  }
  st.busy = true;
  ui.next.disabled = true;
  ui.root.dataset.state = "loading";
  try {
    showExercise(await fetchExercise());
  } finally {
    st.busy = false;
    ui.next.disabled = false;
  }
}

function again() {
  Object.assign(st, { index: 0, right: 0, results: [], last: [], ...(st.fixed ? { used: new Set() } : {}) });  // a set's round: the same again
  next();
}

export async function start(startedEngine) {
  data = JSON.parse(document.getElementById("quiz-data").textContent);
  S = { ...(await loadStrings(data.lang)), ...data.words };
  configure({ strings: S, lang: data.lang, suitsMatter: data.suits_matter });
  engine = startedEngine;
  const byId = (id) => document.getElementById(id);
  Object.assign(ui, {
    root: byId("quiz"), progress: byId("quiz-progress"), preset: byId("quiz-preset"), focus: byId("quiz-focus"),
    exercise: byId("quiz-exercise"), question: byId("quiz-question"), shows: byId("quiz-shows"), phases: byId("phases"),
    table: byId("table"), options: byId("quiz-options"), submit: byId("quiz-check"), feedback: byId("quiz-feedback"),
    next: byId("quiz-next"), summary: byId("quiz-summary"), summaryText: byId("quiz-summary-text"),
    summaryRules: byId("quiz-summary-rules"), again: byId("quiz-again"), status: byId("engine-status"),
  });
  engine.listen((stage, error) => showEngineStatus(ui.status, stage, error));
  ui.compare = mountCompare(ui.feedback, { S, words: data.rule_words, lang: data.lang, rules: data.rules,
    engine: () => engine, position: comparePosition });
  engine.readyPromise.then(() => ui.compare.refresh());
  st.focus = focusFromUrl(location.search, data.practisable);
  if (st.focus.length) {
    ui.focus.textContent = fmt(S.quiz_focus, { rules: st.focus.map((r) => data.rules[r] || r).join(" · ") });
    ui.focus.hidden = false;
  }
  const round = quizRound(location.search, data.kinds);  // a class set's round: its kinds, seed and length
  if (round && round.fixed) [st.fixed, data.length] = [round.fixed, round.fixed.count];
  if (round) {
    ui.focus.textContent = round.error ? fmt(S.quiz_bad_round, { error: errorText(round.error, S) }) : fmt(S.quiz_fixed, { n: data.length });
    ui.focus.hidden = false;
  }
  ui.next.addEventListener("click", next);
  ui.submit.addEventListener("click", () => { if (st.chosen.length) answer(); });
  ui.again.addEventListener("click", again);
  document.addEventListener("cardtutor:display", () => { if (st.exercise) renderTable(ui.table, st.exercise.view, { phases: ui.phases, deciding: false, selected: new Set() }); });
  await next();
}
