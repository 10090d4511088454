// hexpress page: the Scenario tab's file. The scenario text is the one
// source: the painter and the text box both change it through the server
// (/api/paint), which edits it in place and checks it as `hexpress validate`
// does. Open, save, undo and redo work on the text.
"use strict";

const author = {
  text: "",        // the file as it stands
  reply: null,     // the server's last word on it
  undo: [],
  redo: [],
  mode: "paint",
  brush: null,
  map: 0,
  dirty: false,    // changed since it was opened or loaded
  queue: Promise.resolve(),
  typing: null,
};

const UNDO_MAX = 200;

// Sends one request after the ones before it, so edits apply in order.
function paintRequest(body) {
  const p = author.queue.then(() => postJson("/api/paint", body));
  author.queue = p.catch(() => {});
  return p;
}

function fileStatus(text, bad) {
  const s = $("file-status");
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
}

// Replaces the file (opened, loaded, blank, undo or redo) and shows it.
async function setText(text, how = {}) {
  try {
    const reply = await paintRequest(how.blank ? { blank: how.blank } : { text });
    if (how.record !== false) record();
    author.text = reply.text;
    author.dirty = !!how.dirty;
    show(reply);
    return reply;
  } catch (e) {
    fileProblem(e.info ? e.info.message + (e.info.hint ? ` (${e.info.hint})` : "") : String(e));
    return null;
  }
}

// Keeps the text before a change for Undo.
function record() {
  if (!author.text) return;
  author.undo.push(author.text);
  if (author.undo.length > UNDO_MAX) author.undo.shift();
  author.redo = [];
}

// The edits that act on one [[map]] (the painter's current one unless the
// edit names its own): the server refuses `map` on every other kind.
const MAP_EDITS = new Set(["paint", "grow", "tiles", "numbers", "harbors", "pool", "face_down", "region", "drop_region", "map_players", "side", "region_rule"]);

// One painter edit; the text changes only if the server accepts it. Returns
// whether it was accepted, so a control can keep what the user typed.
async function edit(e) {
  if (!author.text) return false;
  const sent = MAP_EDITS.has(e.op) ? Object.assign({ map: author.map }, e) : e;
  try {
    const reply = await paintRequest({ text: author.text, edit: sent });
    if (reply.changed) {
      author.undo.push(author.text);
      if (author.undo.length > UNDO_MAX) author.undo.shift();
      author.redo = [];
      author.text = reply.text;
      author.dirty = true;
    }
    show(reply);
    return true;
  } catch (err) {
    const info = err.info || { message: String(err) };
    fileStatus(`That change was not made: ${info.message}`, true);
    if (typeof announce === "function") announce(`That change was not made: ${info.message}`);
    if (author.reply) renderPainter(author.reply.view);
    return false;
  }
}

async function undoRedo(from, to) {
  if (!from.length) return;
  to.push(author.text);
  const text = from.pop();
  try {
    const reply = await paintRequest({ text });
    author.text = reply.text;
    author.dirty = true;
    show(reply);
  } catch (e) {
    fileProblem(String(e.message || e));
  }
}

// The server's answer: text, problems, painter, status, board.
function show(reply) {
  author.reply = reply;
  const ta = $("text");
  if (ta.value !== reply.text && document.activeElement !== ta) {
    ta.value = reply.text;
  } else if (ta.value !== reply.text && author.typing == null) {
    ta.value = reply.text;
  }
  syncGutter();
  showProblems(reply.errors ? reply : (reply.diagnostics.length ? reply : null));
  $("undo").disabled = author.undo.length === 0;
  $("redo").disabled = author.redo.length === 0;
  const n = reply.errors;
  $("save-file").textContent = n ? `Save file (${n} problem${n === 1 ? "" : "s"})` : "Save file";
  if (n) {
    fileStatus(`${n} problem${n === 1 ? "" : "s"}: hexpress will refuse this file until ${n === 1 ? "it is" : "they are"} fixed (see the list). The board keeps the last good version.`, true);
  } else if (!reply.ok) {
    fileStatus("hexpress will refuse this file: see the list. The board keeps the last good version.", true);
  } else {
    const w = reply.diagnostics.length;
    fileStatus(`No problems${w ? ` (${w} warning${w === 1 ? "" : "s"})` : ""}: hexpress accepts this file.${author.dirty ? " The board follows it." : ""}`);
  }
  if (reply.view) renderPainter(reply.view);
  else renderPainter(null);
  if (author.dirty && reply.ok) followBoard(reply);
}

