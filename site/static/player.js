// The lesson player: steps through the pre-computed frames of a lesson, asks the learner's
// decisions, explains choices (from the build's table, or the engine once it has loaded),
// gives graded hints, and lets the learner leave the script for free play against bots.

import { loadStrings, markDone } from "./app.js";
import { recordItem } from "./classset.js";
import { loadStore, record, saveStore } from "./mastery.js";
import { mountCompare } from "./compare.js";
import { followLessonLinks } from "./lesson-nav.js";
import {
  focusHand,
  LET_GO, actionKey, choiceButtons, configure, describeAction, describeKey, el, rememberKeyLabels, askOutOfTurn, fmt, botPause, pageState, resolveWindow, phaseControls,
  needsReading, playableKeys, readPlay, renderTable, ruleLinks as sharedRuleLinks, showEngineStatus, showFeedback, toggleCard, wildPrompt,
} from "./table.js";

let data;
let S; // UI strings
let engine;
const ui = {};
/** The learner's place in the lesson on show (made afresh for each lesson: mount). */
const freshState = () => ({
  step: 0, frame: 0, mode: "frames", selected: new Set(), hintLevel: 0, showLegal: false,
  answered: new Set(), free: null, busy: false, without: false,
  missed: new Set(),  // steps where the learner tried something the rules refuse
});
const st = freshState();

/** A lesson's answers count for mastery too (mastery.js): the rules a refused try broke are
 * missed, those of a first-try answer known (the quiz brings the missed ones back). */
function remember(verdict, right) {
  const rules = verdict && verdict.rule_ids ? verdict.rule_ids.filter((id) => !id.includes("-FLAG-")) : [];
  if (rules.length) saveStore(record(loadStore(), data.game, rules, right, Date.now()));
}

// ------------------------------------------------------------------ steps and frames
function currentStep() {
  return data.steps[st.step];
}

function currentAsk() {
  return currentStep().ask || null;
}

function currentView() {
  const step = currentStep();
  if (st.mode === "answered" && step.after) return step.after;
  return step.frames[st.frame];
}

function showEvents(view) {
  const lines = view.events || [];
  ui.events.replaceChildren(...(lines.length ? [el("h3", {}, S.events), el("ul", {}, lines.map((t) => el("li", {}, t)))] : []));
}

function tableOptions() {
  const free = st.mode === "free" && st.free;
  const deciding = st.mode === "decision" || Boolean(free && st.free.myTurn);
  const ask = currentAsk();
  return {
    phases: ui.phases, deciding, selected: st.selected,
    onToggle: (id, index) => toggleCard(st.selected, id, index, ui.table, redraw),
    legalKeys: st.mode === "decision" && st.showLegal && ask ? playableKeys(ask.legal) : hintedKeys(ask),
  };
}

/** The hand's cards that a hint's candidates use (marked from level 2 on), as the hand's keys. */
function hintedKeys(ask) {
  if (st.mode !== "decision" || st.hintLevel < 2 || !ask || !ask.hint.candidate_cards.length) return null;
  return new Set(ask.hint.candidate_cards.map((t) => (data.suits_matter ? t : t.split("-").pop())));
}

function redraw() {
  if (st.mode === "free" && st.free) {
    renderTable(ui.table, st.free.view, tableOptions());
    renderDecision();
    updateButtons();
    return;
  }
  const view = currentView();
  renderTable(ui.table, view, tableOptions());
  showEvents(view);
  renderDecision();
  updateButtons();
}

function updateButtons() {
  const step = currentStep();
  const lastFrame = st.frame >= step.frames.length - 1;
  const atEnd = st.step === data.steps.length - 1;
  const blocked = st.mode === "decision" && !st.answered.has(st.step);
  ui.prev.disabled = st.mode !== "free" && st.step === 0 && st.frame === 0;
  ui.next.disabled = st.mode === "free" || (atEnd && lastFrame && (st.mode === "answered" || !step.ask)) || blocked;
  ui.label.textContent = fmt(S.step_of, { i: st.step + 1, n: data.steps.length })
    + (step.frames.length > 1 && st.frame > 0 ? ` · ${fmt(S.frame_of, { i: st.frame, n: step.frames.length - 1 })}` : "");
  ui.free.disabled = !engine || !engine.ready || st.mode === "free";
}

