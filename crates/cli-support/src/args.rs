//! Command-line parsing with clap, one shape for every program: `--help` and `--version` print to
//! stdout and exit 0; a usage error is one line on stderr that names the problem and points to
//! `--help`, and exit status 2.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::ErrorKind;

use crate::{EXIT_USAGE, one_line_usage_error};

/// Parses the process's arguments into `P`.
///
/// `Err` carries the exit status the program should end with after the message was printed:
/// 0 after `--help`/`--version`, 2 after a usage error
/// (`error: <what was wrong> (see 'PROGRAM --help')`). Without any argument, a program whose
/// command requires a subcommand prints its help on stderr, also with status 2.
///
/// ```no_run
/// use clap::Parser;
/// #[derive(Parser)]
/// #[command(name = "demo", version)]
/// struct Args { depth: u32 }
///
/// fn main() -> std::process::ExitCode {
///     let args: Args = match cli_support::parse_args() {
///         Ok(args) => args,
///         Err(code) => return code,
///     };
///     println!("depth {}", args.depth);
///     std::process::ExitCode::SUCCESS
/// }
/// ```
///
/// # Errors
/// The exit status when the arguments do not parse or asked for help or the version.
pub fn parse_args<P: clap::Parser>() -> Result<P, ExitCode> {
    parse_args_from(std::env::args_os())
}

/// [`parse_args`] over the given arguments (the first is the program name).
///
/// ```
/// use clap::Parser;
/// #[derive(Debug, Parser)]
/// #[command(name = "demo")]
/// struct Args { depth: u32 }
///
/// assert_eq!(cli_support::parse_args_from::<Args, _, _>(["demo", "7"]).unwrap().depth, 7);
/// // Prints `error: invalid value 'x' for '<DEPTH>': ... (see 'demo --help')`:
/// assert!(cli_support::parse_args_from::<Args, _, _>(["demo", "x"]).is_err());
/// ```
///
/// # Errors
/// As [`parse_args`].
pub fn parse_args_from<P, I, T>(args: I) -> Result<P, ExitCode>
where
    P: clap::Parser,
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let error = match P::try_parse_from(args) {
        Ok(parsed) => return Ok(parsed),
        Err(error) => error,
    };
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            Err(ExitCode::SUCCESS)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            Err(ExitCode::from(EXIT_USAGE))
        }
        _ => {
            let name = P::command().get_name().to_owned();
            eprintln!("{}", usage_line(&error.render().to_string(), &name));
            Err(ExitCode::from(EXIT_USAGE))
        }
    }
}

/// The one line printed for a usage error rendered by clap as `rendered`.
fn usage_line(rendered: &str, program: &str) -> String {
    format!(
        "error: {} (see '{program} --help')",
        one_line_usage_error(rendered)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    #[command(name = "demo", version)]
    struct Args {
        /// A depth.
        depth: u32,
        /// A flag.
        #[arg(long)]
        fast: bool,
    }

    #[test]
    fn a_clap_block_becomes_one_line_with_a_pointer_to_help() {
        let error = Args::try_parse_from(["demo", "--slow", "3"]).unwrap_err();
        let line = usage_line(&error.render().to_string(), "demo");
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.starts_with("error: unexpected argument '--slow' found"),
            "{line}"
        );
        assert!(line.ends_with("(see 'demo --help')"), "{line}");
        let error = Args::try_parse_from(["demo"]).unwrap_err();
        let line = usage_line(&error.render().to_string(), "demo");
        assert!(line.contains("<DEPTH>"), "{line}");
    }

    #[test]
    fn good_arguments_parse() {
        let args: Args = parse_args_from(["demo", "--fast", "4"]).unwrap();
        assert_eq!((args.depth, args.fast), (4, true));
    }

    #[derive(Debug, Parser)]
    #[command(
        name = "sub",
        subcommand_required = true,
        arg_required_else_help = true
    )]
    struct WithSub {
        #[command(subcommand)]
        command: Sub,
    }

    #[derive(Debug, clap::Subcommand)]
    enum Sub {
        /// Runs.
        Go,
    }

    #[test]
    fn child_help_version_and_missing_subcommand() {
        if !crate::child::is("args::tests::child_help_version_and_missing_subcommand") {
            return;
        }
        let code = |r: Result<Args, ExitCode>| r.err();
        assert_eq!(
            code(parse_args_from(["demo", "--help"])),
            Some(ExitCode::SUCCESS)
        );
        assert_eq!(
            code(parse_args_from(["demo", "--version"])),
            Some(ExitCode::SUCCESS)
        );
        let missing = parse_args_from::<WithSub, _, _>(["sub"]).err();
        assert_eq!(missing, Some(ExitCode::from(2)));
        let sub = parse_args_from::<WithSub, _, _>(["sub", "go"]).unwrap();
        assert!(matches!(sub.command, Sub::Go));
    }

    #[test]
    fn help_and_version_go_to_stdout_and_a_missing_subcommand_prints_the_help() {
        let name = "args::tests::child_help_version_and_missing_subcommand";
        let dir = crate::child::folder("args");
        let out = crate::child::run(name, &dir);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stdout}{stderr}");
        assert!(stdout.contains("Usage: demo [OPTIONS] <DEPTH>"), "{stdout}");
        assert!(
            stdout.contains(concat!("demo ", env!("CARGO_PKG_VERSION"))),
            "{stdout}"
        );
        // The whole help, on stderr, not the one-line usage error.
        assert!(stderr.contains("Usage: sub <COMMAND>"), "{stderr}");
        assert!(stderr.contains("Commands:"), "{stderr}");
        assert!(!stderr.contains("--help')"), "{stderr}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
