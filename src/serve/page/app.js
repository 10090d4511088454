// hexpress page: asks the local server for boards and packs, draws the board,
// keeps the locks, the share link and the scenario editor. No framework.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const SHARE_TEXT_MAX = 12000; // pasted scenarios up to this size travel inside the link

const state = {
  scenarios: [],
  builtin: "base",   // built-in id, or null when a pasted text is in use
  text: null,        // the pasted scenario in use
  textTitle: "",
  players: null,
  rules: "",
  view: "play",
  paper: "a4",
  balanced: false,
  locks: new Map(),  // "q,r" -> "q,r=terrain:N"
  board: null,
  pack: null,        // { share, files } of the board on screen
  busy: false,
};

// ---- talking to the server -------------------------------------------------

function requestBody(seed) {
  const body = { players: state.players, seed: seed == null ? null : String(seed), view: state.view, paper: state.paper };
  if (state.text != null) body.text = state.text; else body.scenario = state.builtin;
  if (state.rules) body.rules = state.rules;
  if (state.balanced) {
    body.balanced = true;
    const n = parseInt($("candidates").value, 10);
    if (n > 0) body.candidates = n;
  }
  if (state.locks.size) body.locks = [...state.locks.values()].join(" ");
  return body;
}

class ApiFailure extends Error {
  constructor(err) { super(err.message || "request failed"); this.info = err; }
}

// POSTs with ?stream=1 and reads NDJSON: progress lines, then the result.
async function streamed(url, body, onProgress) {
  const res = await fetch(url + "?stream=1", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    let err = { message: `the server answered ${res.status}` };
    try { err = (await res.json()).error || err; } catch (_) { /* keep the status */ }
    throw new ApiFailure(err);
  }
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buf += dec.decode(value, { stream: true });
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line);
      if (msg.progress) onProgress(msg.progress);
      else if (msg.error) throw new ApiFailure(msg.error);
      else if ("result" in msg) return msg.result;
    }
    if (done) throw new ApiFailure({ message: "the server closed the answer early" });
  }
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

function showError(e) {
  const info = e.info || { message: String(e.message || e) };
  const box = $("error");
  let text = info.message;
  if (info.hint) text += `\nhint: ${info.hint}`;
  box.textContent = text;
  box.hidden = false;
  if (info.diagnostics && info.diagnostics.length) {
    showProblems(info);
    if (state.text != null || $("tab-text").classList.contains("on")) {
      box.textContent += "\nThe problems are listed beside the scenario text.";
      tab("text");
    } else {
      const pre = document.createElement("pre");
      pre.className = "rendered";
      pre.textContent = info.rendered || "";
      box.appendChild(pre);
    }
  }
}

function clearError() { $("error").hidden = true; $("error").textContent = ""; }

// ---- boards ----------------------------------------------------------------

function freshSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1000000000;
}

async function loadBoard(seed) {
  if (state.balanced && state.locks.size) {
    showError({ message: "A balanced search redraws the whole board: unlock the hexes first." });
    return;
  }
  clearError();
  busy(state.balanced ? "Searching for a fair board…" : "Drawing a board…");
  try {
    const b = await streamed("/api/board", requestBody(seed), progress);
    showBoard(b);
  } catch (e) {
    showError(e);
  } finally {
    idle();
  }
}

