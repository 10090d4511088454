//! The HTTP handlers: the page and its assets, and the JSON API under
//! `/api/`. Every answer that is not a file is JSON; every error is
//! [`ApiError`] JSON.

use std::sync::{Arc, OnceLock};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value};

use super::answers::{
    BuilderFiles, Defaults, FileItem, PackAnswer, PageLimits, PaperItem, ScenarioItem,
    ScenarioList, Validated, ViewItem,
};
use super::error::ApiError;
use super::request::BoardRequest;
use super::resolve::resolve;
use super::{board, board_files, share, AppState};
use crate::front::{builtin, model};
use crate::limits::MAX_REQUEST_BYTES;

/// The page, its style and its script, embedded in the binary.
const INDEX: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/style.css");
const SCRIPT: &str = include_str!("page/app.js");

fn text(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    text("text/html; charset=utf-8", INDEX)
}

/// `GET /style.css`.
pub async fn style() -> Response {
    text("text/css; charset=utf-8", STYLE)
}

/// `GET /app.js`.
pub async fn script() -> Response {
    text("text/javascript; charset=utf-8", SCRIPT)
}

/// The page's scripts, each a small file with one job.
const SCRIPTS: &[(&str, &str)] = &[
    ("api.js", include_str!("page/js/api.js")),
    ("board.js", include_str!("page/js/board.js")),
    ("advice.js", include_str!("page/js/advice.js")),
    ("recent.js", include_str!("page/js/recent.js")),
    ("editor.js", include_str!("page/js/editor.js")),
    ("painter.js", include_str!("page/js/painter.js")),
];

/// `GET /js/{name}`.
pub(crate) async fn script_file(Path(name): Path<String>) -> Response {
    match SCRIPTS.iter().find(|(n, _)| *n == name) {
        Some((_, body)) => text("text/javascript; charset=utf-8", body),
        None => not_found().await,
    }
}

/// `GET /favicon.svg`: a hex in the theme's icon inks.
pub(crate) async fn favicon() -> Response {
    static ICON: OnceLock<String> = OnceLock::new();
    let body = ICON.get_or_init(|| {
        let inks = crate::front::theme::Theme::builtin().inks;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><path d=\"M16 1 29 8.5v15L16 31 3 23.5v-15z\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/><circle cx=\"16\" cy=\"16\" r=\"6.5\" fill=\"{}\"/></svg>\n",
            inks.icon_hex.hex(),
            inks.icon_ink.hex(),
            inks.icon_centre.hex()
        )
    });
    text("image/svg+xml", body)
}

/// Anything else.
pub(crate) async fn not_found() -> Response {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API").into_response()
}

/// `GET /api/scenarios`: the built-ins with their titles, player counts and text.
pub async fn scenarios() -> Response {
    static LIST: OnceLock<String> = OnceLock::new();
    let body = LIST.get_or_init(|| {
        let scenarios = builtin::ids()
            .filter_map(|id| {
                let src = builtin::source(id)?;
                let s = model::load(&src).ok()?;
                Some(ScenarioItem {
                    id,
                    title: s.meta.title,
                    players: s.meta.players,
                    default_players: s.meta.default_players,
                    text: src.text,
                })
            })
            .collect();
        let list = ScenarioList {
            scenarios,
            default: builtin::DEFAULT,
            limits: PageLimits { scenario_bytes: crate::limits::MAX_SCENARIO_BYTES },
            papers: PaperItem::all(),
            views: ViewItem::all(),
            defaults: Defaults::default(),
        };
        json!(list).to_string()
    });
    ([(header::CONTENT_TYPE, "application/json")], body.as_str()).into_response()
}

/// `?stream=1` asks for NDJSON: progress lines, then `{"result": ...}` or `{"error": ...}`.
/// `?builder=1` (on `/api/pack`) asks for the builder's files too.
#[derive(Deserialize, Default)]
pub(crate) struct StreamQuery {
    #[serde(default)]
    stream: Option<String>,
    #[serde(default)]
    builder: Option<String>,
}

impl StreamQuery {
    fn on(&self) -> bool {
        matches!(self.stream.as_deref(), Some("1" | "true"))
    }

    fn builder(&self) -> bool {
        matches!(self.builder.as_deref(), Some("1" | "true"))
    }
}

fn parse(body: Result<Bytes, BytesRejection>) -> Result<BoardRequest, ApiError> {
    read_json(body)
}

fn read_json<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request is larger than {MAX_REQUEST_BYTES} bytes (the limit)"),
            )
        } else {
            ApiError::bad(e.body_text())
        }
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad(format!("the request is not what this API reads: {e}")))
}

/// A progress report from inside a job.
pub(crate) type Emit<'a> = &'a (dyn Fn(Value) + Sync);