// The board follows a good file (after a short pause, so painting stays quick).
let followTimer = null;
function followBoard(reply) {
  clearTimeout(followTimer);
  followTimer = setTimeout(async () => {
    if (author.text !== reply.text) return;
    if (state.busy) { followBoard(reply); return; }
    if (state.text === reply.text) return;
    const players = reply.scenario.players.includes(state.players) ? state.players : null;
    await loadBoard(state.board ? state.board.seed : freshSeed(), {
      text: reply.text, builtin: null, textTitle: reply.scenario.title, players, locks: new Map(), balanced: false,
    }, { onText: true });
  }, 700);
}

// ---- problems ----------------------------------------------------------------

let badLines = new Set();
function syncGutter() {
  const n = $("text").value.split("\n").length;
  const out = [];
  for (let i = 1; i <= n; i++) out.push(badLines.has(i) ? `<span class="bad">${i}</span>` : String(i));
  $("gutter").innerHTML = out.join("\n");
  $("gutter").scrollTop = $("text").scrollTop;
}

// The file reads well but the page could not make its board (a player
// count without a map, locks, a search that ran out of time): the problem
// list and the status say so together.
function boardProblem(info) {
  const reply = author.reply;
  const own = (reply && reply.diagnostics) || [];
  const extra = (info.diagnostics || []).filter((d) => !own.some((x) => x.message === d.message));
  if (!extra.length) extra.push({ severity: "error", message: info.message, label: "", hints: info.hint ? [info.hint] : [], line: null });
  const all = own.concat(extra);
  showProblems({ diagnostics: all, rendered: reply ? reply.rendered : "" });
  const n = all.filter((d) => d.severity !== "warning").length;
  fileStatus(`${n} problem${n === 1 ? "" : "s"}: the page could not make a board of this file (see the list). The board keeps the last good version.`, true);
}

function fileProblem(message) {
  showProblems({ message, diagnostics: [] });
  fileStatus(message, true);
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
  } else if (!diags.length && info.message) {
    const li = document.createElement("li");
    li.textContent = info.message + (info.hint ? ` (${info.hint})` : "");
    list.appendChild(li);
  }
  for (const d of diags) {
    const li = document.createElement("li");
    if (d.severity === "warning") li.className = "warn";
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
      li.tabIndex = 0;
      li.addEventListener("click", () => selectLine(d.line, d.column));
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") selectLine(d.line, d.column); });
    }
    list.appendChild(li);
  }
  const errors = diags.filter((d) => d.severity !== "warning").length;
  $("problems-head").textContent = diags.length ? `${errors} problem${errors === 1 ? "" : "s"}${diags.length > errors ? `, ${diags.length - errors} warning${diags.length - errors === 1 ? "" : "s"}` : ""}` : "Problems";
  $("rendered").textContent = (info && info.rendered) || "";
  syncGutter();
}