function showProse() {
  for (const node of document.querySelectorAll(".step-prose")) {
    node.hidden = Number(node.dataset.step) !== st.step;
  }
  showWithout();
  const done = st.step === data.steps.length - 1 && (st.mode === "answered" || (!currentStep().ask && st.frame === currentStep().frames.length - 1));
  document.querySelector(".outro").hidden = !done;
  if (done) {
    markDone(data.key);
    recordItem(location.search, { type: "lesson", game: data.game, key: data.key });  // a class set's item (classset.js)
    if (!ui.feedback.textContent) setFeedback("good", S.lesson_done);
  }
}

/**
 * The lesson's rule switched off (``data.switch``, the build's ``without`` per step): under the
 * step's text, what its moves and its answer would do without the rule, or why one of them would
 * not be allowed, or that the position needs the rule. The table keeps the lesson's own rules.
 */
function showWithout() {
  const box = ui.without;
  if (!box) return;
  const step = currentStep();
  const w = step && step.without;
  box.hidden = !st.without || !w;
  if (box.hidden) return;
  const rule = data.switch.title;
  const lines = [];
  if (w.impossible) lines.push(el("p", {}, fmt(S.without_impossible, { rule })));
  else if (w.diverged) lines.push(el("p", {}, fmt(S.without_diverged, { rule })));
  else {
    const withRule = [...step.frames.slice(1).flatMap((f) => f.events || []), ...((step.after && step.after.events) || [])];
    const same = !w.refused && w.events.length === withRule.length && w.events.every((t, i) => t === withRule[i]);
    if (same) lines.push(el("p", {}, fmt(S.without_same, { rule })));
    else {
      if (w.events.length) lines.push(el("ul", {}, w.events.map((text) => el("li", {}, text))));
      if (w.no_decision) lines.push(el("p", {}, fmt(S.without_no_decision, { rule })));
      if (w.refused) lines.push(el("p", { class: "refused" }, fmt(S.without_refused, { what: w.refused.what, why: w.refused.why }), " ",
        ruleLinks(w.refused.rule_ids)));
    }
  }
  box.replaceChildren(el("h3", {}, fmt(S.without_title, { rule })), ...lines);
}

function toggleWithout() {
  st.without = !st.without;
  ui.withoutButton.setAttribute("aria-pressed", String(st.without));
  ui.withoutButton.textContent = fmt(st.without ? S.without_button_on : S.without_button, { rule: data.switch.title });
  showWithout();
}

/**
 * The step in the URL (``?step=3``, as the learner counts), so a language switch, a rule link
 * and the Back button come back to it; the language switch link carries it across.
 */
function keepStepInUrl() {
  const url = new URL(location.href);
  if (url.searchParams.get("step") !== String(st.step + 1)) {
    url.searchParams.set("step", String(st.step + 1));
    history.replaceState(history.state, "", url);
  }
  const link = document.querySelector(".lang-switch");
  if (link) link.search = url.search;
}

/** The step a link asks for: ``{step}`` (0-based), and ``error`` when the link's step is no step of this lesson. */
export function stepFromUrl(search, count) {
  const raw = new URLSearchParams(search).get("step");
  if (raw === null) return { step: 0 };
  if (/^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= count) return { step: Number(raw) - 1 };
  return { step: 0, error: fmt(S.lesson_bad_step, { value: raw.slice(0, 20), n: count }) };
}

