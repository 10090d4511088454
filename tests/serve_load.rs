//! Load and abuse on the web page's server, over loopback only:
//! - 500 requests, 50 at a time, a mix of cheap and heavy ones: every
//!   request is answered (200) or refused (503, busy), and the server still
//!   answers after;
//! - requests for a foreign Host and state-changing requests from another
//!   page or not as JSON are refused (403, 415), the page's own are served;
//! - slow headers, idle connections and promised bodies are cut off at
//!   their limits; a streamed job ends at the job time limit;
//! - a flood of idle connections past the cap, under a low open-file limit,
//!   never keeps the page from answering;
//! - concurrent packs of a large pasted map keep the server under 512 MB
//!   resident (peak measured from /proc), and it gives memory back after.
//!
//! Every loop is bounded in count and time.
#![cfg(feature = "serve")]

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::http::{get, post, request};
use serde_json::json;

const REQUESTS: usize = 500;
const AT_ONCE: usize = 50;

/// Resident memory of this process (server and clients) in KiB, from /proc.
fn rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn body(i: usize) -> (String, serde_json::Value) {
    let seed = (i % 97).to_string();
    match i % 10 {
        0 => ("/api/pack".into(), json!({"scenario": "base", "seed": seed})),
        1 => (
            "/api/board".into(),
            json!({"scenario": "base", "seed": seed, "balanced": true, "candidates": 2000}),
        ),
        2 => ("/api/validate".into(), json!({"text": "[scenario]\nid = 1\n"})),
        3 => ("/api/board?stream=1".into(), json!({"scenario": "fishermen", "seed": seed})),
        4 => ("/api/board".into(), json!({"scenario": "nope"})),
        _ => ("/api/board".into(), json!({"scenario": "gold-for-catan", "seed": seed})),
    }
}

#[test]
fn five_hundred_requests_fifty_at_a_time() {
    let server = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("starts");
    let addr = server.addr;
    // Warm up (lazy tables, the scenario list) before measuring memory.
    assert_eq!(post(addr, "/api/pack", &json!({"scenario": "base", "seed": "1"})).status, 200);
    let before = rss_kib();
    let next = Arc::new(AtomicUsize::new(0));
    let statuses = Arc::new(Mutex::new(Vec::new()));
    let peak = Arc::new(AtomicUsize::new(0));
    let t0 = Instant::now();
    let workers: Vec<_> = (0..AT_ONCE)
        .map(|_| {
            let (next, statuses, peak) = (next.clone(), statuses.clone(), peak.clone());
            std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= REQUESTS || t0.elapsed() > Duration::from_secs(600) {
                    break;
                }
                let (path, b) = body(i);
                let text = b.to_string();
                let r =
                    request(addr, "POST", &path, Some(text.as_bytes()), Duration::from_secs(120));
                let status = r.as_ref().map_or(0, |r| r.status);
                if let Ok(r) = &r {
                    // Every answer, even a refusal, is JSON (or NDJSON lines of it).
                    let first = r.text().lines().next().unwrap_or_default().to_string();
                    assert!(
                        serde_json::from_str::<serde_json::Value>(&first).is_ok(),
                        "{path}: {first:.200}"
                    );
                }
                if let Some(kib) = rss_kib() {
                    peak.fetch_max(kib as usize, Ordering::SeqCst);
                }
                statuses.lock().expect("lock").push((i, status));
            })
        })
        .collect();
    for w in workers {
        w.join().expect("client thread");
    }
    let elapsed = t0.elapsed();
    let statuses = statuses.lock().expect("lock").clone();
    assert_eq!(statuses.len(), REQUESTS, "every request was sent within the time bound");
    let mut ok = 0;
    let mut refused = 0;
    for (i, st) in &statuses {
        let want_error = i % 10 == 4 || i % 10 == 2;
        match (*st, want_error) {
            (200, false) | (400 | 422, true) => ok += 1,
            (503, _) => refused += 1,
            (other, _) => panic!("request {i} ({}) got {other}", body(*i).0),
        }
    }
    eprintln!(
        "{REQUESTS} requests, {AT_ONCE} at a time: {ok} answered, {refused} refused (busy) in {:.1} s",
        elapsed.as_secs_f64()
    );
    assert_eq!(ok + refused, REQUESTS);
    assert!(ok >= REQUESTS / 2, "most requests should be served, {ok} were");
    if let (Some(b), p) = (before, peak.load(Ordering::SeqCst) as u64) {
        eprintln!("memory: {} MiB before, {} MiB at the peak", b / 1024, p / 1024);
        // Jobs run two at a time and four packs are kept: growth stays far
        // below what 500 unbounded jobs would take.
        assert!(p.saturating_sub(b) < 1_500 * 1024, "memory grew by {} MiB", (p - b) / 1024);
    }
    // Still answering, and correctly.
    assert_eq!(get(addr, "/api/scenarios").status, 200);
    let r = post(addr, "/api/board", &json!({"scenario": "base", "seed": "5"}));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["seed"], "5");
}

