//! Results measured against a simulator. `llm-d-inference-sim` and its kind answer a
//! benchmark client as a server would, with latencies they are configured to have: a
//! client's result block against one looks like any other. When the lines right above a run
//! (at most a few, and none of the run before it) or its own lines say so (`# SIMULATED: …`, `==
//! llm-d-inference-sim v0.11.2 (simulated)`, a `simulator`), the run is kept, with a note, and
//! a warning names the line: its numbers show the simulator's settings, not a server.

use crate::sink::{FindingExt, Sink};
use benchsite_model::{Note, Run};

/// How many lines above a run may say it.
const ABOVE: u32 = 12;

/// Whether a line says a simulator answered: an upper-case `SIMULATED`, `(simulated)`, a
/// `simulator`, or an inference simulator's name (`inference-sim`). Not a load tool's
/// `simulated users`.
fn says_simulated(line: &str) -> bool {
    if line.contains("SIMULATED") || line.contains("inference-sim") {
        return true;
    }
    let lower = line.to_ascii_lowercase();
    lower.contains("(simulated)") || lower.contains("simulator")
}

/// Marks the runs a simulator answered; `text` is the file's.
pub fn check(text: &str, runs: &mut [Run], sink: &mut Sink) {
    // Most files say nothing of it: one look for the words' common part first.
    let lower_hit = text.contains("imulat") || text.contains("IMULAT") || text.contains("inference-sim");
    if runs.is_empty() || !lower_hit {
        return;
    }
    let marked: Vec<(u32, &str)> = text.lines().enumerate().filter(|(_, l)| says_simulated(l)).map(|(i, l)| (i as u32 + 1, l.trim())).collect();
    if marked.is_empty() {
        return;
    }
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&i| (runs[i].source.line, runs[i].source.end_line));
    let mut previous_end = 0;
    let mut flagged: Vec<(usize, u32, String)> = Vec::new();
    for &i in &order {
        let (start, end) = (runs[i].source.line, runs[i].source.end_line.max(runs[i].source.line));
        // The lines since the run before it (not that run's), at most a few right above
        // (a document's introduction describing its simulator runs says nothing of the real
        // ones after it), and its own.
        let from = (previous_end.min(start.saturating_sub(1)) + 1).max(start.saturating_sub(ABOVE));
        // The line naming the simulator, when one does, else the nearest.
        let window: Vec<&(u32, &str)> = marked.iter().filter(|(l, _)| (from..=end).contains(l)).collect();
        let named = window.iter().find(|(_, t)| t.contains("SIMULATED") || t.contains("inference-sim")).or(window.last());
        if let Some((line, text)) = named.map(|m| **m) {
            flagged.push((i, line, text.chars().take(120).collect()));
        }
        previous_end = previous_end.max(end);
    }
    for (i, line, said) in flagged {
        let run = &mut runs[i];
        run.notes.push(Note { line, text: format!("measured against a simulator: {said}") });
        let id = run.id.to_string();
        sink.warn(
            "simulated-result",
            line,
            format!("line {line} says this result was measured against a simulator (`{said}`): its latencies and rates are the simulator's settings, not a server's. It is kept, marked as such; compare it with no server's."),
        )
        .run(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulator_words_and_not_simulated_users() {
        assert!(says_simulated("# SIMULATED: llm-d-inference-sim v0.11.2; every latency"));
        assert!(says_simulated("== llm-d-inference-sim v0.11.2 (simulated)"));
        assert!(says_simulated("Results from the simulator"));
        assert!(!says_simulated("Number of simulated users: 100"));
        assert!(!says_simulated("Successful requests: 100"));
    }
}
