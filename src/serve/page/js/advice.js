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
  for (const btn of document.querySelectorAll(".dl")) {
    btn.querySelector(".size").textContent = "";
    btn.removeAttribute("aria-description");
  }
}

function showAdvice(pack) {
  for (const btn of document.querySelectorAll(".dl")) {
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
