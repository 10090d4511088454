//! Request bodies are read whole before a handler sees them, within the
//! server's body timeout ([`crate::limits::BODY_READ_TIMEOUT_MS`] unless a
//! test shortens it) and up to [`MAX_REQUEST_BYTES`]: a body promised and
//! never sent gets 408, a body over the limit 413, both as JSON.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use crate::limits::MAX_REQUEST_BYTES;

fn too_large() -> Response {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request is larger than {MAX_REQUEST_BYTES} bytes (the limit)"),
    )
    .into_response()
}

/// The middleware: reads the body within `body_ms` and the size limit.
pub async fn layer(State(body_ms): State<u64>, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_REQUEST_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = req.into_parts();
    let read = axum::body::to_bytes(body, MAX_REQUEST_BYTES);
    let bytes = match tokio::time::timeout(Duration::from_millis(body_ms), read).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) if e.to_string().contains("length limit") => return too_large(),
        Ok(Err(e)) => {
            return ApiError::bad(format!("the request's body could not be read: {e}"))
                .into_response()
        }
        Err(_) => {
            let mut r = ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("the request's body did not arrive within {body_ms} ms (the limit)"),
            )
            .into_response();
            r.headers_mut().insert(header::CONNECTION, header::HeaderValue::from_static("close"));
            return r;
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}
