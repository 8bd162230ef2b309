// Package sim is the harness's deterministic simulated language model: a
// densify.Provider with a context-window cap and a tokenizer of its own,
// realistic overflow, rate-limit and transient errors in the style of a real
// provider, injected faults, and an extractive "densifier" whose output is a
// pure function of the prompt and the input.
//
// The simulator records every call and reports what a densification cost
// against a lower bound for its input and cap (Report, Bound), so specs can
// check both correctness (no call over the cap was accepted, the flow
// recovered) and efficiency (calls and tokens against the bound).
//
// # Token counting
//
// Tokens(s) = ceil(Base(s) * (1 + Drift)), computed in integers (Drift is
// rounded to millionths). Base defaults to densify.CJKEstimator, so with
// Drift 0 the simulator counts exactly as the reference plans, and a positive
// Drift makes the provider count more than the implementation estimates:
// the case the safety margin exists for.
//
// A call costs PromptTokens + InputTokens + CallOverhead + Reserved, where
// Reserved is the output the call may produce (its max_tokens): the word
// target the prompt states ("Max length: N words", "at most N words", ...)
// times TokensPerWord (default 4/3), rounded up; or, when the prompt states
// none, ceil(InputTokens/4). A call whose cost exceeds Cap is rejected with
// the style's overflow error (Ollama style instead truncates the input
// silently, as Ollama's chat endpoint does by default, and marks the call
// Truncated).
//
// # The densifier
//
// The input is split into paragraphs (at blank lines and at lines of only
// "---", the merge separator) and each paragraph into sentences (at line
// breaks and after . ! ? followed by a space, or after 。！？). Sentences are
// taken round-robin — the first sentence of every paragraph, then the second
// of every paragraph, and so on — until the next one would push the output
// past Reserved tokens (each sentence counted with a "\n\n" separator). The
// chosen sentences are written in input order, sentences of a paragraph
// joined by a space, paragraphs by a blank line. If not even the first
// sentence fits, its longest prefix of whole characters that does is the
// output. So an output never exceeds Reserved tokens and every output
// sentence is a sentence of the input.
//
// # Stages
//
// A call's stage is read from an explicit tag "[[stage:full]]",
// "[[stage:chunk]]" or "[[stage:merge]]" in the prompt if there is one,
// otherwise guessed: a prompt containing "merge" is a merge, one containing
// "chunk" a chunk, anything else a full call.
//
// # Faults
//
// Faults are keyed on the call's arrival number N (from 1): with several
// calls in flight, which call is the Nth depends on scheduling, so use a work
// limit of 1 when a test needs a fault on a particular chunk.
package sim