function enterFrame() {
  const step = currentStep();
  keepStepInUrl();
  st.selected.clear();
  st.hintLevel = 0;
  if (st.frame === step.frames.length - 1 && step.ask) {
    st.mode = st.answered.has(st.step) ? "answered" : "decision";
    // a chance out of turn is no turn of yours: said so, as the decision above it explains
    // the decision's own prompt where the game gives one (tutor/decisions.py), else the page's
    const decision = step.frames[st.frame].display && step.frames[st.frame].display.decision;
    if (st.mode === "decision") setFeedback("info", step.ask.out_of_turn ? S.your_chance : (decision && decision.prompt) || S.your_turn);
  } else {
    st.mode = "frames";
    // a scripted move that ended the hand (the wall ran out): its outcome, as free play says it
    const shown = step.frames[st.frame].display;
    if (shown && shown.result) setFeedback("info", shown.result);
  }
  showProse();
  redraw();
  if (ui.compare) ui.compare.refresh();
}

function go(delta) {
  if (st.mode === "free") return;
  const step = currentStep();
  if (delta > 0) {
    if (st.mode === "decision" && !st.answered.has(st.step)) return;
    if (st.frame < step.frames.length - 1) st.frame += 1;
    else if (st.step < data.steps.length - 1) {
      st.step += 1;
      st.frame = 0;
      setFeedback("", "");
    } else return;
  } else {
    if (st.frame > 0) st.frame -= 1;
    else if (st.step > 0) {
      st.step -= 1;
      st.frame = data.steps[st.step].frames.length - 1;
    } else return;
    setFeedback("", "");
  }
  enterFrame();
}

function restart() {
  st.step = 0;
  st.frame = 0;
  st.free = null;
  st.answered.clear();
  setFeedback("", "");
  enterFrame();
}

// ------------------------------------------------------------------ decisions
function setFeedback(kind, text, verdict = null, extra = null) {
  showFeedback(ui.feedback, kind, text, verdict, extra, data.rules);
}

function ruleLinks(ids) {
  return sharedRuleLinks(ids, data.rules);
}

function selectedTokens() {
  const view = st.mode === "free" ? st.free.view : currentView();
  return [...st.selected].map((id) => id.split(":").slice(1).join(":")).filter((t) => (view.hand || []).includes(t));
}

function renderDecision() {
  const deciding = st.mode === "decision" || (st.mode === "free" && st.free && st.free.myTurn);
  ui.decision.hidden = !deciding;
  if (!deciding) return;
  const view = st.mode === "free" ? st.free.view : currentView();
  const ask = st.mode === "decision" ? currentAsk() : null;
  if (ask) rememberKeyLabels(ask.labels);  // the build's words for this step's decisions
  const buttons = [];
  const children = [];
  if (ask && ask.out_of_turn && ask.window && ask.window.choices) {
    // a window whose actions are decisions (an exposure during the deal): one button each, in the
    // window's own words (sitebuild/lessons.py), and one to let the chance go
    children.push(el("p", { class: "window", role: "status" }, ask.window.prompt));
    const offered = ask.legal.filter((key) => key !== LET_GO).map((key) => JSON.parse(key));
    buttons.push(...choiceButtons(offered, choose));
    buttons.push(el("button", { type: "button", id: "btn-let-go", onclick: () => choose(LET_GO) }, ask.window.decline));
  } else if (ask && ask.out_of_turn) {
    // a window out of turn (a bomb out of turn): select the cards and play them now, or let it go
    children.push(el("p", { class: "window", role: "status" }, S.bomb_window_lesson));
    buttons.push(el("button", { type: "button", class: "primary", id: "btn-play", onclick: playSelected, disabled: st.selected.size === 0 }, S.bomb));
    buttons.push(el("button", { type: "button", id: "btn-let-go", onclick: () => choose(LET_GO) }, S.let_it_go));
    buttons.push(el("button", { type: "button", onclick: () => { st.selected.clear(); redraw(); }, disabled: st.selected.size === 0 }, S.clear));
  } else {
    buttons.push(...phaseControls(view, {
      choose, playSelected, selected: st.selected, clear: () => { st.selected.clear(); redraw(); }, redraw,
      chooseSelected: (key) => choose({ [key]: selectedTokens() }),
    }));
  }
  if (ask) {
    // side declarations open now (a call beside the play), as the build listed them
    // (a call the lesson prepared as a mistake, e.g. too late, is offered too, to be explained)
    const side = (ask.side || []).map((key) => JSON.parse(key));
    buttons.push(...choiceButtons(side, choose));
    // a declaration made with the selected cards (an exposure): one button for any of them
    for (const entry of ask.select_side || []) {
      buttons.push(el("button", { type: "button", class: "side", "data-select": entry.select, disabled: st.selected.size === 0,
        onclick: () => choose({ [entry.select]: selectedTokens() }) }, entry.label));
    }
    buttons.push(el("button", { type: "button", id: "btn-hint", onclick: hint }, st.hintLevel ? S.hint_more : S.hint));
    buttons.push(el("button", { type: "button", id: "btn-legal", "aria-pressed": String(st.showLegal), onclick: toggleLegal },
      st.showLegal ? S.hide_legal : S.show_legal));
  }
  children.push(el("div", { class: "buttons" }, buttons));
  if (ask && st.showLegal) {
    // letting the chance go is named as the window's own button names it ("Not now")
    const items = ask.legal.map((key) => el("li", {}, key === LET_GO && ask.window ? ask.window.decline : describeKey(key)));
    if (!ask.complete) items.push(el("li", { class: "more" }, S.legal_more));
    children.push(el("div", { class: "legal-list" }, el("h3", {}, S.legal_moves), el("ul", {}, items)));
  }
  ui.decision.replaceChildren(...children);
}

