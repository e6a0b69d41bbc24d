//! What both command-line tools share at their edge with the shell: arguments that must be text, and a
//! stdout whose failures (a reader that went away, a full disk, a closed descriptor) end the program with
//! a message and a status instead of an abort. Never panics.

use std::ffi::OsString;
use std::io::{self, Write};

/// The status a shell gives a program a broken pipe ended (128 + SIGPIPE): `gpuplan … | head` ends
/// quietly with it, as `cat` does.
pub const BROKEN_PIPE_STATUS: u8 = 141;

/// One argument that is not UTF-8: its position (1 = the first after the program) and its text with the
/// invalid bytes shown as U+FFFD.
#[derive(Debug, PartialEq)]
pub struct NotUtf8 {
    pub position: usize,
    pub lossy: String,
}

/// The arguments after the program name as text; each one that is not UTF-8 is kept in its lossy form and
/// reported, so the caller decides whether that is a warning or a refusal.
pub fn text_args(args: impl Iterator<Item = OsString>) -> (Vec<String>, Vec<NotUtf8>) {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (i, a) in args.enumerate() {
        match a.into_string() {
            Ok(s) => out.push(s),
            Err(raw) => {
                let lossy = raw.to_string_lossy().into_owned();
                bad.push(NotUtf8 {
                    position: i + 1,
                    lossy: lossy.clone(),
                });
                out.push(lossy);
            }
        }
    }
    (out, bad)
}

/// How writing the answer ended.
#[derive(Debug, PartialEq)]
pub enum Written {
    All,
    /// The reader closed the pipe: nothing to say, the conventional status.
    BrokenPipe,
    /// Anything else (a full disk, a closed stdout, an I/O error): the message to print.
    Failed(String),
}

/// Writes `text` to `out` and flushes it, sorting the outcome.
pub fn write_all_to(out: &mut impl Write, text: &[u8]) -> Written {
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => Written::All,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Written::BrokenPipe,
        Err(e) => Written::Failed(e.to_string()),
    }
}

/// Writes `text` to the real stdout. Rust's `Stdout` treats a closed descriptor as a sink that accepts
/// everything; a duplicate of descriptor 1 does not, so a closed stdout is an error here, not silence.
pub fn write_stdout(text: &str) -> Written {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let stdout = io::stdout();
        let owned = match stdout.as_fd().try_clone_to_owned() {
            Ok(fd) => fd,
            Err(e) => return Written::Failed(format!("stdout is not open ({e})")),
        };
        write_all_to(&mut std::fs::File::from(owned), text.as_bytes())
    }
    #[cfg(not(unix))]
    {
        write_all_to(&mut io::stdout().lock(), text.as_bytes())
    }
}

/// The exit status for a write's outcome, printing the failure as `tool: could not write the answer: …`.
pub fn exit_for(tool: &str, written: Written) -> u8 {
    match written {
        Written::All => 0,
        Written::BrokenPipe => BROKEN_PIPE_STATUS,
        Written::Failed(why) => {
            say(&format!("{tool}: could not write the answer to stdout: {why}"));
            1
        }
    }
}

/// Declares the program's entry point around `$run: fn() -> u8` (the exit status).
///
/// On Unix it is the C `main`, not Rust's: before a Rust `main` runs, std reopens a closed stdout on
/// `/dev/null`, so `tool >&-` would print nothing and exit 0. Without std's start-up, a closed stdout stays
/// closed (`write_stdout` then fails naming it) and SIGPIPE keeps its default, so a reader that goes away
/// ends the program as it ends `cat` (status 141 in the shell). Arguments still come from
/// `std::env::args_os` (glibc hands them to std before any `main`).
macro_rules! entry_point {
    ($run:path) => {
        #[cfg(all(unix, not(test)))]
        #[no_mangle]
        extern "C" fn main(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
            std::ffi::c_int::from($run())
        }
        #[cfg(all(not(unix), not(test)))]
        fn main() -> std::process::ExitCode {
            std::process::ExitCode::from($run())
        }
        // Unit tests of the binary run under the test harness's own `main`.
        #[cfg(test)]
        const _: fn() -> u8 = $run;
    };
}
pub(crate) use entry_point;

/// A line on stderr; a stderr that cannot take it is not worth a panic.
pub fn say(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}
