// Starts the `statelint` found on the worktree's PATH as `statelint lsp`.
use zed_extension_api::{self as zed, LanguageServerId, Result, Worktree};

struct StateLintExtension;

impl zed::Extension for StateLintExtension {
    fn new() -> Self {
        StateLintExtension
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &Worktree) -> Result<zed::Command> {
        let command = worktree
            .which("statelint")
            .ok_or_else(|| "statelint is not on PATH; see https://github.com/statelint/statelint#installation".to_string())?;
        Ok(zed::Command { command, args: vec!["lsp".to_string()], env: Default::default() })
    }
}

zed::register_extension!(StateLintExtension);