#[test]
fn a_full_server_refuses_with_503_json_and_recovers() {
    let limits = hexpress::serve::JobLimits { jobs: 1, queue_wait_ms: 0, ..Default::default() };
    let server = hexpress::serve::spawn_with("127.0.0.1:0".parse().expect("address"), limits)
        .expect("starts");
    let addr = server.addr;
    let t0 = Instant::now();
    let clients: Vec<_> = (0..20)
        .map(|i| {
            std::thread::spawn(move || {
                let b = json!({"scenario": "base", "seed": i.to_string(), "balanced": true, "candidates": 20000});
                let text = b.to_string();
                request(addr, "POST", "/api/board", Some(text.as_bytes()), Duration::from_secs(120))
                    .expect("answered")
            })
        })
        .collect();
    let replies: Vec<_> = clients.into_iter().map(|c| c.join().expect("client")).collect();
    assert!(t0.elapsed() < Duration::from_secs(300));
    let refused: Vec<_> = replies.iter().filter(|r| r.status == 503).collect();
    assert!(replies.iter().all(|r| r.status == 200 || r.status == 503));
    assert!(replies.iter().any(|r| r.status == 200));
    assert!(
        !refused.is_empty(),
        "20 searches at once on one slot with no waiting: some must be refused"
    );
    for r in refused {
        assert_eq!(r.header("retry-after"), Some("2"));
        assert!(r.json()["error"]["message"].as_str().expect("message").starts_with("busy"));
    }
    assert_eq!(post(addr, "/api/board", &json!({"scenario": "base", "seed": "5"})).status, 200);
}

/// Sends `head` (and `body`) on a fresh connection; returns the status line
/// and the rest, or what the server did (closed) within `timeout`.
fn raw(addr: std::net::SocketAddr, head: &str, body: &[u8], timeout: Duration) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(timeout)).expect("timeout");
    s.write_all(head.as_bytes()).expect("head");
    s.write_all(body).expect("body");
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
        if complete_reply(&out) {
            break;
        }
    }
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text)
}

fn complete_reply(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw).to_ascii_lowercase();
    let Some(end) = text.find("\r\n\r\n") else { return false };
    match text[..end].lines().find_map(|l| l.strip_prefix("content-length:")) {
        Some(n) => n.trim().parse::<usize>().is_ok_and(|n| raw.len() >= end + 4 + n),
        None => text.ends_with("0\r\n\r\n"),
    }
}

fn post_head(addr: std::net::SocketAddr, host: &str, extra: &str, len: usize) -> String {
    let host = host.replace("ADDR", &addr.to_string());
    format!(
        "POST /api/board HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: {len}\r\nConnection: close\r\n\r\n"
    )
}