function toggleLegal() {
  st.showLegal = !st.showLegal;
  redraw();
}

async function playSelected() {
  const tokens = selectedTokens();
  if (!tokens.length) return;
  let read = readPlay(tokens, st.mode === "decision" ? [...currentAsk().legal, ...Object.keys(currentAsk().table)] : null);
  if (needsReading(tokens) && !read.choices && read.action === tokens && engine && engine.ready) {
    // a wild card's reading the build did not list (long legal lists are capped), or free play: ask the engine
    const free = st.mode === "free";
    const lesson = lessonShown;
    const position = free ? st.free.id : await decisionState();
    if (lesson !== lessonShown) return;  // another lesson came meanwhile (lesson-nav.js)
    const reply = position ? await engine.call({ op: "legal", state: position, seat: free ? st.free.seat : currentStep().seat,
      in_turn: free || !currentAsk().out_of_turn, cards: tokens }) : null;
    if (reply && reply.ok) read = readPlay(tokens, reply.actions);
  }
  if (read.choices) {
    ui.decision.replaceChildren(el("p", {}, wildPrompt(tokens)), el("div", { class: "buttons" }, choiceButtons(read.choices, choose)));
    return;
  }
  choose(read.action);
}

/** The build's prepared verdict for a choice: [legal, text index, rule ids] → a verdict. */
function prepared(ask, key) {
  const entry = ask.table[key];
  return entry ? { legal: entry[0] === 1, text: ask.texts[entry[1]], rule_ids: entry[2] } : null;
}

function accepted(ask, key) {
  return ask.answers === "any" ? ask.legal.includes(key) : ask.answers.includes(key);
}

/** Judges a choice; the page is "busy" until the feedback is shown (tests wait on it: table.js:pageState). */
async function choose(action) {
  if (st.busy) return;
  pageState("busy");
  try {
    await judge(action);
  } finally {
    if (st.mode !== "free") pageState("learner");
  }
}

