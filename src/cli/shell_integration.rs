//! `perfsage completions <shell>` and `perfsage man`: shell completion scripts and a
//! roff manual page, both generated from the clap definitions so they never drift
//! from the real options. Installed by hand after `cargo install --path .` (the
//! README says where each file goes).

use super::{Cli, emit};
use clap::CommandFactory;
use clap_complete::Shell;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage completions bash > ~/.local/share/bash-completion/completions/perfsage\n  perfsage completions zsh > ~/.zfunc/_perfsage\n  perfsage completions fish > ~/.config/fish/completions/perfsage.fish"
)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script for one shell.
pub fn completions(args: CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "perfsage", &mut script);
    emit(&script)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  perfsage man > perfsage.1 && man ./perfsage.1\n  perfsage man diagnose > perfsage-diagnose.1\n  perfsage man rules lint > perfsage-rules-lint.1"
)]
pub struct ManArgs {
    /// A subcommand (and its subcommand) whose page to print instead of the main one.
    subcommand: Vec<String>,
}

/// Prints a manual page (roff): perfsage(1), or perfsage-<subcommand>(1).
pub fn man(args: ManArgs) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    command.build();
    let mut name = "perfsage".to_string();
    for wanted in &args.subcommand {
        let Some(sub) = command.find_subcommand(wanted).cloned() else {
            let known: Vec<&str> = command.get_subcommands().map(|s| s.get_name()).collect();
            anyhow::bail!(
                "{name} has no subcommand {wanted:?}; it has: {}",
                known.join(", ")
            );
        };
        name = format!("{name}-{wanted}");
        command = sub
            .display_name(name.clone())
            .bin_name(name.replace('-', " "));
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    emit(&page)?;
    Ok(ExitCode::SUCCESS)
}
