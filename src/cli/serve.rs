//! `hexpress serve`: start the local web page.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::Context;

use super::Failure;

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address (127.0.0.1,
    /// ::1) lets other machines use the page.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Runs the server until the process is stopped; `quiet` (`-q`) keeps its
/// notes off the terminal.
pub(super) fn run(a: &ServeArgs, quiet: bool) -> Result<(), Failure> {
    if !crate::serve::is_local(a.host) {
        eprintln!(
            "warning: listening on {}: anyone who can reach this machine can use the page and its CPU (there is no login)",
            a.host
        );
    }
    let open = a.open;
    crate::serve::run(SocketAddr::new(a.host, a.port), |addr| {
        let url = format!("http://{addr}/");
        println!("hexpress: the page is at {url} (Ctrl-C stops the server)");
        if open {
            open_browser(&url, quiet);
        }
    })
    .with_context(|| format!("cannot serve on {}:{}", a.host, a.port))?;
    Ok(())
}

fn open_browser(url: &str, quiet: bool) {
    let cmd = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let mut command = std::process::Command::new(cmd);
    if quiet {
        // The opener's own complaints are notes too.
        command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    }
    let spawned = command.arg(url).spawn();
    if let (Err(e), false) = (spawned, quiet) {
        eprintln!("note: could not open a browser ({cmd}: {e}); open {url} yourself");
    }
}