async function judge(action) {
  if (st.mode === "free") return freeMove(action);
  const played = Array.isArray(action);  // cards from the hand (not a bid, a pass, a menu)
  const ask = currentAsk();
  const key = actionKey(action);
  let verdict = prepared(ask, key);
  if (!verdict && engine && engine.ready) {
    st.busy = true;
    const lesson = lessonShown;
    const position = await decisionState();
    if (lesson !== lessonShown) return;
    const reply = position ? await engine.call({ op: "explain", state: position, action, seat: currentStep().seat,
      in_turn: !ask.out_of_turn, lang: data.lang }) : null;
    if (lesson !== lessonShown) return;
    st.busy = false;
    if (reply && reply.ok) verdict = reply.verdict;
    else if (reply && reply.error) verdict = { legal: false, text: reply.error, rule_ids: [] };
  }
  if (accepted(ask, key)) {
    if (!st.answered.has(st.step) && !st.missed.has(st.step)) remember(verdict, true);
    st.answered.add(st.step);
    st.mode = "answered";
    st.selected.clear();
    // (a hand the answer ended says its outcome in the "What happened" list, beside the verdict:
    // the feedback box stays short enough for a phone)
    setFeedback("good", S.correct, verdict);
    showProse();
    redraw();
    if (ui.compare) ui.compare.refresh();  // the answer may now be the move in focus
    if (played) focusHand();
    return;
  }
  if (!verdict) {
    const legal = ask.legal.includes(key);
    if (legal) setFeedback("info", S.legal_not_aim);
    else setFeedback("bad", ask.complete ? S.illegal : S.unknown_yet, null,
      ask.complete ? el("p", { class: "reason" }, S.unknown_yet) : null);
    return;
  }
  if (verdict.legal) setFeedback("info", S.legal_not_aim, verdict);
  else {
    if (!st.answered.has(st.step)) {
      st.missed.add(st.step);
      remember(verdict, false);
    }
    setFeedback("bad", S.illegal, verdict);
  }
}

function hint() {
  const ask = currentAsk();
  st.hintLevel = Math.min(st.hintLevel + 1, 3);
  const h = ask.hint;
  const answer = ask.answer_actions[0];
  // 1. what to look for, with the rules that govern it; 2. the candidates (their cards marked in
  // the hand, by redraw); 3. the answer with its reason (tutor/hints.py)
  const parts = [el("p", { class: "hint-focus" }, `1. ${h.focus}`)];
  if (h.focus_rules.length) parts.push(ruleLinks(h.focus_rules));
  if (st.hintLevel >= 2) parts.push(el("p", { class: "hint-candidates" }, `2. ${h.candidates}`));
  if (st.hintLevel >= 3) {
    const verdict = prepared(ask, actionKey(answer));
    const named = answer === LET_GO && ask.window ? ask.window.decline : describeAction(answer);
    parts.push(el("p", { class: "hint-answer" }, `3. ${fmt(S.hint_answer, { action: named })} ${h.why}`));
    if (verdict && verdict.text !== h.why) parts.push(el("p", {}, verdict.text));
    parts.push(ruleLinks(verdict ? verdict.rule_ids : h.rule_ids));
  }
  setFeedback("hint", S.hint, null, el("div", { class: "hint-levels" }, parts));
  redraw();
  const more = document.getElementById("btn-hint");
  if (more) more.focus();
}

// ------------------------------------------------------------------ the engine
let positions = new Map(); // step index → engine state id at the decision point (per lesson: mount)

async function loadPosition(stepIndex, upToAnswer) {
  const step = data.steps[stepIndex];
  const moves = [...step.replay];
  for (const frameMove of stepMoves(stepIndex)) moves.push(frameMove);
  if (upToAnswer && step.ask) {
    const next = data.steps[stepIndex + 1];
    const answered = next && next.scenario === step.scenario && next.replay.length > step.replay.length + (step.moves || []).length
      ? next.replay[step.replay.length + (step.moves || []).length] : null;
    moves.push(answered || { seat: step.seat, action: step.ask.answer_actions[0], in_turn: !step.ask.out_of_turn });
  }
  // the engine replays the script (tutor/windows.py:replay): an out-of-turn move takes the window
  // the move before it opened; letting a chance go is no move at all
  const replayed = await engine.call({ op: "replay", scenario: { game: data.game, ...data.scenarios[step.scenario] },
    moves: moves.filter((m) => m.action !== LET_GO).map(({ seat, action, in_turn }) => ({ seat, action, in_turn })),
    keep_open: !upToAnswer && Boolean(step.ask && step.ask.out_of_turn), viewer: step.seat, lang: data.lang });
  return replayed.ok ? replayed.state : null;
}

function stepMoves(stepIndex) {
  const step = data.steps[stepIndex];
  // the scripted moves of the step itself: each frame after the first came from one
  return step.moves || [];
}

