//! Load on the web page's server over loopback: 500 requests, 50 at a time,
//! a mix of cheap and heavy ones. Every request is answered (200) or refused
//! (503, busy), memory stays bounded, and the server still answers after.
//! Bounded in count (500) and time (each request 120 s at most; the whole
//! run must end within 10 minutes).
#![cfg(feature = "serve")]

mod common;

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
    let limits = hexpress::serve::JobLimits { jobs: 1, queue_wait_ms: 0 };
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
