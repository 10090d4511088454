// hexpress page: talking to the local server. Every request is JSON with its
// Content-Type; every failure becomes an ApiFailure in the page's words.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

class ApiFailure extends Error {
  constructor(err) { super(err.message || "request failed"); this.info = err; }
}

// What a failed fetch means to someone who never opened a terminal.
function offline() {
  return new ApiFailure({
    message: "The hexpress server does not answer.",
    hint: "it runs in the terminal where `hexpress serve` was started: start it again there, then reload this page",
  });
}

async function failureOf(res) {
  let err = { message: `the server answered ${res.status}` };
  try { err = (await res.json()).error || err; } catch (_) { /* keep the status */ }
  return new ApiFailure(err);
}

// POSTs JSON and returns the JSON answer (or throws an ApiFailure).
async function postJson(url, body) {
  let res;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch (_) {
    throw offline();
  }
  if (!res.ok) throw await failureOf(res);
  return res.json();
}

// POSTs with ?stream=1 and reads NDJSON: progress lines, then the result.
async function streamed(url, body, onProgress) {
  let res;
  try {
    res = await fetch(url + (url.includes("?") ? "&" : "?") + "stream=1", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (_) {
    throw offline();
  }
  if (!res.ok || !res.body) throw await failureOf(res);
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    let chunk;
    try { chunk = await reader.read(); } catch (_) { throw offline(); }
    const { value, done } = chunk;
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

function kb(bytes) {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