async function decisionState() {
  const known = positions;  // this lesson's (a position loading when the learner moves on stays with it)
  const step = st.step;
  if (!known.has(step)) known.set(step, await loadPosition(step, false));
  return known.get(step);
}

/** Where the "compare with another rule" panel looks (compare.js): free play's position, else the
 * step's position at its decision (after its scripted moves), the step's answer in focus. */
async function comparePosition() {
  if (st.mode === "free" && st.free) return { state: st.free.id, seat: st.free.seat, in_turn: true, focus: null };
  const step = currentStep();
  const ask = step.ask;
  const answer = ask && ask.answer_actions && ask.answer_actions[0];
  // the step's answer is the move in focus only once answered: before, the panel would give it away
  const answered = st.answered.has(st.step);
  return { state: await decisionState(), seat: step.seat, in_turn: !(ask && ask.out_of_turn),
    focus: answered && answer !== undefined && answer !== LET_GO ? answer : null };
}

async function startFree() {
  if (!engine || !engine.ready || st.busy) return;
  st.busy = true;
  pageState("busy");
  const upToAnswer = st.mode === "answered";
  const lesson = lessonShown;
  let id = await loadPosition(st.step, upToAnswer);
  if (lesson !== lessonShown) return;
  st.busy = false;
  if (id === null) {
    pageState("learner");
    return;
  }
  st.free = { id, seat: currentStep().seat, view: null, myTurn: false, log: [] };
  st.mode = "free";
  setFeedback("info", S.free_play_on);
  await freeRefresh();
}

async function freeRefresh() {
  const lesson = lessonShown;
  const reply = await engine.call({ op: "view", state: st.free.id, seat: st.free.seat, log_since: st.free.log.length, lang: data.lang });
  if (!reply.ok || lesson !== lessonShown) return;
  st.free.log = st.free.log.slice(0, reply.view.log_from).concat(reply.view.log);  // new entries only (Game.view)
  reply.view.log = st.free.log;
  st.free.view = reply.view;
  st.free.myTurn = reply.view.to_act === st.free.seat;
  st.selected.clear();
  const events = reply.view.log.slice(-6).map((e) => e.text);
  ui.events.replaceChildren(el("h3", {}, S.events), el("ul", {}, events.map((t) => el("li", {}, t))));
  redraw();
  if (ui.compare) ui.compare.refresh();
  const botsToMove = !st.free.myTurn && reply.view.to_act !== null && reply.view.to_act !== undefined;
  pageState(botsToMove ? "busy" : reply.view.result ? "over" : "learner");
  if (botsToMove) {
    ui.status.querySelector(".text").textContent = S.bots_thinking;
    await botPause(450);
    if (st.mode !== "free" || lesson !== lessonShown) return;
    // the bot chooses and moves inside the engine: its hand never crosses the bridge
    const free = st.free;
    const moved = await engine.call({ op: "bot_move", state: free.id, log_since: free.log.length, lang: data.lang });
    if (!moved.ok || st.mode !== "free" || st.free !== free || lesson !== lessonShown) return;
    const id = await freeAfter(free, moved);
    if (lesson !== lessonShown) return;
    ui.status.querySelector(".text").textContent = S.engine_ready;
    if (id === null) return;
    await freeRefresh();
  }
}

async function freeMove(action) {
  if (!st.free || !st.free.myTurn) return;
  st.busy = true;
  const lesson = lessonShown;
  const id = await freeApply(action, st.free.seat, (verdict) => setFeedback("bad", S.illegal, verdict));
  if (lesson !== lessonShown) return;
  st.busy = false;
  if (id === null) {
    pageState("learner");
    return;
  }
  setFeedback("info", S.free_play_on);
  await freeRefresh();
}

/**
 * Free play applies a move as the practice table does: then the window for bombs out of turn
 * opens (bots use it, the learner is asked), and the position is settled. Resolves with the new
 * state id (also kept in ``st.free``), or null when the move was illegal or the learner left.
 */