/// Runs a job in a slot; answers JSON, or NDJSON with progress when asked.
async fn respond<F>(state: &AppState, stream: bool, job: F) -> Response
where
    F: FnOnce(Emit<'_>) -> Result<Value, ApiError> + Send + 'static,
{
    if !stream {
        return match state.jobs.run(move || job(&|_| {})).await {
            Ok(v) => ([(header::CONTENT_TYPE, "application/json")], v.to_string()).into_response(),
            Err(e) => e.into_response(),
        };
    }
    let permit = match state.jobs.slot().await {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    // Room for every line a job can send (at most ~50 progress reports), so
    // `try_send` never drops one and a stalled reader never blocks the job.
    let (tx, rx) = tokio::sync::mpsc::channel::<String>(256);
    tokio::task::spawn_blocking(move || {
        let emit = |v: Value| {
            let _ = tx.try_send(format!("{v}\n"));
        };
        let line = match job(&emit) {
            Ok(v) => json!({ "result": v }),
            Err(e) => json!({ "error": &e, "status": e.status.as_u16() }),
        };
        let _ = tx.try_send(format!("{line}\n"));
        drop(permit);
    });
    let lines = state.jobs.within_time_limit(rx);
    (
        [(header::CONTENT_TYPE, "application/x-ndjson"), (header::CACHE_CONTROL, "no-cache")],
        Body::from_stream(lines),
    )
        .into_response()
}

fn progress_of(emit: Emit<'_>) -> impl Fn(u64, u64) + Sync + '_ {
    move |done, total| {
        emit(json!({ "progress": { "done": done, "total": total, "stage": "search" } }))
    }
}

/// `POST /api/board`: lay out a board and describe it.
pub async fn board(
    State(state): State<Arc<AppState>>,
    Query(q): Query<StreamQuery>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let req = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let st = state.clone();
    respond(&state, q.on(), move |emit| {
        let r = resolve(&req, &st.boards)?;
        let _memory = st.jobs.admit_board(&r)?;
        let b = board::make(&r, &progress_of(emit)).map_err(ApiError::for_page)?;
        super::rebuild::keep(&r, &b.layout, &st.boards);
        board::to_json_keyed(&r, &b, &share::key(&r, &st.salt, PLAYERS))
    })
    .await
}

/// The part of a key that tells the players' files from the builder's.
const PLAYERS: &str = "players";
const BUILDER: &str = "builder";

/// `POST /api/validate`: check a pasted scenario only.
pub async fn validate(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let req = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let st = state.clone();
    respond(&state, false, move |_| {
        let r = resolve(&req, &st.boards)?;
        let _memory = st.jobs.admit_validate(&r)?;
        let meta = r.scenario.meta;
        Ok(json!(Validated {
            ok: true,
            scenario: meta.id,
            title: meta.title,
            players: meta.players,
            default_players: meta.default_players,
        }))
    })
    .await
}

/// `POST /api/paint`: one painter edit of a scenario text, validated.
pub async fn paint(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let req: super::paint::PaintRequest = match read_json(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    respond(&state, false, move |_| super::paint::answer(&req)).await
}

/// `POST /api/pack`: lay out the board, draw every file, keep them for
/// download under a key for a short while. In the players' view of a board
/// with face-down tiles, the files that show them (the builder's) are kept
/// under a key of their own, given only when `?builder=1` asks for it.
pub async fn pack(
    State(state): State<Arc<AppState>>,
    Query(q): Query<StreamQuery>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let req = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let st = state.clone();
    let builder = q.builder();
    respond(&state, q.on(), move |emit| {
        let r = resolve(&req, &st.boards)?;
        let key = share::key(&r, &st.salt, PLAYERS);
        let builder_key = share::key(&r, &st.salt, BUILDER);
        let kept = st.sizes(&key).filter(|_| !builder || st.sizes(&builder_key).is_some());
        let sizes = match kept {
            Some(s) => s,
            None => {
                let _memory = st.jobs.admit_pack(&r)?;
                let b = board::make(&r, &progress_of(emit)).map_err(ApiError::for_page)?;
                super::rebuild::keep(&r, &b.layout, &st.boards);
                emit(json!({ "progress": { "stage": "drawing" } }));
                let pack = board_files::pack(&r, &b)?;
                let advice = pack.plan.as_ref().and_then(super::advice::advice);
                let offered = board_files::offered(&r, &b, pack.files);
                if !offered.builder.is_empty() {
                    st.keep(builder_key.clone(), offered.builder, None);
                }
                st.keep(key.clone(), offered.players, advice)
            }
        };
        let builder = match builder {
            true => st.sizes(&builder_key).map(|s| BuilderFiles {
                files: FileItem::list(&builder_key, &s),
                key: builder_key,
            }),
            false => None,
        };
        Ok(json!(PackAnswer {
            files: FileItem::list(&key, &sizes),
            advice: st.advice(&key),
            key,
            command: share::command(&r),
            share: share::share_query(&r),
            builder,
        }))
    })
    .await
}

/// `GET /api/file/{key}/{name}`: one file of a pack drawn earlier.
pub async fn file(
    State(state): State<Arc<AppState>>,
    Path((key, name)): Path<(String, String)>,
) -> Response {
    let Some(bytes) = state.file(&key, &name) else {
        return ApiError::new(StatusCode::NOT_FOUND, format!("no file `{name}` under `{key}`"))
            .hint("files are kept for the last few packs only: press Download again")
            .into_response();
    };
    let kind = match name.rsplit('.').next() {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    let disposition = format!("attachment; filename=\"{name}\"");
    let mut r = (StatusCode::OK, Body::from(bytes)).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, header::HeaderValue::from_static(kind));
    if let Ok(v) = header::HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    r
}
