//! The end of a solitaire game in words: the moves made, the par, the luck-adjusted
//! figure. The end window (`tui/solo_view.rs`) shows them and the screen reader says
//! them.

use super::Solo;
use crate::solitaire::Summary;
use crate::words;

/// The first three lines of the end window: the moves made, optimal play's par and
/// worst case, the luck-adjusted figure.
#[must_use]
pub(crate) fn end_words(solo: &Solo, summary: &Summary) -> [String; 3] {
    let n = solo.game().view().deck().pairs();
    let expected = &summary.expected;
    let exact = if solo.fraction_on() {
        expected
            .fraction()
            .map_or_else(String::new, |f| format!(" = {f}"))
    } else {
        String::new()
    };
    let rule = solo.rule();
    let free = rule.is_free();
    let e_name = if solo.game().view().deck().copies() == 2 {
        format!("{}({n},0)", e_symbol(rule))
    } else {
        "expected".into()
    };
    let counted = if free {
        format!(
            "{} counted, a pair's move free ({} made, {})",
            words::count(summary.moves, "move"),
            solo.game().view().turns(),
            words::count(summary.misses, "miss")
        )
    } else {
        format!(
            "{} ({})",
            words::count(summary.moves, "move"),
            words::count(summary.misses, "miss")
        )
    };
    [
        format!("Cleared in {counted}"),
        format!(
            "Optimal play: {e_name} {}{exact} expected · worst case {}",
            words::fixed(expected.approx, 2),
            summary.worst_case
        ),
        format!(
            "Luck-adjusted: optimal play needs {} with your flip order",
            words::count(summary.luck_adjusted, "move")
        ),
    ]
}

/// The end of a cleared table in one line, as its end window says it: the moves made,
/// the par and the luck-adjusted figure (`None` before the end, or before the par).
#[must_use]
pub fn result_line(solo: &Solo) -> Option<String> {
    let summary = solo.summary()?;
    let text: Vec<String> = end_words(solo, summary)
        .iter()
        .map(|l| l.trim().replace(" · ", ", "))
        .collect();
    Some(format!("{}.", text.join(". ")))
}

/// The rule after the memory mode in the panel: nothing for the standard count.
#[must_use]
pub(crate) fn rule_tag(rule: crate::solitaire::SoloRule) -> &'static str {
    match rule {
        crate::solitaire::SoloRule::Standard => "",
        crate::solitaire::SoloRule::FreeAfterPair => " · free move after a pair",
        crate::solitaire::SoloRule::Easy => " · easy: pairs across moves",
        crate::solitaire::SoloRule::EasyFreeAfterPair => " · easy, free move after a pair",
    }
}

/// The paper's name of the expected moves under `rule`: `e`, `e^f`, `e^easy`,
/// `e^easy,f`.
fn e_symbol(rule: crate::solitaire::SoloRule) -> &'static str {
    match rule {
        crate::solitaire::SoloRule::Standard => "e",
        crate::solitaire::SoloRule::FreeAfterPair => "e^f",
        crate::solitaire::SoloRule::Easy => "e^easy",
        crate::solitaire::SoloRule::EasyFreeAfterPair => "e^easy,f",
    }
}