async function freeApply(action, seat, onIllegal = null) {
  const free = st.free;
  const lesson = lessonShown;
  const applied = await engine.call({ op: "apply", state: free.id, action, seat, log_since: free.log.length, lang: data.lang });
  if (lesson !== lessonShown) return null;
  if (!applied.ok) {
    if (onIllegal) onIllegal(applied.verdict || { text: applied.error, rule_ids: [] });
    return null;
  }
  return freeAfter(free, applied);
}

/** After a move in free play: the window it opened, resolved by the engine; the new state id. */
async function freeAfter(free, applied) {
  const id = !applied.window ? applied.state : await resolveWindow(engine, {
    state: applied.state, learner: free.seat, lang: data.lang, logSince: free.log.length,
    alive: () => st.mode === "free" && st.free === free,
    ask: (view, actions, words) => askOutOfTurnInFreePlay(view, actions, words),
  });
  if (id !== null) free.id = id;
  return id;
}

/** The learner's window in free play, drawn on the learner's own table. */
function askOutOfTurnInFreePlay(view, actions, words) {
  st.free.view = view;
  st.free.myTurn = false;
  renderTable(ui.table, view, tableOptions());
  const answer = askOutOfTurn(ui.decision, actions, words);
  pageState("learner");
  return answer.then((choice) => {
    pageState("busy");
    return choice;
  });
}

function engineStatus(stage, error) {
  showEngineStatus(ui.status, stage, error);
  updateButtons();
}

// ------------------------------------------------------------------ start
/**
 * Frames after the first come as changes to the one before (a list that only grew as its new
 * entries, {"+": [...]}), and texts as indices into the page's strings table: the build keeps
 * pages light (sitebuild/lessons.py: delta, intern_texts).
 */
const INTERNED = new Set(["texts", "events", "why", "focus", "candidates"]);

function resolveTexts(value, strings) {
  if (Array.isArray(value)) return value.map((v) => resolveTexts(v, strings));
  if (!value || typeof value !== "object") return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    if (INTERNED.has(key) && typeof v === "number") out[key] = strings[v];
    else if (INTERNED.has(key) && Array.isArray(v)) out[key] = v.map((t) => (typeof t === "number" ? strings[t] : t));
    else if (INTERNED.has(key) && v && Array.isArray(v["+"])) out[key] = { "+": v["+"].map((t) => strings[t]) };
    else out[key] = resolveTexts(v, strings);
  }
  return out;
}

function unpack(step) {
  const apply = (prev, change) => {
    const next = { ...prev, ...change };
    for (const [key, value] of Object.entries(change)) {
      if (value === null) delete next[key];
      else if (value && !Array.isArray(value) && Array.isArray(value["+"]) && Array.isArray(prev[key])) next[key] = [...prev[key], ...value["+"]];
    }
    return next;
  };
  for (let i = 1; i < step.frames.length; i++) step.frames[i] = apply(step.frames[i - 1], step.frames[i]);
  if (step.after) step.after = apply(step.frames[step.frames.length - 1], step.after);
  step.frames = step.frames.map(foldDisplay);
  if (step.after) step.after = foldDisplay(step.after);
}

/** The build spreads ``view.display`` into ``display.<part>`` keys, the trick field by field and the
 * seats one by one (sitebuild/lessons.py: lean_view, so frames send the parts that changed); a part
 * left out was empty. */
function foldDisplay(frame) {
  const display = { phases: data.phases, seats: [], info: [], zones: [], trick: { show: false, holding: null },
    decision: null, side: [], result: null, reveal: true };
  const view = {};
  for (const [key, value] of Object.entries(frame)) {
    if (!key.startsWith("display.")) { view[key] = value; continue; }
    const [part, field] = key.slice(8).split(/\.(.*)/s);
    // a decision is an index into the page's table (sitebuild/lessons.py: intern_decisions)
    if (part === "decision" && typeof value === "number") display.decision = data.decisions[value];
    else if (field === undefined) display[part] = value;
    // a part sent field by field (the trick) or item by item (the seats: lean_view)
    else if (Array.isArray(display[part])) display[part][Number(field)] = value;
    else display[part] = { ...display[part], [field]: value };
  }
  view.display = display;
  return view;
}

