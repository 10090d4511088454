// hexpress page: the inputs of the board, kept only once the server has
// made a board from them. A change that fails puts every control back to the
// last good board, which keeps working (downloads included). No framework.
"use strict";

const SHARE_TEXT_MAX = 12000; // pasted scenarios up to this size travel inside the link

const state = {
  scenarios: [],
  limits: { scenario_bytes: 1048576 },
  // The inputs of the board on screen (committed when a board comes back).
  builtin: "base",   // built-in id, or null when a pasted text is in use
  text: null,        // the pasted scenario in use
  textTitle: "",
  players: null,
  rules: "",
  // The drawing inputs (see DRAWING), each from the server's defaults
  // (/api/scenarios) until a board is made with another.
  view: null,
  paper: null,
  ruler: null,       // the calibration: what the 100 mm bar measured, as typed
  back_offset: null, // and how far the backs lie off their fronts, "x,y"
  balanced: false,
  locks: new Map(),  // "q,r" -> lock item
  from: null,        // the board whose tiles the secret locks keep
  defaults: {},      // the drawing inputs' defaults (from /api/scenarios)
  board: null,
  good: null,        // the request that made the board on screen
  pack: null,        // the print pack of the board on screen
  clash: null,       // hexes a failed request named
  busy: false,
};

// The inputs that redraw the board on screen without laying it out again.
const DRAWING = ["view", "paper", "ruler", "back_offset"];
const INPUTS = ["builtin", "text", "textTitle", "players", "rules", "balanced", "from", ...DRAWING];

function inputs() {
  const o = {};
  for (const k of INPUTS) o[k] = state[k];
  o.locks = new Map(state.locks);
  return o;
}

function bodyOf(inp, seed) {
  const body = { players: inp.players, seed: seed == null || seed === "" ? null : String(seed) };
  for (const k of DRAWING) if (inp[k]) body[k] = inp[k];
  if (inp.text != null) body.text = inp.text; else body.scenario = inp.builtin;
  if (inp.rules) body.rules = inp.rules;
  if (inp.balanced) {
    body.balanced = true;
    const n = parseInt($("candidates").value, 10);
    if (n > 0) body.candidates = n;
  }
  if (inp.locks.size) {
    body.locks = [...inp.locks.values()].join(" ");
    if ([...inp.locks.values()].some((v) => !v.includes("=")) && inp.from) body.from = inp.from;
  }
  return body;
}

// ---- progress and errors ---------------------------------------------------

let busyTimer = null;
function busy(text) {
  state.busy = true;
  document.body.classList.add("working");
  $("busy").hidden = false;
  $("busy-text").textContent = text;
  $("busy-count").textContent = "";
  const fill = $("bar-fill");
  fill.classList.add("indeterminate");
  fill.style.width = "";
  const t0 = performance.now();
  clearInterval(busyTimer);
  busyTimer = setInterval(() => {
    if (fill.classList.contains("indeterminate")) {
      $("busy-count").textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    }
  }, 200);
}

function progress(p) {
  const fill = $("bar-fill");
  if (p.stage === "search" && p.total) {
    fill.classList.remove("indeterminate");
    fill.style.width = `${Math.round((100 * p.done) / p.total)}%`;
    $("busy-text").textContent = "Scoring boards…";
    $("busy-count").textContent = `${Math.floor((100 * p.done) / p.total)} %`;
  } else if (p.stage === "drawing") {
    fill.classList.add("indeterminate");
    fill.style.width = "";
    $("busy-text").textContent = "Drawing the print pack…";
  }
}

function idle() {
  state.busy = false;
  document.body.classList.remove("working");
  clearInterval(busyTimer);
  $("busy").hidden = true;
}

function showError(e, onText) {
  const info = e.info || { message: String(e.message || e) };
  const box = $("error");
  let text = info.message;
  const all = info.diagnostics || [];
  const hints = info.hint ? [info.hint] : all.length && all[0].message === info.message ? all[0].hints || [] : [];
  for (const h of hints) text += `\nWhat to do: ${h}`;
  const diags = all.filter((d) => d.message !== info.message);
  for (const d of diags.slice(0, 3)) text += `\n• ${d.message}${d.hints && d.hints.length ? ` (${d.hints[0]})` : ""}`;
  if (state.board) text += "\nThe board shown is still the last good one; its downloads work.";
  box.textContent = text;
  box.hidden = false;
  state.lastError = info;
  announce(`Not done: ${text}`);
  // Locks the board cannot keep: the server names the hexes concerned.
  const clash = info.lock_clash;
  if (clash && Array.isArray(clash.hexes)) {
    state.clash = clash.hexes.concat(...(clash.also || []).map((a) => a.hexes || []));
    drawLocks();
  }
  if (onText && typeof boardProblem === "function") boardProblem(info);
}