function showBoard(b) {
  state.board = b;
  state.pack = null;
  state.players = b.players;
  $("seed").value = b.seed;
  $("title").textContent = b.title;
  const facts = [`<b>${b.players}</b> players`, `seed <b>${b.seed}</b>`];
  if (b.balance) facts.push(`fairest of <b>${b.balance.evaluated.toLocaleString()}</b>`);
  if (b.locks) facts.push(`<b>${state.locks.size}</b> locked`);
  $("facts").innerHTML = facts.join(" · ");
  drawPlayers(b.player_choices, b.players);

  const holder = $("board");
  holder.innerHTML = b.svg;
  const svg = holder.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const pad = 3;
  svg.setAttribute("viewBox", `${b.board.x - pad} ${b.board.y - pad} ${b.board.w + 2 * pad} ${b.board.h + 2 * pad}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("role", "img");
  const hits = document.createElementNS(SVGNS, "g");
  hits.id = "hits";
  svg.appendChild(hits);
  drawLocks();

  $("command").textContent = b.command;
  $("share").value = shareLink(b);
  history.replaceState(null, "", shareLink(b).slice(location.origin.length));

  const lines = b.balance ? b.balance.lines : b.measures || [];
  $("fair-lines").innerHTML = "";
  for (const l of lines) {
    const s = document.createElement("span");
    s.className = "chip";
    s.textContent = l;
    $("fair-lines").appendChild(s);
  }
  if (b.balance) {
    const r = b.balance.random;
    const beat = r.as_fair === 0
      ? `fairer than all ${r.drawn.toLocaleString()} random boards drawn`
      : `${r.as_fair.toLocaleString()} of ${r.drawn.toLocaleString()} random boards drawn were as fair`;
    $("fair-note").textContent = `Score ${b.balance.score} after ${b.balance.evaluated.toLocaleString()} boards (lower is fairer): ${beat}; random boards score ${r.median} at the median and ${r.best} at best. A balanced board is chosen for its score, so it is not a uniform draw. The plots show how every measure spreads over random boards, with this board marked.`;
    $("plots").innerHTML = b.balance.plots;
    const p = $("plots").querySelector("svg");
    if (p) { p.removeAttribute("width"); p.removeAttribute("height"); }
  } else {
    $("fair-note").textContent = "These are the measures of this board. A balanced reroll scores many boards and keeps the fairest, with plots of how each measure spreads.";
    $("plots").innerHTML = "";
  }
  updateLockUi();
}

function hexPoints(x, y, r) {
  const w = (r * Math.sqrt(3)) / 2;
  return [[x, y - r], [x + w, y - r / 2], [x + w, y + r / 2], [x, y + r], [x - w, y + r / 2], [x - w, y - r / 2]]
    .map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" ");
}

function lockItem(h) {
  return `${h.q},${h.r}=${h.terrain}` + (h.number != null ? `:${h.number}` : "");
}

function drawLocks() {
  const b = state.board;
  const g = document.getElementById("hits");
  if (!b || !g) return;
  g.innerHTML = "";
  const R = b.hex_radius;
  for (const h of b.hexes) {
    if (h.fixed) continue;
    const key = `${h.q},${h.r}`;
    const locked = state.locks.has(key);
    const p = document.createElementNS(SVGNS, "polygon");
    p.setAttribute("points", hexPoints(h.x, h.y, R * 0.96));
    p.setAttribute("class", locked ? "hit locked" : "hit");
    p.dataset.hex = key;
    const t = document.createElementNS(SVGNS, "title");
    // In the play view a face-down tile stays a secret, even in the tooltip.
    const what = h.face_down && state.view === "play" ? "face-down tile" : `${h.terrain}${h.number != null ? " " + h.number : ""}`;
    t.textContent = `${what} at (${h.q}, ${h.r}): click to ${locked ? "unlock" : "lock"}`;
    p.appendChild(t);
    p.addEventListener("click", () => toggleLock(h));
    g.appendChild(p);
    if (locked) g.appendChild(badge(h.x, h.y - R * 0.58, R * 0.2));
  }
}

// A small padlock in a yellow disc.
function badge(x, y, s) {
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "badge");
  g.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${(s / 10).toFixed(3)})`);
  g.innerHTML = '<circle r="10"/><path d="M-4.5 -1 v-2.2 a4.5 4.5 0 0 1 9 0 v2.2 h-2 v-2.2 a2.5 2.5 0 0 0 -5 0 v2.2 z M-6 -1 h12 v8 h-12 z"/>';
  return g;
}

function toggleLock(h) {
  const key = `${h.q},${h.r}`;
  if (state.locks.has(key)) state.locks.delete(key); else state.locks.set(key, lockItem(h));
  state.pack = null;
  drawLocks();
  updateLockUi();
}

function updateLockUi() {
  const n = state.locks.size;
  $("lock-count").textContent = n === 0 ? "No hex locked." : n === 1 ? "1 hex locked." : `${n} hexes locked.`;
  $("unlock").hidden = n === 0;
  $("balanced").disabled = n > 0;
  $("lock-balanced-note").hidden = n === 0;
}

