//! The learner's state kept or brought back: `save` and `load` (a file, run against the
//! session's [`Files`]), `export` and `import` (a line of the protocol).

use menace_core::menace::state::State;

use crate::answer::Answer;
use crate::engine::{Observe, Teach};
use crate::session::{Files, Flow};
use crate::sink::Out;

use super::args::{no_args, parse_path};
use super::verb::{Support, Verb, Who};

/// `save PATH`.
#[derive(Clone, Debug, PartialEq)]
pub struct Save(pub String);

impl Verb for Save {
    const NAME: &'static str = "save";
    const USAGE: &'static str = "save PATH";
    const SUMMARY: &'static str =
        "write MENACE's state (rules and beads) to a JSON file, atomically";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Private;
    type On<'a> = Files<'a>;

    fn parse(rest: &str) -> Result<Save, String> {
        parse_path(rest, Self::NAME).map(Save)
    }

    fn run(self, files: Files<'_>, out: &mut Out) -> Result<Flow, String> {
        let name = self.0;
        let path = files.access.resolve(&name).map_err(|e| format!("save: {e}"))?;
        let state = files.learner.state()?;
        let mut text = serde_json::to_vec_pretty(&state).expect("a state serializes");
        text.push(b'\n');
        // Errors name the file as the client did, not the folder it is confined to.
        menace_files::write_atomic(&path, &text)
            .map_err(|e| format!("cannot write {name}: {e}"))?;
        out.emit(Answer::Saved { path: name, games_played: state.games_played });
        Ok(Flow::Continue)
    }
}

/// `load PATH`.
#[derive(Clone, Debug, PartialEq)]
pub struct Load(pub String);

impl Verb for Load {
    const NAME: &'static str = "load";
    const USAGE: &'static str = "load PATH";
    const SUMMARY: &'static str =
        "replace MENACE's state with a saved one, after checking it (not during a match)";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Private;
    type On<'a> = Files<'a>;

    fn parse(rest: &str) -> Result<Load, String> {
        parse_path(rest, Self::NAME).map(Load)
    }

    fn run(self, files: Files<'_>, out: &mut Out) -> Result<Flow, String> {
        let name = self.0;
        files.learner.idle("loading a state")?;
        let path = files.access.resolve(&name).map_err(|e| format!("load: {e}"))?;
        let state = State::read(&path, &name)?;
        files.learner.restore(&state).map_err(|e| format!("{name}: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Loaded { path: name, games_played: state.games_played, preset });
        Ok(Flow::Continue)
    }
}

/// `export`: the state as an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Export;

impl Verb for Export {
    const NAME: &'static str = "export";
    const USAGE: &'static str = "export";
    const SUMMARY: &'static str = "MENACE's state (what save writes) as an answer";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<Export, String> {
        no_args(rest, Self::NAME).map(|()| Export)
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::State { state: learner.state()? });
        Ok(Flow::Continue)
    }
}

/// `import STATE`: a state (one line of JSON) replaces the learner's.
#[derive(Clone, Debug, PartialEq)]
pub struct Import(pub String);

impl Verb for Import {
    const NAME: &'static str = "import";
    const USAGE: &'static str = "import STATE";
    const SUMMARY: &'static str = "replace MENACE's state with STATE, a state document on one line (what export answers), after checking it (not during a match)";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Import, String> {
        let text = rest.trim();
        if text.is_empty() {
            return Err(
                "import: missing argument: expected a state on one line, as `export` answers it"
                    .into(),
            );
        }
        Ok(Import(text.to_string()))
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.idle("importing a state")?;
        let state = State::parse(self.0.as_bytes())
            .map_err(|e| format!("import: not a valid state: {e}"))?;
        learner.restore(&state).map_err(|e| format!("import: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Imported { games_played: state.games_played, preset });
        learner.announce(out);
        Ok(Flow::Continue)
    }
}
