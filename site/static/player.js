// The lesson player: steps through the pre-computed frames of a lesson, asks the learner's
// decisions, explains choices (from the build's table, or the engine once it has loaded),
// gives graded hints, and lets the learner leave the script for free play against bots.

import { Engine, markDone } from "./app.js";

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"];

let data;
let S; // UI strings
let engine;
const ui = {};
const st = {
  step: 0, frame: 0, mode: "frames", selected: new Set(), hintLevel: 0, showLegal: false,
  answered: new Set(), free: null, busy: false, lastVerdict: null,
};

// ------------------------------------------------------------------ helpers
function fmt(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (params[key] ?? `{${key}}`));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function parseCard(token) {
  const t = token.split("#")[0];
  if (t.includes("-")) {
    const [suit, rank] = t.split("-");
    return { token: t, suit, rank };
  }
  return { token: t, special: t };
}

export function cardName(token) {
  const c = parseCard(token);
  if (c.special) return S[`special.${c.special}`] || c.special;
  const rank = S[`rank.${c.rank}`] || c.rank;
  return fmt(S.card_name, { rank, suit: S[`suit.${c.suit}`] });
}

function cardFace(token) {
  const c = parseCard(token);
  if (c.special === "BJ" || c.special === "RJ") {
    const ja = data.lang === "ja";
    return [el("span", { class: "rank", text: "JK" }),
      el("span", { class: "suit", "aria-hidden": "true", text: c.special === "BJ" ? (ja ? "小" : "small") : (ja ? "大" : "BIG") })];
  }
  if (c.special) return [el("span", { class: "rank", text: c.special })];
  return [el("span", { class: "rank", text: c.rank }),
    el("span", { class: "suit", "aria-hidden": "true", text: SUIT_SYMBOL[c.suit] })];
}

function cardClass(token) {
  const c = parseCard(token);
  return `card ${c.special ? `special-${c.special}` : `suit-${c.suit}`}`;
}

function cardImage(token) {
  return el("span", { class: cardClass(token), role: "img", "aria-label": cardName(token) }, cardFace(token));
}

function rankOf(token) {
  const c = parseCard(token);
  return c.special || c.rank;
}

/** The page's key for a choice: exactly what the build computed (sitebuild/lessons.py:action_key). */
function actionKey(action) {
  if (action && typeof action === "object" && !Array.isArray(action) && action.cards) action = action.cards;
  if (Array.isArray(action)) {
    const tokens = action.map((t) => String(t).split("#")[0]);
    const parts = data.suits_matter ? tokens : tokens.map((t) => (t.includes("-") ? t.split("-")[1] : t));
    return parts.sort(codeOrder).join(" ");
  }
  if (action === "PASS") return "PASS";
  return JSON.stringify(sortKeys(action));
}

function codeOrder(a, b) {
  return a < b ? -1 : a > b ? 1 : 0; // code-point order, as Python's sorted()
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  }
  return value;
}

function describeAction(action) {
  if (action === "PASS") return S["action.PASS"];
  if (Array.isArray(action)) return action.map(cardName).join(", ");
  if (action && action.bid !== undefined) return fmt(S["action.bid"], { n: action.bid });
  if (action && action.cards) return action.cards.map(cardName).join(", ");
  return JSON.stringify(action);
}

function describeKey(key) {
  if (key === "PASS") return S["action.PASS"];
  if (key.startsWith("{")) return describeAction(JSON.parse(key));
  return key.split(" ").map((t) => (t.includes("-") ? cardName(t) : (S[`special.${t}`] || t))).join(" ");
}

// ------------------------------------------------------------------ rendering
function seatLabel(view, seat) {
  const parts = [fmt(S.seat, { n: seat })];
  if (seat === view.seat) parts.push(`(${S.you})`);
  if (view.landlord !== null && view.landlord !== undefined) {
    parts.push(seat === view.landlord ? `· ${S.landlord}` : `· ${S.farmer}`);
  }
  return parts.join(" ");
}

function renderPhases(view) {
  ui.phases.replaceChildren(...data.phases.map((phase) => {
    const current = phase === view.phase;
    return el("li", { class: current ? "current" : null, "aria-current": current ? "step" : null },
      current ? "▶ " : "", S[`phase.${phase}`] || phase);
  }));
}