function drawPlayers(choices, current) {
  const box = $("players");
  box.innerHTML = "";
  for (const p of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p;
    b.className = p === current ? "on" : "";
    b.addEventListener("click", () => {
      if (p === state.players) return;
      state.players = p;
      state.locks.clear();
      loadBoard($("seed").value);
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

function applyLink() {
  const q = new URLSearchParams(location.search);
  if (q.get("hash")) {
    const m = location.hash.match(/text=([A-Za-z0-9_-]+)/);
    let text = null;
    if (m) { try { text = fromBase64Url(m[1]); } catch (_) { text = null; } }
    if (text == null) { try { text = localStorage.getItem(`hexpress:${q.get("hash")}`); } catch (_) { text = null; } }
    if (text == null) {
      showError({ message: `This link is for a pasted scenario (content ${q.get("hash")}) that this browser has not seen: paste the same file to get the same board.` });
    } else {
      state.text = text;
      state.builtin = null;
      $("text").value = text;
      syncGutter();
    }
  } else if (q.get("scenario")) {
    state.builtin = q.get("scenario");
  }
  if (q.get("players")) state.players = parseInt(q.get("players"), 10);
  if (q.get("rules")) state.rules = q.get("rules");
  if (q.get("view")) state.view = q.get("view");
  if (q.get("paper")) state.paper = q.get("paper");
  if (q.get("balanced") === "1") state.balanced = true;
  if (q.get("candidates")) $("candidates").value = q.get("candidates");
  for (const item of (q.get("locks") || "").split(/\s+/).filter(Boolean)) {
    state.locks.set(item.split("=")[0], item);
  }
  return q.get("seed");
}

// ---- downloads -------------------------------------------------------------

async function download(name) {
  const b = state.board;
  if (!b || state.busy) return;
  clearError();
  let pack = state.pack && state.pack.share === b.share ? state.pack : null;
  if (!pack) {
    busy(state.balanced ? "Searching for a fair board…" : "Drawing the print pack…");
    try {
      const body = requestBody(b.seed);
      if (b.balance) body.candidates = b.balance.evaluated;
      // The pack is of the board on screen: its own locks, not ones clicked since.
      delete body.locks;
      if (b.locks) body.locks = b.locks;
      pack = await streamed("/api/pack", body, progress);
      state.pack = pack;
      pack.share = b.share;
    } catch (e) {
      showError(e);
      return;
    } finally {
      idle();
    }
  }
  const f = pack.files.find((x) => x.name === name);
  if (!f) { showError({ message: `${name} is not part of this scenario's pack` }); return; }
  for (const btn of document.querySelectorAll(".dl")) {
    const g = pack.files.find((x) => x.name === btn.dataset.file);
    btn.title = g ? `${(g.size / 1024).toFixed(0)} KB` : "";
  }
  const a = document.createElement("a");
  a.href = f.url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// ---- the scenario editor ---------------------------------------------------

function tab(which) {
  $("tab-board").classList.toggle("on", which === "board");
  $("tab-text").classList.toggle("on", which === "text");
  $("pane-board").hidden = which !== "board";
  $("pane-text").hidden = which !== "text";
  if (which === "text") syncGutter();
}

let badLines = new Set();
function syncGutter() {
  const n = $("text").value.split("\n").length;
  const out = [];
  for (let i = 1; i <= n; i++) out.push(badLines.has(i) ? `<span class="bad">${i}</span>` : String(i));
  $("gutter").innerHTML = out.join("\n");
  $("gutter").scrollTop = $("text").scrollTop;
}

function showProblems(info) {
  const list = $("problem-list");
  list.innerHTML = "";
  badLines = new Set();
  const diags = (info && info.diagnostics) || [];
  if (!info) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "No problems found.";
    list.appendChild(li);
  } else if (!diags.length) {
    const li = document.createElement("li");
    li.textContent = info.message + (info.hint ? ` (hint: ${info.hint})` : "");
    list.appendChild(li);
  }
  for (const d of diags) {
    const li = document.createElement("li");
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = d.line ? `line ${d.line}, column ${d.column}` : "file";
    li.appendChild(where);
    li.appendChild(document.createTextNode(d.message + (d.label ? ` — ${d.label}` : "")));
    for (const h of d.hints) {
      const s = document.createElement("span");
      s.className = "hint";
      s.textContent = `hint: ${h}`;
      li.appendChild(s);
    }
    if (d.line) {
      badLines.add(d.line);
      li.addEventListener("click", () => selectLine(d.line, d.column));
    }
    list.appendChild(li);
  }
  $("problems-head").textContent = diags.length ? `${diags.length} problem${diags.length === 1 ? "" : "s"}` : "Problems";
  $("rendered").hidden = !(info && info.rendered);
  $("rendered").textContent = (info && info.rendered) || "";
  syncGutter();
}

function selectLine(line, col) {
  const ta = $("text");
  const lines = ta.value.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[line - 1] || "").length;
  ta.focus();
  ta.setSelectionRange(start + Math.max(0, (col || 1) - 1), end);
  const lh = parseFloat(getComputedStyle(ta).lineHeight) || 19;
  ta.scrollTop = Math.max(0, (line - 4) * lh);
  syncGutter();
}

let checkTimer = null;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkText, 350);
}

async function checkText() {
  const text = $("text").value;
  if (!text.trim()) { showProblems({ message: "Paste a scenario file to check it.", diagnostics: [] }); return null; }
  try {
    const res = await fetch("/api/validate", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }),
    });
    const data = await res.json();
    if (res.ok) { showProblems(null); return data; }
    showProblems(data.error);
  } catch (e) {
    showProblems({ message: String(e), diagnostics: [] });
  }
  return null;
}