function clearError() { $("error").hidden = true; $("error").textContent = ""; }

// Says something to screen readers (the page's one live region): each new
// board and each refusal.
function announce(text) {
  const a = $("announce");
  a.textContent = "";
  // A new text node each time, so that the same words are said again.
  requestAnimationFrame(() => { a.textContent = text; });
}

function notice(text, buttons) {
  const n = $("notice");
  n.textContent = text;
  for (const [label, fn] of buttons || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = label;
    b.addEventListener("click", () => { n.hidden = true; fn(); });
    n.appendChild(document.createTextNode(" "));
    n.appendChild(b);
  }
  n.hidden = false;
}

// ---- boards ----------------------------------------------------------------

function freshSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1000000000;
}

// Asks for a board with `changes` on top of the current inputs; keeps them
// only if the server makes it. Returns whether it did.
async function loadBoard(seed, changes = {}, how = {}) {
  if (state.busy) return false;
  const next = Object.assign(inputs(), changes);
  // The drawing inputs (paper, view, calibration) redraw the board on
  // screen: its own recipe, not the locks made on it since (they wait for
  // the next reroll).
  const redraw = how.redraw && state.good;
  if (!redraw && next.balanced && next.locks.size) {
    showError({ message: "A balanced search redraws the whole board: unlock the hexes first." });
    syncControls();
    return false;
  }
  clearError();
  busy(next.balanced && !redraw ? "Searching for a fair board…" : "Drawing a board…");
  const body = redraw ? Object.assign({}, state.good) : bodyOf(next, seed);
  if (redraw) for (const k of DRAWING) body[k] = next[k] || null;
  try {
    const b = await streamed("/api/board", body, progress);
    if (redraw) {
      for (const k of DRAWING) state[k] = next[k];
    } else {
      for (const k of INPUTS) state[k] = next[k];
      state.locks = next.locks;
    }
    state.players = b.players;
    state.good = Object.assign({}, body, { seed: b.seed, players: b.players });
    state.clash = null;
    $("notice").hidden = true;
    showBoard(b, how);
    return true;
  } catch (e) {
    showError(e, how.onText);
    syncControls();
    return false;
  } finally {
    idle();
  }
}

function showBoard(b, how) {
  state.board = b;
  $("title").textContent = b.title;
  const facts = [`<b>${b.players}</b> players`, `map <b>${b.seed}</b>`];
  if (b.balance) facts.push(`fairest of <b>${b.balance.evaluated.toLocaleString()}</b> scored`);
  else if (b.bar) facts.push("a fair draw from the fairness bar");
  else facts.push(b.guarantee ? `a random board: ${b.guarantee}` : "a random board");
  if (state.locks.size) facts.push(`<b>${state.locks.size}</b> locked`);
  $("facts").innerHTML = facts.join(" · ");
  announce(`Board shown: ${b.title}, ${b.players} players, map number ${b.seed}, ${b.balance ? "the fairest of the boards scored" : b.bar ? "a fair draw from the fairness bar" : "a random board"}. ${$("lock-count").textContent}`);
  drawBoardSvg(b);
  $("command").textContent = b.command;
  $("share").value = shareLink(b);
  markHistory(b, how);
  remember(b);
  showMeasures(b);
  syncControls();
  updateLockUi();
  preparePackSoon(b);
  if (typeof painterBoardShown === "function") painterBoardShown(b);
}

// Every control shows the inputs of the board on screen.
function syncControls() {
  const sel = $("scenario");
  if (state.builtin) sel.value = state.builtin;
  $("own-note").hidden = state.text == null;
  $("own-title").textContent = state.textTitle || "(pasted)";
  $("rules").value = state.rules || "";
  $("paper").value = state.paper;
  $("ruler").value = state.ruler;
  $("back-offset").value = state.back_offset;
  for (const o of $("view").querySelectorAll("button")) {
    const on = o.dataset.v === state.view;
    o.classList.toggle("on", on);
    o.setAttribute("aria-pressed", on ? "true" : "false");
  }
  if (state.board) {
    $("seed").value = state.board.seed;
    drawPlayers(state.board.player_choices, state.board.players);
  }
  drawLocks();
  updateLockUi();
}

function drawPlayers(choices, current) {
  const box = $("players");
  box.innerHTML = "";
  for (const p of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p;
    b.className = p === current ? "on" : "";
    b.setAttribute("aria-pressed", p === current ? "true" : "false");
    b.addEventListener("click", () => {
      if (p === state.players) return;
      loadBoard(state.board ? state.board.seed : null, { players: p, locks: new Map() });
    });
    box.appendChild(b);
  }
}