#[test]
fn foreign_hosts_and_other_pages_are_refused_and_the_page_itself_is_served() {
    let server = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("starts");
    let addr = server.addr;
    let t = Duration::from_secs(30);
    let body = br#"{"scenario":"base","seed":"1"}"#;
    // A DNS-rebinding page's own name: nothing to read, no job.
    let foreign =
        "GET /api/scenarios HTTP/1.1\r\nHost: attacker.example:8080\r\nConnection: close\r\n\r\n";
    let (st, text) = raw(addr, foreign, b"", t);
    assert_eq!(st, 403, "{text}");
    assert!(text.contains("attacker.example") && text.contains("\"hint\""), "{text}");
    let head =
        post_head(addr, "attacker.example", "Content-Type: application/json\r\n", body.len());
    assert_eq!(raw(addr, &head, body, t).0, 403);
    // Another site's page, with what a browser sends without asking.
    let evil = "Origin: https://evil.example\r\nContent-Type: text/plain\r\n";
    let (st, text) = raw(addr, &post_head(addr, "ADDR", evil, body.len()), body, t);
    assert_eq!(st, 403, "{text}");
    assert!(text.contains("evil.example"), "{text}");
    let evil_json = "Origin: https://evil.example\r\nContent-Type: application/json\r\n";
    assert_eq!(raw(addr, &post_head(addr, "ADDR", evil_json, body.len()), body, t).0, 403);
    let null = "Origin: null\r\nContent-Type: application/json\r\n";
    assert_eq!(raw(addr, &post_head(addr, "ADDR", null, body.len()), body, t).0, 403);
    // Not JSON, even with no Origin: 415 with the reason.
    let (st, text) =
        raw(addr, &post_head(addr, "ADDR", "Content-Type: text/plain\r\n", body.len()), body, t);
    assert_eq!(st, 415, "{text}");
    assert!(text.contains("JSON"), "{text}");
    // The page's own origin and names: served.
    let own = format!("Origin: http://{addr}\r\nContent-Type: application/json\r\n");
    assert_eq!(raw(addr, &post_head(addr, "ADDR", &own, body.len()), body, t).0, 200);
    let local =
        format!("Origin: http://localhost:{}\r\nContent-Type: application/json\r\n", addr.port());
    let host = format!("localhost:{}", addr.port());
    assert_eq!(raw(addr, &post_head(addr, &host, &local, body.len()), body, t).0, 200);
    // And the page's scripts send what the server accepts: every POST
    // declares JSON.
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve/page");
    let mut scripts = vec![page.join("app.js")];
    if let Ok(dir) = std::fs::read_dir(page.join("js")) {
        scripts.extend(dir.flatten().map(|e| e.path()));
    }
    let mut posts = 0;
    for path in scripts.iter().filter(|p| p.extension().is_some_and(|e| e == "js")) {
        let script = std::fs::read_to_string(path).expect("script");
        let here = script.matches("method: \"POST\"").count();
        let json = script.matches("\"content-type\": \"application/json\"").count();
        assert_eq!(json, here, "{}: every POST declares JSON", path.display());
        posts += here;
    }
    assert!(posts > 0, "the page posts");
}

#[test]
fn slow_headers_idle_connections_and_missing_bodies_are_cut_off() {
    use std::io::{Read, Write};
    // The same timers as the defaults (10 s for headers and bodies, 5 s
    // idle), shortened so the test does not wait for them.
    let t = hexpress::serve::Timeouts { header_ms: 2_000, idle_ms: 1_000, body_ms: 2_000 };
    let any = "127.0.0.1:0".parse().expect("address");
    let server = hexpress::serve::spawn_limited(any, Default::default(), t).expect("starts");
    let addr = server.addr;
    let bound = Duration::from_millis(t.header_ms + 20_000);
    // Headers trickled one byte every 500 ms, for ever: cut at the limit.
    let trickle = std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(addr).expect("connects");
        let t0 = Instant::now();
        let head = b"GET /api/scenarios HTTP/1.1\r\nX-Slow: ";
        let _ = s.write_all(head);
        while t0.elapsed() < bound {
            if s.write_all(b"a").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        t0.elapsed()
    });
    // A connection that says nothing: closed as idle.
    let idle = std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(addr).expect("connects");
        s.set_read_timeout(Some(bound)).expect("timeout");
        let t0 = Instant::now();
        let mut b = [0u8; 16];
        let n = s.read(&mut b).unwrap_or(0);
        (n, t0.elapsed())
    });
    // A body promised and never sent: 408.
    let body = std::thread::spawn(move || {
        let head = "POST /api/board HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
        let t0 = Instant::now();
        let (st, text) = raw(addr, head, b"", bound);
        (st, text, t0.elapsed())
    });
    // The page answers all along (past the header timeout).
    for _ in 0..6 {
        let t0 = Instant::now();
        assert_eq!(get(addr, "/").status, 200);
        assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
        std::thread::sleep(Duration::from_millis(500));
    }
    let trickled = trickle.join().expect("trickle");
    // Each is cut at its own timer, not before it and not long after.
    let near = |waited: Duration, ms: u64, late: u64| {
        waited >= Duration::from_millis(ms - 500) && waited < Duration::from_millis(ms + late)
    };
    assert!(near(trickled, t.header_ms, 3_000), "slow headers were cut after {trickled:?}");
    let (n, waited) = idle.join().expect("idle");
    assert_eq!(n, 0, "closed, nothing sent");
    assert!(near(waited, t.idle_ms, 2_000), "idle for {waited:?}");
    let (st, text, waited) = body.join().expect("body");
    assert_eq!(st, 408, "{text}");
    assert!(text.contains("within 2000 ms"), "{text}");
    assert!(near(waited, t.body_ms, 3_000), "{waited:?}");
}