let listening = null;  // the lesson's page-wide listeners (the keys), dropped when another lesson comes
let lessonShown = 0;   // counts the lessons this page has shown: an answer for an earlier one is dropped

/** Starts the player on the lesson page, with the page's engine; later lessons reached by their
 * links open in this page with the same engine (lesson-nav.js). */
export async function start(startedEngine) {
  engine = startedEngine;
  await mount();
  followLessonLinks({ leave, show: mount,
    // not inside a class set (its bar belongs to the item), nor with an engine that failed (a
    // normal link starts it again)
    allowed: () => !engine.failed && !new URLSearchParams(location.search).has("set") });
}

/** The lesson on show is going (another comes into the page): its page-wide listeners go, and its
 * answers still on their way find that it has (``lessonShown``). */
function leave() {
  lessonShown += 1;
  if (listening) listening.abort();
  listening = null;
}

/** Sets up the lesson now in the page's <main>: its data, its controls, the learner at its first step
 * (or the step the address asks for). */
async function mount() {
  const lesson = JSON.parse(document.getElementById("lesson-data").textContent);
  const shown = lessonShown;
  const strings = await loadStrings(lesson.lang);
  if (shown !== lessonShown) return;  // yet another lesson came meanwhile: it mounts itself
  // from here on, all at once (the last lesson's answers still on their way were dropped: leave)
  if (listening) listening.abort();
  listening = new AbortController();
  Object.assign(st, freshState());
  positions = new Map();
  for (const key of Object.keys(ui)) delete ui[key];
  data = lesson;
  data.steps = resolveTexts(data.steps, data.strings || []);
  data.steps.forEach(unpack);
  S = { ...strings, ...(data.words || {}) };  // a game's own words for some (build.py)
  configure({ strings: S, lang: data.lang, suitsMatter: data.suits_matter });
  ui.table = document.getElementById("table");
  ui.phases = document.getElementById("phases");
  ui.decision = document.getElementById("decision");
  ui.feedback = document.getElementById("feedback");
  ui.events = document.getElementById("events");
  ui.label = document.getElementById("step-label");
  ui.status = document.getElementById("engine-status");
  ui.prev = document.getElementById("btn-prev");
  ui.next = document.getElementById("btn-next");
  ui.free = document.getElementById("btn-free");
  if (data.switch) {  // the rule this lesson teaches, switched off on demand (showWithout)
    ui.without = el("div", { class: "without", id: "without", role: "region", "aria-live": "polite", hidden: true });
    document.querySelector(".events").before(ui.without);
    ui.withoutButton = el("button", { type: "button", id: "btn-without", "aria-pressed": "false", onclick: toggleWithout },
      fmt(S.without_button, { rule: data.switch.title }));
    document.querySelector(".stepper").append(ui.withoutButton);
  }
  ui.prev.addEventListener("click", () => (st.mode === "free" ? restart() : go(-1)));
  ui.next.addEventListener("click", () => go(1));
  document.getElementById("btn-restart").addEventListener("click", restart);
  ui.free.addEventListener("click", startFree);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA") return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "r" || event.key === "R") restart();
    else if ((event.key === "h" || event.key === "H") && st.mode === "decision") hint();
    else if ((event.key === "p" || event.key === "P") && (st.mode === "decision" || st.mode === "free")) choose("PASS");
    else if (event.key === "Enter" && st.selected.size && (tag !== "BUTTON" || event.target.classList.contains("card"))
      && tag !== "A") playSelected();
    else return;
    event.preventDefault();
  }, { signal: listening.signal });
  const asked = stepFromUrl(location.search, data.steps.length);
  st.step = asked.step;
  st.frame = 0;
  enterFrame();
  if (asked.error) setFeedback("bad", asked.error);
  engine.listen(engineStatus);
  // in the prose pane, under the step's events: it scrolls with the words, the table stays in view
  ui.compare = mountCompare(ui.events, { S, words: data.rule_words, lang: data.lang, rules: data.rules,
    engine: () => engine, position: comparePosition });
  engine.readyPromise.then(() => ui.compare.refresh());
  pageState("learner");
}
