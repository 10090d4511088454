// hexpress page: the print pack of the board on screen. It is drawn in the
// background as soon as a board shows, so the buttons can carry the file
// sizes and the page can say how to print it (from the pack's print plan).
"use strict";

let packJob = null; // { share, promise } of the pack being drawn

function packBody(b) {
  const body = Object.assign({}, state.good);
  body.seed = b.seed;
  if (b.balance) body.candidates = b.balance.evaluated;
  return body;
}

// The pack of board `b`, drawn once (in the background unless `foreground`).
function packOf(b, foreground) {
  if (state.pack && state.pack.share === b.share) return Promise.resolve(state.pack);
  if (packJob && packJob.share === b.share) return packJob.promise;
  const promise = streamed("/api/pack", packBody(b), foreground ? progress : () => {}).then((pack) => {
    pack.share = b.share;
    if (state.board && state.board.share === b.share) {
      state.pack = pack;
      showAdvice(pack);
    }
    return pack;
  });
  packJob = { share: b.share, promise };
  promise.catch(() => {}).finally(() => { if (packJob && packJob.promise === promise) packJob = null; });
  return promise;
}

let packTimer = null;
function preparePackSoon(b) {
  clearTimeout(packTimer);
  clearAdvice();
  packTimer = setTimeout(() => {
    if (state.board !== b) return;
    $("print-status").textContent = "Preparing the print pack…";
    packOf(b, false).catch((e) => {
      if (state.board === b) $("print-status").textContent = `The print pack could not be prepared: ${e.message}`;
    });
  }, 400);
}

function clearAdvice() {
  state.pack = null;
  $("print-advice").hidden = true;
  $("print-status").hidden = false;
  $("print-status").textContent = "The print pack is being prepared…";
  const b = state.board;
  for (const btn of document.querySelectorAll(".dl")) {
    btn.querySelector(".size").textContent = "";
    btn.removeAttribute("aria-description");
    const f = btn.dataset.file;
    // What the board's pack will hold: components only where there are
    // pieces to print; in the players' view of face-down tiles, the print
    // pack (it ends with the builder's sheet) is among the builder's files.
    if (f) btn.hidden = (f === "components.pdf" && b && !b.components) || (f === "print-pack.pdf" && b && b.builder_files);
  }
  const builder = !!(b && b.builder_files);
  $("builder-files").hidden = !builder;
  if (!builder) $("builder-files").open = false;
  $("layout-words").textContent = builder ? "the map as data, face-down tiles left out" : "the map as data";
}

function showAdvice(pack) {
  for (const btn of document.querySelectorAll(".dl[data-file]")) {
    const f = pack.files.find((x) => x.name === btn.dataset.file);
    btn.querySelector(".size").textContent = f ? kb(f.size) : "";
    btn.hidden = !f;
  }
  const a = pack.advice;
  if (!a) { $("print-status").textContent = "The print pack is ready."; return; }
  $("print-status").hidden = true;
  $("print-advice").hidden = false;
  const sheets = a.sheets_two_sided === a.sheets_one_sided
    ? `${a.sheets_one_sided} sheet${a.sheets_one_sided === 1 ? "" : "s"}`
    : `${a.sheets_two_sided} sheets printed two-sided where it may be, ${a.sheets_one_sided} printed all one-sided`;
  $("print-summary").textContent = `print-pack.pdf has ${a.pages} pages on ${a.paper} paper: ${sheets}${a.skip ? ` (skip ${a.skip} blank page${a.skip === 1 ? "" : "s"})` : ""}. Print the ranges below one at a time, each as it says.`;
  const body = $("print-steps");
  body.innerHTML = "";
  for (const s of a.steps) {
    const tr = document.createElement("tr");
    if (s.sides === "skip") tr.className = "skip";
    for (const v of [s.pages, s.how, s.what]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

async function download(name) {
  const b = state.board;
  if (!b || state.busy) return;
  clearError();
  let pack = state.pack && state.pack.share === b.share ? state.pack : null;
  if (!pack) {
    busy(b.balance ? "Searching for the fair board again…" : "Drawing the print pack…");
    try {
      pack = await packOf(b, true);
    } catch (e) {
      showError(e);
      return;
    } finally {
      idle();
    }
  }
  const f = pack.files.find((x) => x.name === name);
  if (!f) { showError({ message: `${name} is not part of this scenario's pack` }); return; }
  const a = document.createElement("a");
  a.href = f.url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// The builder's files of the board on screen (the players' view of
// face-down tiles keeps them apart): asked for only from their own section,
// under its warning.
let builderPack = null;
async function downloadBuilder(name) {
  const b = state.board;
  if (!b || state.busy) return;
  clearError();
  // Drawn once per board: the next of the builder's files saves at once.
  let pack = builderPack && builderPack.share === b.share ? builderPack : null;
  if (!pack) {
    busy("Drawing the builder's files…");
    try {
      pack = await streamed("/api/pack?builder=1", packBody(b), progress);
      pack.share = b.share;
      builderPack = pack;
    } catch (e) {
      showError(e);
      return;
    } finally {
      idle();
    }
  }
  const f = pack.builder && pack.builder.files.find((x) => x.name === name);
  if (!f) { showError({ message: `${name} is not among this board's builder's files` }); return; }
  for (const btn of document.querySelectorAll(".dl[data-builder]")) {
    const g = pack.builder.files.find((x) => x.name === btn.dataset.builder);
    btn.querySelector(".size").textContent = g ? kb(g.size) : "";
  }
  const a = document.createElement("a");
  a.href = f.url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
