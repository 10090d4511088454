//! Boards the server made lately, by key, so that a lock may name only a
//! position: the server takes the contents from the board the lock was made
//! on, and a face-down tile never travels to the page, the command or the
//! share link. Bounded: the oldest board goes first.

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::front::locks::SavedLayout;
use crate::front::solve::Layout;

/// Boards kept at once (a layout is a few KB even for large maps).
pub(crate) const KEPT_BOARDS: usize = 256;

/// The boards of one server.
#[derive(Default)]
pub struct KeptBoards {
    boards: Mutex<VecDeque<(String, SavedLayout)>>,
}

impl KeptBoards {
    /// Keeps a board under `key`.
    pub fn keep(&self, key: &str, layout: &Layout) {
        let saved = SavedLayout::of(layout);
        let mut b = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        b.retain(|(k, _)| k != key);
        b.push_back((key.to_string(), saved));
        while b.len() > KEPT_BOARDS {
            b.pop_front();
        }
    }

    /// The board kept under `key`.
    pub(crate) fn get(&self, key: &str) -> Option<SavedLayout> {
        let b = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        b.iter().find(|(k, _)| k == key).map(|(_, s)| s.clone())
    }
}
