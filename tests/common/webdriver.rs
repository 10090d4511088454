//! A minimal WebDriver client for Debian's chromium + chromedriver, over the
//! loopback HTTP helper (no client crate needed).
#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::http::request;

/// A running chromedriver with one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts chromedriver and a headless chromium that downloads into `downloads`.
    pub fn start(downloads: &std::path::Path, width: u32, height: u32) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (apt-get install chromium chromium-driver)");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        let t0 = Instant::now();
        while request(addr, "GET", "/status", None, Duration::from_secs(2)).is_err() {
            assert!(t0.elapsed() < Duration::from_secs(20), "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", format!("--window-size={width},{height}")],
                "prefs": {"download.default_directory": downloads.to_string_lossy(),
                          "download.prompt_for_download": false}
            }
        }}});
        let mut b = Browser { driver, addr, session: String::new() };
        let v = b.call("POST", "/session", Some(caps));
        b.session = v["sessionId"].as_str().expect("a session id").to_string();
        b.cdp(
            "Page.setDownloadBehavior",
            json!({"behavior": "allow", "downloadPath": downloads.to_string_lossy()}),
        );
        b
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let text = body.map(|b| b.to_string());
        let r = request(
            self.addr,
            method,
            path,
            text.as_deref().map(str::as_bytes),
            Duration::from_secs(120),
        )
        .expect("chromedriver answers");
        let v = r.json();
        assert!(r.status == 200, "{method} {path}: {}", r.text());
        v["value"].clone()
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// A Chrome DevTools command.
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            &self.at("/goog/cdp/execute"),
            Some(json!({"cmd": cmd, "params": params})),
        )
    }

    /// Opens a URL.
    pub fn go(&self, url: &str) {
        self.call("POST", &self.at("/url"), Some(json!({ "url": url })));
    }

    /// Runs a script (a function body; `arguments` holds `args`) and returns its value.
    pub fn js(&self, script: &str, args: Value) -> Value {
        self.call("POST", &self.at("/execute/sync"), Some(json!({"script": script, "args": args})))
    }

    /// Polls `script` until it returns true (or fails after `secs`).
    pub fn wait(&self, what: &str, script: &str, secs: u64) {
        let t0 = Instant::now();
        loop {
            if self.js(script, json!([])) == json!(true) {
                return;
            }
            if t0.elapsed() > Duration::from_secs(secs) {
                let err = self.js(
                    "const t = (id) => (document.getElementById(id) || {}).textContent || '';
                     return [t('error'), t('file-status'), t('problem-list')].join(' | ')",
                    json!([]),
                );
                panic!("timed out waiting for {what}; page error | file status | problems: {err}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the first element matching a CSS selector, as a user would.
    pub fn click(&self, css: &str) {
        let el = self.call(
            "POST",
            &self.at("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        let id = el[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}")).to_string();
        self.call("POST", &self.at(&format!("/element/{id}/click")), Some(json!({})));
    }

    /// Types `text` into the first element matching a CSS selector (WebDriver
    /// key codes such as `\u{E007}` for Enter; a path for a file input).
    pub fn keys(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.call("POST", &self.at(&format!("/element/{id}/value")), Some(json!({ "text": text })));
    }

    /// Presses keys on whatever has the focus, as a keyboard would.
    pub fn press(&self, keys: &[&str]) {
        let mut actions = Vec::new();
        for k in keys {
            actions.push(json!({"type": "keyDown", "value": k}));
            actions.push(json!({"type": "keyUp", "value": k}));
        }
        self.call(
            "POST",
            &self.at("/actions"),
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    fn find(&self, css: &str) -> String {
        let el = self.call(
            "POST",
            &self.at("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        el[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}")).to_string()
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.call("GET", &self.at("/screenshot"), None);
        base64(v.as_str().expect("base64 text"))
    }

    /// Emulates a viewport of this size (a phone, say).
    pub fn viewport(&self, width: u32, height: u32, mobile: bool) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }
}

impl Browser {
    /// A finger drawn along `points` (CSS pixels of the viewport), as a
    /// phone's touch screen sends it.
    pub fn touch_drag(&self, points: &[(f64, f64)]) {
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 1}),
        );
        let at = |(x, y): (f64, f64)| json!([{"x": x, "y": y, "id": 1}]);
        let (first, rest) = points.split_first().expect("a point");
        self.cdp(
            "Input.dispatchTouchEvent",
            json!({"type": "touchStart", "touchPoints": at(*first)}),
        );
        for p in rest {
            self.cdp(
                "Input.dispatchTouchEvent",
                json!({"type": "touchMove", "touchPoints": at(*p)}),
            );
        }
        self.cdp("Input.dispatchTouchEvent", json!({"type": "touchEnd", "touchPoints": []}));
    }

    /// Runs axe-core (its `axe.min.js`, injected into the page) and returns
    /// the violations of impact `serious` or `critical`, each as
    /// "id: help (n nodes: first target)".
    pub fn axe_serious(&self, axe_js: &str) -> Vec<String> {
        self.call("POST", &self.at("/timeouts"), Some(json!({"script": 180_000})));
        self.js(axe_js, json!([]));
        let script = "const done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes[0].target.join(' ')})`)))
              .catch(e => done(['axe failed: ' + e]));";
        let v = self.call(
            "POST",
            &self.at("/execute/async"),
            Some(json!({"script": script, "args": []})),
        );
        v.as_array()
            .expect("a list")
            .iter()
            .map(|x| x.as_str().unwrap_or_default().to_string())
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(self.addr, "DELETE", &self.at(""), None, Duration::from_secs(20));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Decodes standard base64.
pub fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter_map(val) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