function renderTable(view) {
  renderPhases(view);
  const seats = [];
  const n = view.players;
  for (let k = 1; k < n; k++) seats.push((view.seat + k) % n);
  const others = el("div", { class: "others" }, seats.map((seat) => {
    const shown = view.shown && view.shown[String(seat)];
    const count = view.cards_held[seat];
    return el("section", {
      class: `seat${view.to_act === seat ? " to-act" : ""}`,
      "aria-label": seatLabel(view, seat),
    },
    el("h3", {}, seatLabel(view, seat), view.to_act === seat ? " ◀" : ""),
    shown
      ? el("div", { class: "cards shown", "aria-label": fmt(S.hand_of, { n: seat }) }, shown.map(cardImage))
      : el("p", { class: "count" }, el("span", { class: "card back", "aria-hidden": "true" }), fmt(S.cards_count, { n: count })));
  }));

  const middle = el("div", { class: "middle" });
  const info = [];
  if (view.bid) info.push(fmt(S.bid, { n: view.bid }));
  else if (view.phase === "auction") info.push(S.no_bid);
  if (view.multiplier && view.multiplier > 1) info.push(fmt(S.multiplier, { n: view.multiplier }));
  if (info.length) middle.append(el("p", { class: "info" }, info.join(" · ")));
  if (view.kitty) {
    middle.append(el("div", { class: "kitty" }, el("span", { class: "label" }, `${S.kitty}: `), view.kitty.map(cardImage)));
  } else if (view.kitty_size) {
    middle.append(el("p", { class: "kitty" }, `${S.kitty_hidden}: `, fmt(S.cards_count, { n: view.kitty_size })));
  }
  if (view.phase === "auction" && view.auction && view.auction.length) {
    middle.append(el("ul", { class: "auction" }, view.auction.map((entry) =>
      el("li", {}, `${fmt(S.seat, { n: entry.seat })}: ${describeAction(entry.action)}`))));
  }
  if (view.phase === "play" || view.phase === "score") {
    const trick = el("div", { class: "trick", "aria-label": S.trick });
    if (!view.trick || !view.trick.length) {
      if (view.phase === "play" && view.to_act === view.seat) trick.append(el("p", { class: "lead" }, S.nothing_to_beat));
    } else {
      for (const entry of view.trick) {
        const top = view.top && entry.seat === view.top.seat && entry.cards && view.top.cards
          && entry.cards.join() === view.top.cards.join();
        trick.append(el("div", { class: `play${top ? " top" : ""}` },
          el("span", { class: "who" }, `${fmt(S.seat, { n: entry.seat })}: `),
          entry.cards ? el("span", { class: "cards" }, entry.cards.map(cardImage)) : el("em", {}, S.passed),
          top ? el("span", { class: "beat-label" }, ` ← ${S.to_beat}`) : null));
      }
    }
    middle.append(trick);
  }
  if (view.result) {
    middle.append(el("p", { class: "result" }, `${S.scores}: `,
      view.scores.map((score, seat) => `${fmt(S.seat, { n: seat })} ${score > 0 ? "+" : ""}${score}`).join(" · ")));
  }

  const hand = el("section", { class: `hand${view.to_act === view.seat ? " to-act" : ""}`, "aria-label": S.hand },
    el("h3", {}, seatLabel(view, view.seat), view.to_act === view.seat ? " ◀" : ""),
    el("div", { class: "cards", role: "group", "aria-label": S.hand }, (view.hand || []).map((token, index) => handCard(token, index))));
  ui.table.replaceChildren(others, middle, hand);
}

function legalRanks() {
  const ask = currentAsk();
  const ranks = new Set();
  if (!ask) return ranks;
  for (const key of ask.legal) {
    if (key === "PASS" || key.startsWith("{")) continue;
    for (const part of key.split(" ")) ranks.add(part.includes("-") ? part : part);
  }
  return ranks;
}

