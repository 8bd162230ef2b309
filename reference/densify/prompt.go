package densify

import "fmt"

// widestNumber stands in for every number in a prompt when its overhead is
// estimated, so the estimate bounds every prompt actually sent.
const widestNumber = 999_999_999

// The prompts name their stage with a keyword ("chunk", "merge"; neither for
// the full call) and state their word target as "Max length: N words.", the
// form the original uses. The simulated provider in llm/sim reads both.

const promptRules = "Keep facts, intent, actions, outcomes, constraints and errors. " +
	"Drop low-signal repetition and boilerplate. Do not add assumptions. Return dense plain text only."

func fullPrompt(words int) string {
	return fmt.Sprintf("Extract the essential context from the captured text below.\n%s\nMax length: %d words.",
		promptRules, words)
}

func chunkPrompt(index, total, words int) string {
	return fmt.Sprintf("Extract the essential context from this chunk of a larger captured text.\nChunk %d of %d.\n%s\nMax length: %d words.",
		index, total, promptRules, words)
}

func mergePrompt(pass, words int) string {
	return fmt.Sprintf("Merge these partial summaries into one coherent context; remove duplicates.\nMerge pass %d; partials are separated by lines of three dashes.\n%s\nMax length: %d words.",
		pass, promptRules, words)
}