#[test]
fn a_streamed_job_ends_at_the_job_time_limit() {
    let limits = hexpress::serve::JobLimits { time_limit_ms: 20, ..Default::default() };
    let server = hexpress::serve::spawn_with("127.0.0.1:0".parse().expect("address"), limits)
        .expect("starts");
    let r =
        post(server.addr, "/api/pack?stream=1", &json!({"scenario": "catan-world", "seed": "4"}));
    assert_eq!(r.status, 200);
    let text = r.text();
    let last: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("a line")).expect("JSON line");
    assert_eq!(last["status"], 504, "{text:.500}");
    assert!(last["error"]["message"].as_str().expect("message").contains("20 ms"), "{last}");
    let r = post(server.addr, "/api/pack", &json!({"scenario": "catan-world", "seed": "5"}));
    assert_eq!(r.status, 504, "{}", r.text());
}

/// `hexpress serve --port 0` under `ulimit -n files`, and its address.
struct Served {
    child: std::process::Child,
    addr: std::net::SocketAddr,
}

impl Served {
    fn start(files: u32) -> Served {
        use std::io::BufRead;
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -n {files} && exec \"$0\" serve --port 0"))
            .arg(env!("CARGO_BIN_EXE_hexpress"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the server starts");
        let out = child.stdout.take().expect("stdout");
        let mut line = String::new();
        std::io::BufReader::new(out).read_line(&mut line).expect("the address line");
        let url = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect("url");
        Served { child, addr: url.parse().expect("address") }
    }

    /// (current, peak) resident memory in MiB.
    fn rss_mib(&self) -> (u64, u64) {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc status");
        let kib = |k: &str| -> u64 {
            s.lines()
                .find(|l| l.starts_with(k))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        (kib("VmRSS:") / 1024, kib("VmHWM:") / 1024)
    }

    fn open_files(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id())).map_or(0, |d| d.count())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(target_os = "linux")]
#[test]
fn idle_connections_past_the_cap_under_a_low_file_limit_never_block_the_page() {
    let files = 128;
    let server = Served::start(files);
    let addr = server.addr;
    // Three times as many idle connections as the process may open files.
    let mut idle = Vec::new();
    for _ in 0..3 * files {
        idle.push(std::net::TcpStream::connect(addr).expect("connects"));
    }
    for _ in 0..5 {
        let t0 = Instant::now();
        let r = request(addr, "GET", "/", None, Duration::from_secs(5)).expect("answered");
        assert_eq!(r.status, 200);
        assert!(t0.elapsed() < Duration::from_secs(2), "the page took {:?}", t0.elapsed());
        let r = post(addr, "/api/board", &json!({"scenario": "base", "seed": "3"}));
        assert_eq!(r.status, 200, "{}", r.text());
        // More idle ones keep coming.
        for _ in 0..files {
            if let Ok(s) = std::net::TcpStream::connect(addr) {
                idle.push(s);
            }
        }
    }
    assert!(
        server.open_files() < files as usize,
        "{} files open in the server",
        server.open_files()
    );
    drop(idle);
}

/// A pasted scenario: one `w` x `h` block of hexes in one region, tiles and
/// chips in the base game's proportions (as scripts/large-map.py makes them),
/// without the 6/8 rule (under it a block 17 wide passes the exact samplers'
/// limits and is refused, see docs/sampling.md).
fn block(w: usize, h: usize) -> String {
    let rows: Vec<String> = (0..h)
        .map(|r| format!("{}{}", if r % 2 == 1 { " " } else { "" }, vec!["*"; w].join(" ")))
        .collect();
    let n = w * h;
    let kinds = [
        ("forest", 4),
        ("pasture", 4),
        ("fields", 4),
        ("hills", 3),
        ("mountains", 3),
        ("desert", 1),
    ];
    let mut counts: Vec<(&str, usize)> = kinds.iter().map(|(t, k)| (*t, n * k / 19)).collect();
    counts[0].1 += n - counts.iter().map(|c| c.1).sum::<usize>();
    let chips = n - counts[5].1;
    let values = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
    let weights = [1, 2, 2, 2, 2, 2, 2, 2, 2, 1];
    let mut per: Vec<usize> = weights.iter().map(|k| chips * k / 18).collect();
    per[3] += chips - per.iter().sum::<usize>();
    let numbers: Vec<String> =
        values.iter().zip(&per).flat_map(|(v, k)| vec![v.to_string(); *k]).collect();
    let tiles: Vec<String> = counts.iter().map(|(t, k)| format!("{t} = {k}")).collect();
    format!(
        "[scenario]\nid = \"block\"\ntitle = \"Block\"\nplayers = [4]\n\n[legend]\n\"*\" = {{ region = \"land\" }}\n\n\
         [[map]]\nplayers = [4]\nhexes = \"\"\"\n{}\n\"\"\"\n\n[map.regions.land]\n\
         tiles = {{ {} }}\nnumbers = [{}]\n\n\
         [constraints]\nno_adjacent_red = false\n",
        rows.join("\n"),
        tiles.join(", "),
        numbers.join(", ")
    )
}