function selectLine(line, col) {
  authorMode("text");
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

// ---- files -------------------------------------------------------------------

// Reads a chosen or dropped file: size, UTF-8 and TOML are checked, each
// failure said at the file's place (the problem list and the status line).
async function openFile(f) {
  const limit = state.limits.scenario_bytes;
  if (f.size > limit) {
    fileProblem(`${f.name} is ${f.size.toLocaleString()} bytes; a scenario file may be at most ${limit.toLocaleString()} bytes (1 MiB). Is it the right file?`);
    return;
  }
  const bytes = new Uint8Array(await f.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    const bad = firstBadByte(bytes);
    const line = bytes.slice(0, bad).filter((b) => b === 10).length + 1;
    fileProblem(`${f.name} is not UTF-8 text (the first byte that is not is at line ${line}, byte ${bad + 1}). Save it as UTF-8 in your editor and open it again.`);
    return;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const reply = await setText(text, { dirty: false });
  if (!reply) return;
  if (!reply.view) {
    fileStatus(`${f.name} does not read as TOML: the problem list says where. The painter shows the map once it does.`, true);
    authorMode("text");
    return;
  }
  fileStatus(`Opened ${f.name}. ${$("file-status").textContent}`, reply.errors > 0);
  author.dirty = reply.ok;
  if (reply.ok) followBoard(reply);
}

function firstBadByte(bytes) {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
    if (n === 0 || i + n > bytes.length) return i;
    for (let k = 1; k < n; k++) if (bytes[i + k] >> 6 !== 2) return i;
    i += n;
  }
  return i;
}

function saveFile() {
  if (!author.text) return;
  const id = (author.reply && author.reply.view && author.reply.view.id) || "scenario";
  const name = `${String(id).replace(/[^a-z0-9-]/g, "") || "scenario"}.toml`;
  const url = URL.createObjectURL(new Blob([author.text], { type: "application/toml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  const n = author.reply ? author.reply.errors : 0;
  fileStatus(n ? `Saved ${name} with ${n} problem${n === 1 ? "" : "s"}: hexpress will refuse it until they are fixed.` : `Saved ${name}: hexpress accepts it.`, n > 0);
}

function authorMode(mode) {
  author.mode = mode;
  for (const b of $("author-mode").querySelectorAll("button")) {
    const on = b.dataset.v === mode;
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
  $("painter").hidden = mode !== "paint";
  $("text-pane").hidden = mode !== "text";
  if (mode === "text") syncGutter();
}

// The first look at the tab: the scenario of the board, unchanged.
function authorShown() {
  if (author.text) return;
  const s = state.text != null ? state.text : (state.scenarios.find((x) => x.id === state.builtin) || {}).text;
  if (s) {
    $("start-from").value = state.builtin || $("start-from").value;
    setText(s, { record: false });
  }
}

function setupAuthor() {
  for (const b of $("author-mode").querySelectorAll("button")) b.addEventListener("click", () => authorMode(b.dataset.v));
  $("new-blank").addEventListener("click", () => {
    const rows = parseInt($("blank-rows").value, 10) || 5;
    const cols = parseInt($("blank-cols").value, 10) || 6;
    setText("", { blank: { rows, cols }, dirty: true }).then((r) => { if (r) author.brush = "*"; });
  });
  $("load-builtin").addEventListener("click", () => {
    const s = state.scenarios.find((x) => x.id === $("start-from").value);
    if (s) setText(s.text, { dirty: false });
  });
  $("open-file").addEventListener("click", () => $("file-input").click());
  $("file-input").addEventListener("change", () => {
    const f = $("file-input").files[0];
    if (f) openFile(f);
    $("file-input").value = "";
  });
  $("save-file").addEventListener("click", saveFile);
  $("undo").addEventListener("click", () => undoRedo(author.undo, author.redo));
  $("redo").addEventListener("click", () => undoRedo(author.redo, author.undo));
  document.addEventListener("keydown", (e) => {
    if ($("pane-text").hidden || document.activeElement === $("text")) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
      e.preventDefault();
      if (e.shiftKey) undoRedo(author.redo, author.undo); else undoRedo(author.undo, author.redo);
    }
  });
  $("use-text").addEventListener("click", async () => {
    await flushTyping();
    const r = author.reply;
    if (!r || !r.ok) { fileStatus("Fix the problems first: hexpress would refuse this file.", true); return; }
    const ok = await loadBoard(freshSeed(), { text: r.text, builtin: null, textTitle: r.scenario.title, players: null, locks: new Map(), balanced: false }, { onText: true });
    if (ok) tab("board");
  });
  $("text").addEventListener("input", () => {
    syncGutter();
    clearTimeout(author.typing);
    author.typing = setTimeout(flushTyping, 400);
  });
  $("text").addEventListener("scroll", () => { $("gutter").scrollTop = $("text").scrollTop; });
  const zone = $("pane-text");
  const stop = (e) => { e.preventDefault(); e.stopPropagation(); };
  for (const ev of ["dragenter", "dragover"]) zone.addEventListener(ev, (e) => { stop(e); zone.classList.add("drag"); });
  for (const ev of ["dragleave", "drop"]) zone.addEventListener(ev, (e) => { stop(e); zone.classList.remove("drag"); });
  zone.addEventListener("drop", (e) => { const f = e.dataTransfer.files[0]; if (f) openFile(f); });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) { tab("text"); openFile(f); }
  });
  setupPainter();
}

// Typed text goes to the server after a pause (one Undo step per pause).
async function flushTyping() {
  clearTimeout(author.typing);
  author.typing = null;
  const text = $("text").value;
  if (text === author.text) return;
  if (new Blob([text]).size > state.limits.scenario_bytes) {
    fileProblem(`The text is over ${state.limits.scenario_bytes.toLocaleString()} bytes, the limit of a scenario file.`);
    return;
  }
  record();
  author.text = text;
  author.dirty = true;
  try {
    show(await paintRequest({ text }));
  } catch (e) {
    fileProblem(e.info ? e.info.message : String(e));
  }
}
