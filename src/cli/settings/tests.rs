//! The settings file's parsing: every key, every fault named by its line and key.

use super::*;

fn p(text: &str) -> Result<Settings, String> {
    parse(text, Path::new("/cfg"))
}

#[test]
fn every_key_parses() {
    let s = p(r#"
deck = "pairs:12"
first = "ai"
opponent = "usual"
vs = "forgetful"
objective = "margin"
pass-rule = "ko"
memory = "open"
hints = "always"
coach = true
ai-delay = 0.25
theme = "colorblind"
ascii = true
data-dir = "games"
"#)
    .unwrap();
    assert_eq!(s.deck.as_deref(), Some("pairs:12"));
    assert_eq!(s.first, Some(First::Ai));
    assert_eq!(s.vs, Some(Opponent::ForgetfulMedium));
    assert_eq!(s.pass_rule, Some(PassRule::Ko));
    assert_eq!(s.ai_delay, Some(Duration::from_millis(250)));
    assert_eq!(s.data_dir, Some(PathBuf::from("/cfg/games")));
    let mut c = Config::default();
    s.apply(&mut c, false);
    assert_eq!((c.memory, c.hints), (Memory::Open, Hints::Always));
    assert!(c.coach, "coach = true turns the coach on");
    assert_eq!(c.watch_first, None, "vs is for watch only");
    assert_eq!(
        p("ai-delay = 2").unwrap().ai_delay,
        Some(Duration::from_secs(2))
    );
    assert_eq!(p("").unwrap(), Settings::default());
}

#[test]
fn faults_name_the_line_and_key() {
    for (text, expected) in [
        ("deck = \"pairs:0\"", "line 1: key 'deck': "),
        (
            "\n\nopponent = \"genius\"",
            "line 3: key 'opponent': unknown opponent 'genius'",
        ),
        (
            "colour = \"red\"",
            "line 1: key 'colour': unknown key: expected one of deck,",
        ),
        (
            "ai-delay = \"fast\"",
            "line 1: key 'ai-delay': expected seconds, found string",
        ),
        (
            "ai-delay = 100",
            "line 1: key 'ai-delay': 100: expected seconds between 0 and 60",
        ),
        (
            "ascii = \"yes\"",
            "line 1: key 'ascii': expected true or false, found string",
        ),
        (
            "theme = \"neon\"",
            "line 1: key 'theme': unknown theme 'neon'",
        ),
        (
            "objective = \"moves\"",
            "line 1: key 'objective': 'moves' is for solitaire",
        ),
        (
            "deck = 3",
            "line 1: key 'deck': expected a string, found integer",
        ),
        ("[play]\ndeck = \"standard\"", "key 'play': unknown key"),
        ("deck = \"standard", "line 1: not valid TOML"),
        ("\ndeck = \"a\"\ndeck = \"b\"", "line 3: not valid TOML"),
    ] {
        let e = p(text).unwrap_err();
        assert!(e.starts_with(expected), "{text:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    let e = p("objective = \"margin\"\npass-rule = \"withdraw\"").unwrap_err();
    assert!(e.starts_with("key 'pass-rule': "), "{e}");
}

#[test]
fn a_bad_value_loses_only_its_own_key() {
    let (s, faults) = parse_lenient(
        "theme = \"neon\"\ndata-dir = \"games\"\ndeck = \"pairs:5\"\nopponent = 3\n",
        Path::new("/cfg"),
    );
    assert_eq!(s.data_dir, Some(PathBuf::from("/cfg/games")));
    assert_eq!(s.deck.as_deref(), Some("pairs:5"));
    assert_eq!((s.theme, s.opponent), (None, None));
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(faults[0].starts_with("line 1: key 'theme': unknown theme 'neon'"));
    assert!(faults[1].starts_with("line 4: key 'opponent': "));
    // A combination that cannot be: the pass rule goes, the objective stays.
    let (s, faults) = parse_lenient(
        "objective = \"margin\"\npass-rule = \"withdraw\"",
        Path::new("/"),
    );
    assert_eq!((s.objective, s.pass_rule), (Some(Objective::Margin), None));
    assert_eq!(faults.len(), 1);
    // Not TOML: nothing is kept.
    let (s, faults) = parse_lenient("data-dir = \"x\"\ndeck = ", Path::new("/"));
    assert_eq!((s, faults.len()), (Settings::default(), 1));
}

#[test]
fn players_and_variant_seat_the_table() {
    let s = p("players = \"you,optimal,usual\"\nvariant = \"one-flip\"\npass-rule = \"none\"");
    // One Flip with an optimal AI at three seats has no solver: the variant goes.
    let e = s.unwrap_err();
    assert!(
        e.starts_with("line 2: key 'variant': no solver plays One Flip"),
        "{e}"
    );
    let s = p("players = \"you,usual,forgetful\"\nvariant = \"one-flip\"\npass-rule = \"none\"")
        .unwrap();
    assert_eq!(s.variant, Some(Variant::OneFlip));
    let mut c = Config::default();
    s.apply(&mut c, false);
    let seats = c.players.as_ref().expect("three seats");
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["you", "usual", "forgetful-medium"]);
    assert_eq!((c.variant, c.pass_rule), (Variant::OneFlip, PassRule::None));
    assert_eq!(c.check().map(|_| ()), Ok(()));
    // Watch seats AIs only: a list with a person is for play.
    let mut w = Config::default();
    s.apply(&mut w, true);
    assert_eq!(w.players, None);
    // Today's game: first and opponent; `first` in the file still says who starts.
    let s = p("players = \"usual,you\"").unwrap();
    let mut c = Config::default();
    s.apply(&mut c, false);
    assert_eq!(
        (c.players.is_none(), c.first, c.opponent),
        (true, First::Ai, Opponent::Usual)
    );
    let s = p("players = \"you,optimal\"\nfirst = \"coin\"").unwrap();
    let mut c = Config::default();
    s.apply(&mut c, false);
    assert_eq!(c.first, First::Coin);
}

#[test]
fn bad_players_and_variants_name_the_line_and_key() {
    for (text, expected) in [
        (
            "\nplayers = \"you,hal:genius\"",
            "line 2: key 'players': unknown seat kind 'genius' in 'hal:genius'",
        ),
        (
            "players = \"a,b,c,d,e,f,g\"",
            "line 1: key 'players': 7 seats: a table has 2 to 6",
        ),
        (
            "players = \"ann,Ann\"",
            "line 1: key 'players': seat name 'Ann' is used twice",
        ),
        (
            "players = 3",
            "line 1: key 'players': expected a string, found integer",
        ),
        (
            "variant = \"sideways\"",
            "line 1: key 'variant': unknown variant 'sideways'",
        ),
        (
            "pass-rule = \"ko\"\nplayers = \"you,usual,usual\"",
            "line 1: key 'pass-rule': pass rule 'ko' needs two players",
        ),
    ] {
        let e = p(text).unwrap_err();
        assert!(e.starts_with(expected), "{text:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // The pass rule for two goes; the players stay.
    let (s, faults) = parse_lenient(
        "pass-rule = \"quit\"\nplayers = \"you,usual,usual\"",
        Path::new("/"),
    );
    assert_eq!((s.pass_rule, s.players.map(|p| p.len())), (None, Some(3)));
    assert_eq!(faults.len(), 1);
}

#[test]
fn show_and_template_read_back() {
    let s = p("deck = \"pairs:5\"\nai-delay = 1.5").unwrap();
    let shown = s.to_toml(Some(Path::new("/data")));
    let back = p(&shown).unwrap();
    assert_eq!(back.deck.as_deref(), Some("pairs:5"));
    assert_eq!(back.ai_delay, Some(Duration::from_millis(1500)));
    assert_eq!(back.data_dir, Some(PathBuf::from("/data")));
    assert_eq!(p(&template()).unwrap(), Settings::default());
    assert!(template().contains("\n# pass-rule = \"agreed\"\n"));
    assert!(
        template().contains("\n# players = \"you,optimal\"\n"),
        "{}",
        template()
    );
    assert!(template().contains("\n# variant = \"standard\"\n"));
    // A table of three, shown and read back.
    let s = p("players = \"you,hal:optimal,usual,usual\"\nvariant = \"standard\"").unwrap();
    let shown = s.to_toml(None);
    assert!(
        shown.contains("players = \"you,hal:optimal,usual 1:usual,usual 2:usual\"\n"),
        "{shown}"
    );
    let back = p(&shown).unwrap();
    assert_eq!(back.players, s.players);
    assert_eq!(back.variant, Some(Variant::Standard));
}

#[test]
fn the_layout_and_moving_cards_are_settings_too() {
    let s = p("layout = \"scatter\"\nmoving = 3").unwrap();
    let mut c = Config::default();
    s.apply(&mut c, false);
    assert_eq!((c.layout, c.moving), (Layout::Scatter, Moving::every(3)));
    let shown = s.to_toml(None);
    assert!(
        shown.contains("layout = \"scatter\"\nmoving = 3\n"),
        "{shown}"
    );
    // Unset, the grid and no moving line.
    let shown = p("").unwrap().to_toml(None);
    assert!(
        shown.contains("layout = \"grid\"\n") && !shown.contains("moving"),
        "{shown}"
    );
    for (text, fault) in [
        (
            "layout = \"spiral\"",
            "line 1: key 'layout': unknown layout 'spiral'",
        ),
        (
            "moving = 0",
            "line 1: key 'moving': 0: expected a number of turns from 1 to 1000",
        ),
        (
            "moving = \"often\"",
            "line 1: key 'moving': expected a number of turns, found string",
        ),
    ] {
        let e = p(text).unwrap_err();
        assert!(e.starts_with(fault), "{text}: {e}");
    }
}