async function useText() {
  const ok = await checkText();
  if (!ok) return;
  state.text = $("text").value;
  state.textTitle = ok.title;
  state.builtin = null;
  state.players = ok.default_players;
  state.locks.clear();
  state.balanced = false;
  $("own-title").textContent = ok.title;
  $("own-note").hidden = false;
  tab("board");
  loadBoard(freshSeed());
}

function setupDrop() {
  const zone = $("drop");
  const stop = (e) => { e.preventDefault(); e.stopPropagation(); };
  for (const ev of ["dragenter", "dragover"]) zone.addEventListener(ev, (e) => { stop(e); zone.classList.add("drag"); });
  for (const ev of ["dragleave", "drop"]) zone.addEventListener(ev, (e) => { stop(e); zone.classList.remove("drag"); });
  zone.addEventListener("drop", async (e) => {
    const f = e.dataTransfer.files[0];
    if (!f) return;
    $("text").value = await f.text();
    scheduleCheck();
    syncGutter();
  });
  // A file dropped anywhere else on the page opens the editor with it.
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (!f) return;
    tab("text");
    $("text").value = await f.text();
    scheduleCheck();
  });
}

// ---- wiring ----------------------------------------------------------------

function segment(id, key) {
  for (const b of $(id).querySelectorAll("button")) {
    b.classList.toggle("on", b.dataset.v === state[key]);
    b.addEventListener("click", () => {
      if (state[key] === b.dataset.v) return;
      state[key] = b.dataset.v;
      for (const o of $(id).querySelectorAll("button")) o.classList.toggle("on", o === b);
      if (state.board) loadBoard(state.board.seed);
    });
  }
}

async function start() {
  const seed = applyLink();
  const data = await (await fetch("/api/scenarios")).json();
  state.scenarios = data.scenarios;
  const sel = $("scenario");
  for (const s of data.scenarios) {
    const o = document.createElement("option");
    o.value = s.id;
    o.textContent = s.title;
    sel.appendChild(o);
  }
  if (state.builtin && !data.scenarios.some((s) => s.id === state.builtin)) state.builtin = data.default;
  sel.value = state.builtin || data.default;
  if (state.text != null) {
    $("own-note").hidden = false;
    $("own-title").textContent = "(pasted)";
  }
  $("rules").value = state.rules;
  $("paper").value = state.paper;
  segment("view", "view");

  sel.addEventListener("change", () => {
    state.builtin = sel.value;
    state.text = null;
    state.players = null;
    state.locks.clear();
    $("own-note").hidden = true;
    loadBoard(freshSeed());
  });
  $("rules").addEventListener("change", () => { state.rules = $("rules").value; state.locks.clear(); loadBoard(state.board ? state.board.seed : null); });
  $("paper").addEventListener("change", () => { state.paper = $("paper").value; if (state.board) loadBoard(state.board.seed); });
  $("seed").addEventListener("change", () => loadBoard($("seed").value.trim() || null));
  $("reroll").addEventListener("click", () => { state.balanced = false; loadBoard(freshSeed()); });
  $("balanced").addEventListener("click", () => { state.balanced = true; loadBoard(freshSeed()); });
  $("unlock").addEventListener("click", () => { state.locks.clear(); drawLocks(); updateLockUi(); });
  for (const b of document.querySelectorAll(".dl")) b.addEventListener("click", () => download(b.dataset.file));
  for (const b of document.querySelectorAll(".copy")) {
    b.addEventListener("click", async () => {
      const el = $(b.dataset.copy);
      const v = el.value != null && el.tagName === "INPUT" ? el.value : el.textContent;
      try { await navigator.clipboard.writeText(v); b.textContent = "Copied"; } catch (_) { el.select && el.select(); }
      setTimeout(() => { b.textContent = b.dataset.copy === "share" ? "Copy link" : "Copy"; }, 1500);
    });
  }
  $("tab-board").addEventListener("click", () => tab("board"));
  $("tab-text").addEventListener("click", () => tab("text"));
  $("edit-text").addEventListener("click", () => tab("text"));
  $("back-builtin").addEventListener("click", () => {
    state.text = null; state.builtin = sel.value; state.players = null; state.locks.clear();
    $("own-note").hidden = true; loadBoard(freshSeed());
  });
  $("load-builtin").addEventListener("click", () => {
    const s = state.scenarios.find((x) => x.id === sel.value);
    if (s) { $("text").value = s.text; scheduleCheck(); syncGutter(); }
  });
  $("use-text").addEventListener("click", useText);
  $("text").addEventListener("input", () => { syncGutter(); scheduleCheck(); });
  $("text").addEventListener("scroll", () => { $("gutter").scrollTop = $("text").scrollTop; });
  setupDrop();
  updateLockUi();
  loadBoard(seed || freshSeed());
}

start().catch(showError);