// ---- share links -----------------------------------------------------------

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(b64) {
  const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

function shareLink(b) {
  let url = `${location.origin}/?${b.share}`;
  if (!b.builtin && state.text != null) {
    try { localStorage.setItem(`hexpress:${b.hash}`, state.text); } catch (_) { /* private mode */ }
    if (state.text.length <= SHARE_TEXT_MAX) url += `#text=${toBase64Url(state.text)}`;
  }
  return url;
}

// The inputs a link asks for, or null when it cannot be followed here.
function linkInputs() {
  const q = new URLSearchParams(location.search);
  const inp = inputs();
  inp.locks = new Map();
  inp.from = q.get("from");
  if (q.get("hash")) {
    const m = location.hash.match(/text=([A-Za-z0-9_-]+)/);
    let text = null;
    if (m) { try { text = fromBase64Url(m[1]); } catch (_) { text = null; } }
    if (text == null) { try { text = localStorage.getItem(`hexpress:${q.get("hash")}`); } catch (_) { text = null; } }
    if (text == null) return { missing: q.get("hash") };
    inp.text = text;
    inp.builtin = null;
    inp.textTitle = "";
  } else if (q.get("scenario")) {
    inp.builtin = q.get("scenario");
    inp.text = null;
  }
  inp.players = q.get("players") ? parseInt(q.get("players"), 10) : null;
  inp.rules = q.get("rules") || "";
  for (const k of DRAWING) inp[k] = q.get(k) || state.defaults[k];
  inp.balanced = q.get("balanced") === "1";
  if (q.get("candidates")) $("candidates").value = q.get("candidates");
  for (const item of (q.get("locks") || "").split(/\s+/).filter(Boolean)) inp.locks.set(item.split("=")[0], item);
  return { inp, seed: q.get("seed") };
}

// Follows the address bar (a link, Back or Forward).
async function openLink(how = { fromHistory: true }) {
  const link = linkInputs();
  if (link.missing) {
    notice(`This link is for a scenario file of someone's own (content ${link.missing}) that this browser has not seen, so its board cannot be shown here. Open the same file to get the same board.`, [
      ["Open the file…", () => { tab("text"); $("file-input").click(); }],
      ["Show a built-in scenario", () => loadBoard(freshSeed(), { builtin: $("scenario").value, text: null, players: null, locks: new Map() }, { replace: true })],
    ]);
    return;
  }
  if (await loadBoard(link.seed || freshSeed(), link.inp, how)) return;
  await nearestBoard(link, how);
}

// A link that cannot be followed as it is opens on the nearest board that
// can be made (without its locks, at the scenario's own player count, under
// its own rules, and at last the default scenario), and says so.
async function nearestBoard(link, how) {
  const why = state.lastError ? state.lastError.message : "it could not be made";
  const inp = link.inp;
  const scenario = inp.builtin ? state.scenarios.find((s) => s.id === inp.builtin) : null;
  const steps = [];
  let changes = {};
  const step = (more, words) => { changes = Object.assign({}, changes, more); steps.push([changes, words]); };
  if (inp.locks.size) step({ locks: new Map(), from: null }, "without its locked hexes");
  if (inp.players != null && (!scenario || !scenario.players.includes(inp.players))) step({ players: null }, "at the scenario's own player count");
  if (inp.rules || inp.balanced) step({ rules: "", balanced: false }, "under the scenario's own rules, as a random board");
  if (inp.text != null || !scenario) step({ builtin: $("scenario").value || state.builtin, text: null, textTitle: "", players: null, locks: new Map(), from: null, rules: "", balanced: false }, "on a built-in scenario");
  step({ builtin: "base", text: null, textTitle: "", players: null, locks: new Map(), from: null, rules: "", balanced: false, ...state.defaults }, "on the base game");
  const said = [];
  for (const [more, words] of steps) {
    said.push(words);
    const next = Object.assign({}, inp, more);
    if (await loadBoard(link.seed || freshSeed(), next, Object.assign({}, how, { replace: true }))) {
      const text = `This link could not be opened as it was: ${why.replace(/\.$/, "")}. Shown instead: the nearest board that can be made, ${said.join(", ")}.`;
      notice(text);
      announce(text);
      return;
    }
  }
}

// ---- tabs --------------------------------------------------------------------

function tab(which) {
  for (const [id, pane, name] of [["tab-board", "pane-board", "board"], ["tab-text", "pane-text", "text"]]) {
    const on = which === name;
    $(id).classList.toggle("on", on);
    $(id).setAttribute("aria-selected", on ? "true" : "false");
    $(id).tabIndex = on ? 0 : -1;
    $(pane).hidden = !on;
  }
  if (which === "text") authorShown();
  else requestAnimationFrame(readableLabels);
}

// ---- wiring ----------------------------------------------------------------

function segment(id, key) {
  for (const b of $(id).querySelectorAll("button")) {
    b.addEventListener("click", () => {
      if (state[key] === b.dataset.v || !state.board) return;
      loadBoard(state.board.seed, { [key]: b.dataset.v }, { redraw: true });
    });
  }
}

async function start() {
  drawRecent();
  let data;
  try {
    const res = await fetch("/api/scenarios");
    data = await res.json();
  } catch (_) {
    showError(offline());
    return;
  }
  state.scenarios = data.scenarios;
  if (data.limits) state.limits = data.limits;
  // The papers and the drawing inputs' defaults, as the server names them.
  state.defaults = data.defaults;
  Object.assign(state, data.defaults);
  for (const p of data.papers) {
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = p.title;
    $("paper").appendChild(o);
  }
  for (const sel of [$("scenario"), $("start-from")]) {
    for (const s of data.scenarios) {
      const o = document.createElement("option");
      o.value = s.id;
      o.textContent = s.title;
      sel.appendChild(o);
    }
  }
  // The view buttons, as the server names the views and words them.
  for (const v of data.views) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.v = v.name;
    b.title = v.title;
    b.textContent = v.label;
    const on = v.name === state.view;
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", on ? "true" : "false");
    $("view").appendChild(b);
  }
  state.builtin = data.default;
  $("scenario").value = data.default;
  segment("view", "view");

  $("scenario").addEventListener("change", () => {
    loadBoard(freshSeed(), { builtin: $("scenario").value, text: null, textTitle: "", players: null, locks: new Map() });
  });
  $("rules").addEventListener("change", () => { if (state.board) loadBoard(state.board.seed, { rules: $("rules").value }); });
  $("paper").addEventListener("change", () => { if (state.board) loadBoard(state.board.seed, { paper: $("paper").value }, { redraw: true }); });
  $("ruler").addEventListener("change", () => { if (state.board) loadBoard(state.board.seed, { ruler: $("ruler").value.trim() }, { redraw: true }); });
  $("back-offset").addEventListener("change", () => { if (state.board) loadBoard(state.board.seed, { back_offset: $("back-offset").value.trim() }, { redraw: true }); });
  $("seed").addEventListener("change", () => loadBoard($("seed").value.trim() || null));
  $("reroll").addEventListener("click", () => loadBoard(freshSeed(), { balanced: false }));
  $("balanced").addEventListener("click", () => loadBoard(freshSeed(), { balanced: true }));
  $("unlock").addEventListener("click", () => { state.locks.clear(); state.clash = null; drawLocks(); updateLockUi(); });
  $("zoom").addEventListener("click", () => setZoom(!$("board").classList.contains("zoomed")));
  window.addEventListener("resize", () => requestAnimationFrame(readableLabels));
  for (const b of document.querySelectorAll(".dl[data-file]")) b.addEventListener("click", () => download(b.dataset.file));
  for (const b of document.querySelectorAll(".dl[data-builder]")) b.addEventListener("click", () => downloadBuilder(b.dataset.builder));
  for (const b of document.querySelectorAll(".copy")) {
    b.addEventListener("click", async () => {
      const el = $(b.dataset.copy);
      const v = el.tagName === "INPUT" ? el.value : el.textContent;
      try { await navigator.clipboard.writeText(v); b.textContent = "Copied"; } catch (_) { if (el.select) el.select(); }
      setTimeout(() => { b.textContent = b.dataset.copy === "share" ? "Copy link" : "Copy"; }, 1500);
    });
  }
  $("tab-board").addEventListener("click", () => tab("board"));
  $("tab-text").addEventListener("click", () => tab("text"));
  $("tab-board").addEventListener("keydown", (e) => { if (e.key === "ArrowRight") { tab("text"); $("tab-text").focus(); } });
  $("tab-text").addEventListener("keydown", (e) => { if (e.key === "ArrowLeft") { tab("board"); $("tab-board").focus(); } });
  $("edit-text").addEventListener("click", () => tab("text"));
  $("back-builtin").addEventListener("click", () => {
    loadBoard(freshSeed(), { builtin: $("scenario").value, text: null, textTitle: "", players: null, locks: new Map() });
  });
  window.addEventListener("popstate", () => openLink());
  setupAuthor();
  updateLockUi();
  if (location.search) await openLink({ replace: true });
  else await loadBoard(freshSeed(), {}, { replace: true });
}

start().catch((e) => showError(e));