#[cfg(target_os = "linux")]
#[test]
fn concurrent_large_packs_stay_under_512_mb_and_memory_comes_back() {
    let server = Served::start(1024);
    let addr = server.addr;
    let (start, _) = server.rss_mib();
    let text = Arc::new(block(17, 17));
    let page_slow = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = {
        let (page_slow, done) = (page_slow.clone(), done.clone());
        std::thread::spawn(move || {
            let t0 = Instant::now();
            while !done.load(Ordering::SeqCst) && t0.elapsed() < Duration::from_secs(300) {
                let t = Instant::now();
                let ok = request(addr, "GET", "/", None, Duration::from_secs(5))
                    .is_ok_and(|r| r.status == 200);
                if !ok || t.elapsed() > Duration::from_secs(2) {
                    page_slow.fetch_add(1, Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        })
    };
    // 24 requests, 12 at a time: packs and boards of a 289-hex map, and
    // balanced boards of the base game.
    let next = Arc::new(AtomicUsize::new(0));
    let statuses = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..12)
        .map(|_| {
            let (next, statuses, text) = (next.clone(), statuses.clone(), text.clone());
            std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= 24 {
                    break;
                }
                let (path, b) = match i % 4 {
                    // On A3: A4 pictures a board 17 hexes across too small to read.
                    0 | 1 => ("/api/pack", json!({"text": *text, "seed": i.to_string(), "paper": "a3"})),
                    2 => ("/api/board", json!({"text": *text, "seed": i.to_string(), "paper": "a3"})),
                    _ => (
                        "/api/board?stream=1",
                        json!({"scenario": "base", "seed": i.to_string(), "balanced": true, "candidates": 20000}),
                    ),
                };
                let body = b.to_string();
                // Refused while busy: try again, as the page does (at most 5 times).
                let mut status = 0;
                for _ in 0..5 {
                    let r = request(addr, "POST", path, Some(body.as_bytes()), Duration::from_secs(120));
                    status = r.map_or(0, |r| r.status);
                    if status != 503 {
                        break;
                    }
                    std::thread::sleep(Duration::from_secs(1));
                }
                statuses.lock().expect("lock").push((i, status));
            })
        })
        .collect();
    for w in workers {
        w.join().expect("client");
    }
    done.store(true, Ordering::SeqCst);
    watcher.join().expect("watcher");
    let statuses = statuses.lock().expect("lock").clone();
    let served = statuses.iter().filter(|(_, s)| *s == 200).count();
    assert!(statuses.iter().all(|(_, s)| *s == 200 || *s == 503), "{statuses:?}");
    // However busy the machine, some large packs were drawn: the peak is theirs.
    let packs = statuses.iter().filter(|(i, s)| i % 4 < 2 && *s == 200).count();
    assert!(packs >= 2, "{statuses:?}");
    let (after, peak) = server.rss_mib();
    // Idle for a while: the allocator gives back what the jobs freed.
    std::thread::sleep(Duration::from_secs(3));
    let _ = get(addr, "/api/scenarios");
    let (rested, _) = server.rss_mib();
    eprintln!(
        "server memory: {start} MiB at the start, {peak} MiB at the peak, {after} MiB after the load, {rested} MiB after a rest ({served} of 24 served)"
    );
    assert!(peak < 512, "peak resident memory {peak} MiB");
    assert_eq!(page_slow.load(Ordering::SeqCst), 0, "the page was slow or refused");
    assert!(rested < 256, "{rested} MiB kept after the load");
}