function handCard(token, index) {
  const deciding = st.mode === "decision" || (st.mode === "free" && st.free && st.free.myTurn);
  const id = `${index}:${token}`;
  const pressed = st.selected.has(id);
  const attrs = {
    class: `${cardClass(token)}${pressed ? " selected" : ""}`,
    type: "button",
    "aria-label": cardName(token) + (pressed ? ` (${S.selected})` : ""),
    "aria-pressed": deciding ? String(pressed) : null,
    disabled: !deciding,
    "data-token": token,
    onclick: () => {
      if (st.selected.has(id)) st.selected.delete(id);
      else st.selected.add(id);
      redraw();
      const again = ui.table.querySelector(`.hand button[data-index="${index}"]`);
      if (again) again.focus();
    },
    "data-index": index,
  };
  if (deciding && st.showLegal && st.mode === "decision") {
    const key = data.suits_matter ? token : rankOf(token);
    if (legalRanks().has(key)) attrs.class += " legal-hint";
  }
  return el("button", attrs, cardFace(token));
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

function redraw() {
  if (st.mode === "free" && st.free) {
    renderTable(st.free.view);
    renderDecision();
    updateButtons();
    return;
  }
  const view = currentView();
  renderTable(view);
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
    + (step.frames.length > 1 ? ` · ${fmt(S.frame_of, { i: st.frame, n: step.frames.length - 1 })}` : "");
  ui.free.disabled = !engine || !engine.ready;
}

function showProse() {
  for (const node of document.querySelectorAll(".step-prose")) {
    node.hidden = Number(node.dataset.step) !== st.step;
  }
  const done = st.step === data.steps.length - 1 && (st.mode === "answered" || (!currentStep().ask && st.frame === currentStep().frames.length - 1));
  document.querySelector(".outro").hidden = !done;
  if (done) {
    markDone(data.key);
    if (!ui.feedback.textContent) setFeedback("good", S.lesson_done);
  }
}

function enterFrame() {
  const step = currentStep();
  st.selected.clear();
  st.hintLevel = 0;
  if (st.frame === step.frames.length - 1 && step.ask) {
    st.mode = st.answered.has(st.step) ? "answered" : "decision";
    if (st.mode === "decision") setFeedback("info", S.your_turn);
  } else {
    st.mode = "frames";
  }
  showProse();
  redraw();
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
  ui.feedback.className = `feedback ${kind}`;
  ui.feedback.replaceChildren();
  if (!text) return;
  ui.feedback.append(el("p", { class: "headline" }, text));
  if (verdict) {
    ui.feedback.append(el("p", { class: "reason" }, verdict.text));
    if (verdict.rule_ids && verdict.rule_ids.length) ui.feedback.append(ruleLinks(verdict.rule_ids));
  }
  if (extra) ui.feedback.append(extra);
}

function ruleLinks(ids) {
  return el("p", { class: "rules-cited" }, `${S.rule}: `, ids.map((id, i) => [
    i ? ", " : "",
    el("a", { href: `rules.html#${id}`, title: data.rules[id] || id }, id),
    data.rules[id] ? ` (${data.rules[id]})` : "",
  ]));
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
  const buttons = [];
  if (view.phase === "auction") {
    buttons.push(el("button", { type: "button", onclick: () => choose("PASS") }, S["action.PASS"]));
    for (const n of [1, 2, 3]) {
      buttons.push(el("button", { type: "button", onclick: () => choose({ bid: n }) }, fmt(S["action.bid"], { n })));
    }
  } else {
    buttons.push(el("button", { type: "button", class: "primary", id: "btn-play", onclick: playSelected, disabled: st.selected.size === 0 }, S.play));
    buttons.push(el("button", { type: "button", id: "btn-pass", onclick: () => choose("PASS") }, S.pass));
    buttons.push(el("button", { type: "button", onclick: () => { st.selected.clear(); redraw(); }, disabled: st.selected.size === 0 }, S.clear));
  }
  if (st.mode === "decision") {
    buttons.push(el("button", { type: "button", id: "btn-hint", onclick: hint }, st.hintLevel ? S.hint_more : S.hint));
    buttons.push(el("button", { type: "button", id: "btn-legal", "aria-pressed": String(st.showLegal), onclick: toggleLegal },
      st.showLegal ? S.hide_legal : S.show_legal));
  }
  const children = [el("div", { class: "buttons" }, buttons)];
  if (st.mode === "decision" && st.showLegal) {
    children.push(el("div", { class: "legal-list" }, el("h3", {}, S.legal_moves),
      el("ul", {}, currentAsk().legal.map((key) => el("li", {}, describeKey(key))))));
  }
  ui.decision.replaceChildren(...children);
}

function toggleLegal() {
  st.showLegal = !st.showLegal;
  redraw();
}

function playSelected() {
  const tokens = selectedTokens();
  if (tokens.length) choose(tokens);
}

async function choose(action) {
  if (st.busy) return;
  if (st.mode === "free") return freeMove(action);
  const ask = currentAsk();
  const key = actionKey(action);
  let verdict = ask.table[key];
  if (!verdict && engine && engine.ready) {
    st.busy = true;
    const position = await decisionState();
    const reply = position ? await engine.call({ op: "explain", state: position, action, seat: currentStep().seat, lang: data.lang }) : null;
    st.busy = false;
    if (reply && reply.ok) verdict = reply.verdict;
    else if (reply && reply.error) verdict = { legal: false, text: reply.error, rule_ids: [] };
  }
  if (ask.answers.includes(key)) {
    st.answered.add(st.step);
    st.mode = "answered";
    st.selected.clear();
    setFeedback("good", S.correct, verdict || ask.table[ask.answers[0]]);
    showProse();
    redraw();
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
  else setFeedback("bad", S.illegal, verdict);
}

function hint() {
  const ask = currentAsk();
  st.hintLevel = Math.min(st.hintLevel + 1, 3);
  const h = ask.hint;
  const answer = ask.answer_actions[0];
  const parts = [el("p", {}, `1. ${h.kind}`)];
  if (st.hintLevel >= 2) parts.push(el("p", {}, `2. ${describeAction(answer)}`));
  if (st.hintLevel >= 3) {
    const verdict = ask.table[ask.answers[0]];
    parts.push(el("p", {}, `3. ${h.why}`));
    if (verdict) parts.push(el("p", {}, verdict.text), ruleLinks(verdict.rule_ids));
  }
  setFeedback("hint", S.hint, null, el("div", { class: "hint-levels" }, parts));
  redraw();
  const more = document.getElementById("btn-hint");
  if (more) more.focus();
}

// ------------------------------------------------------------------ the engine
const positions = new Map(); // step index → engine state id at the decision point

async function loadPosition(stepIndex, upToAnswer) {
  const step = data.steps[stepIndex];
  const loaded = await engine.call({ op: "load", scenario: { game: data.game, ...step.scenario }, lang: data.lang });
  if (!loaded.ok) return null;
  let id = loaded.state;
  const moves = [...step.replay];
  for (const frameMove of stepMoves(stepIndex)) moves.push(frameMove);
  if (upToAnswer && step.ask) moves.push({ seat: step.seat, action: step.ask.answer_actions[0] });
  for (const move of moves) {
    const applied = await engine.call({ op: "apply", state: id, action: move.action, seat: move.seat, lang: data.lang });
    if (!applied.ok) return null;
    id = applied.state;
  }
  return id;
}

function stepMoves(stepIndex) {
  const step = data.steps[stepIndex];
  // the scripted moves of the step itself: each frame after the first came from one
  return step.moves || [];
}

async function decisionState() {
  if (!positions.has(st.step)) positions.set(st.step, await loadPosition(st.step, false));
  return positions.get(st.step);
}

async function startFree() {
  if (!engine || !engine.ready || st.busy) return;
  st.busy = true;
  const upToAnswer = st.mode === "answered";
  let id = await loadPosition(st.step, upToAnswer);
  st.busy = false;
  if (id === null) return;
  st.free = { id, seat: currentStep().seat, view: null, myTurn: false };
  st.mode = "free";
  setFeedback("info", S.free_play_on);
  await freeRefresh();
}

async function freeRefresh() {
  const reply = await engine.call({ op: "view", state: st.free.id, seat: st.free.seat, lang: data.lang });
  if (!reply.ok) return;
  st.free.view = reply.view;
  st.free.myTurn = reply.view.to_act === st.free.seat;
  st.selected.clear();
  const events = reply.view.log.slice(-6).map((e) => e.text);
  ui.events.replaceChildren(el("h3", {}, S.events), el("ul", {}, events.map((t) => el("li", {}, t))));
  redraw();
  if (!st.free.myTurn && reply.view.to_act !== null && reply.view.to_act !== undefined) {
    ui.status.querySelector(".text").textContent = S.bots_thinking;
    await new Promise((resolve) => setTimeout(resolve, 450));
    if (st.mode !== "free") return;
    const bot = await engine.call({ op: "bot", state: st.free.id, seat: reply.view.to_act, lang: data.lang });
    if (!bot.ok) return;
    const applied = await engine.call({ op: "apply", state: st.free.id, action: bot.action, seat: reply.view.to_act, lang: data.lang });
    ui.status.querySelector(".text").textContent = S.engine_ready;
    if (!applied.ok) return;
    st.free.id = applied.state;
    await freeRefresh();
  }
}

async function freeMove(action) {
  if (!st.free || !st.free.myTurn) return;
  st.busy = true;
  const applied = await engine.call({ op: "apply", state: st.free.id, action, seat: st.free.seat, lang: data.lang });
  st.busy = false;
  if (!applied.ok) {
    setFeedback("bad", S.illegal, applied.verdict || { text: applied.error, rule_ids: [] });
    return;
  }
  setFeedback("info", S.free_play_on);
  st.free.id = applied.state;
  await freeRefresh();
}

function engineStatus(stage, error) {
  const text = ui.status.querySelector(".text");
  ui.status.dataset.state = stage;
  if (stage === "runtime") text.textContent = S.engine_stage_runtime;
  else if (stage === "tutor") text.textContent = S.engine_stage_tutor;
  else if (stage === "ready") text.textContent = S.engine_ready;
  else if (stage === "failed") text.textContent = fmt(S.engine_failed, { error });
  updateButtons();
}

// ------------------------------------------------------------------ start
export function start() {
  data = JSON.parse(document.getElementById("lesson-data").textContent);
  S = data.strings;
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
    else if (event.key === "Enter" && tag !== "BUTTON" && tag !== "A" && st.selected.size) playSelected();
    else return;
    event.preventDefault();
  });
  enterFrame();
  engine = new Engine(data.wheel, engineStatus);
}
