//! The rooms' commands over SSH: `room [--players N] [game options]` opens a room of N
//! seats (2 to 6, people and AIs), `join CODE` takes a seat of one, `watch CODE`
//! watches one. The server holds the rooms ([`crate::serve::rooms`]); here the words
//! become what the session asks for, the game's options read by `play`'s own parser.

use clap::{Args, FromArgMatches};

use super::access::AccessArgs;
use super::play::PlayArgs;
use super::settings::Settings;
use crate::serve::RoomWish;

/// What `room --help` says.
const HELP: &str = "\
room [--players N] [OPTIONS]   a room for friends: its code, and the command to join it
  --players N    seats at the table, 2 to 6 (default 2); the host may start early,
                 the free seats going to the optimal AI
  OPTIONS        the game's, as for play: --deck, --variant, --pass-rule, --memory,
                 --objective, --seed, --ai-delay, ... (not the trainer's: a room is
                 people against each other)
join CODE      a seat of the room with that code (or yours back, within 2 minutes)
watch CODE     watch the room with that code
--screen-reader   with any of them: the room line by line, every flip told
";

/// A room asked for, and the screen-reader mode's options if it is asked for too.
pub(super) type Wish = (RoomWish, Option<crate::speech::Options>);

/// `join CODE` and `watch CODE`, with the accessibility flags.
#[derive(Debug, Args)]
struct CodeArgs {
    /// The room's code
    code: String,
    #[command(flatten)]
    access: AccessArgs,
}

/// The room `words` ask for, if they are a room's command (`None`: another command).
///
/// # Errors
/// Bad words for a room, as one line.
pub(super) fn wish(words: &[String]) -> anyhow::Result<Option<Wish>> {
    let rest = words.get(1..).unwrap_or_default();
    match words.first().map(String::as_str) {
        Some("room") => open(rest).map(Some),
        Some("join") => {
            let (code, speech) = code_and_access("join", rest)?;
            Ok(Some((RoomWish::Join(code), speech)))
        }
        // `watch` with a code is a room; with options alone, the AIs' game.
        Some("watch") if rest.first().is_some_and(|w| !w.starts_with('-')) => {
            let (code, speech) = code_and_access("watch", rest)?;
            Ok(Some((RoomWish::Watch(code), speech)))
        }
        _ => Ok(None),
    }
}

/// A room's code and the accessibility flags, after `join` or `watch`.
fn code_and_access(
    name: &'static str,
    rest: &[String],
) -> anyhow::Result<(String, Option<crate::speech::Options>)> {
    let parser = CodeArgs::augment_args(clap::Command::new(name).no_binary_name(true));
    let matches = parser.try_get_matches_from(rest).map_err(|_| {
        super::usage(format!(
            "{name} takes a room's code and --screen-reader if wished: {name} K7QXR"
        ))
    })?;
    let args = CodeArgs::from_arg_matches(&matches)?;
    Ok((checked(&args.code)?, args.access.speech_if(false, None)?))
}

/// Whether `words` ask for the rooms' help.
pub(super) fn asks_help(words: &[String]) -> bool {
    words.first().is_some_and(|w| w == "room" || w == "join")
        && words.iter().skip(1).any(|w| w == "--help" || w == "-h")
}

/// The rooms' help.
pub(super) const fn help() -> &'static str {
    HELP
}

/// A room's code as typed: 4 to 8 letters and digits.
fn checked(code: &str) -> anyhow::Result<String> {
    if crate::app::room::is_code(code) {
        Ok(code.to_ascii_uppercase())
    } else {
        Err(super::usage(format!(
            "'{}' is not a room's code: 4 to 8 letters and digits, as the room shows it",
            crate::words::shown(code)
        )))
    }
}

/// `room [--players N] [options]`: the seats, and the game read by `play`'s parser.
fn open(words: &[String]) -> anyhow::Result<Wish> {
    let mut seats = 2;
    let mut options: Vec<&str> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let word = words[at].as_str();
        let count = if word == "--players" {
            at += 1;
            Some(words.get(at).map_or("", String::as_str))
        } else {
            word.strip_prefix("--players=")
        };
        match count {
            Some(n) => seats = seat_count(n)?,
            None => options.push(word),
        }
        at += 1;
    }
    let names: Vec<String> = (1..=seats).map(|i| format!("seat{i}")).collect();
    let names = names.join(",");
    let all = ["concentration", "play", "--players", &names]
        .into_iter()
        .chain(options.iter().copied());
    let matches = super::command()
        .try_get_matches_from(all)
        .map_err(|e| super::usage(super::parse_error_line(&e).trim_start_matches("error: ")))?;
    let Some(("play", play)) = matches.subcommand() else {
        return Err(super::usage("room: the game's options are play's"));
    };
    super::remote::refuse_paths(&super::command(), &matches)?;
    let args = PlayArgs::from_arg_matches(play)?;
    let speech = args.access.speech_if(false, None)?;
    let config = args.config_over(false, &Settings::default())?;
    if config.practice || config.coach || config.tutor || config.hints == crate::app::Hints::Always
    {
        return Err(super::usage(
            "a room is people against each other: --practice, --coach, --tutor and --hints are for a game against the AI",
        ));
    }
    let wish = RoomWish::Open {
        config: Box::new(config),
        seats,
    };
    Ok((wish, speech))
}

/// `--players N` of a room: 2 to 6.
fn seat_count(n: &str) -> anyhow::Result<usize> {
    match n.parse::<usize>() {
        Ok(n) if (2..=6).contains(&n) => Ok(n),
        _ => Err(super::usage(format!(
            "room --players takes the number of seats, 2 to 6 (people and AIs), not '{}': the seats are named by who joins",
            crate::words::shown(n)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_room_takes_its_seats_and_the_games_options() {
        let Some((RoomWish::Open { config, seats }, None)) =
            wish(&words("room --players 3 --deck pairs:6 --seed 7")).unwrap()
        else {
            panic!("a room")
        };
        assert_eq!(
            (seats, config.deck.as_str(), config.seed),
            (3, "pairs:6", 7)
        );
        assert!(matches!(
            wish(&words("room")).unwrap(),
            Some((RoomWish::Open { seats: 2, .. }, None))
        ));
    }

    #[test]
    fn join_and_watch_take_a_code_in_any_case() {
        assert!(
            matches!(wish(&words("join k7qxr")).unwrap(), Some((RoomWish::Join(c), None)) if c == "K7QXR")
        );
        assert!(
            matches!(wish(&words("watch K7QXR")).unwrap(), Some((RoomWish::Watch(c), None)) if c == "K7QXR")
        );
        assert!(
            wish(&words("watch --deck pairs:8")).unwrap().is_none(),
            "the AIs' game"
        );
        assert!(wish(&words("play")).unwrap().is_none());
    }

    #[test]
    fn bad_rooms_are_refused_in_one_line() {
        for (line, says) in [
            ("room --players 7", "2 to 6"),
            ("room --players ann,bob", "number of seats"),
            ("room --coach", "against the AI"),
            ("room --deck nonsense", "deck"),
            ("room --data-dir /tmp", "names a file"),
            ("join", "code"),
            ("join K7 QX", "code"),
            ("join K7QXR --card-names nonsense", "card"),
            ("join K7;X", "not a room's code"),
        ] {
            let e = wish(&words(line)).map(|_| ()).unwrap_err().to_string();
            assert!(e.contains(says) && !e.contains('\n'), "{line}: {e}");
        }
    }
}
