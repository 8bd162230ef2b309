package densify

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// windowPatterns find the model's window in an overflow message, lower-cased
// (the wordings of fixtures/densify/errors.json that state it).
var windowPatterns = []*regexp.Regexp{
	regexp.MustCompile(`maximum context length is (\d+)`),            // OpenAI, vLLM, OpenRouter
	regexp.MustCompile(`(\d+) maximum context length`),               // Mistral
	regexp.MustCompile(`tokens > (\d+) maximum`),                     // Anthropic "prompt is too long"
	regexp.MustCompile(`context limit: \d+ \+ \d+ > (\d+)`),          // Anthropic with max_tokens
	regexp.MustCompile(`maximum number of tokens allowed \((\d+)\)`), // Gemini
	regexp.MustCompile(`available context size \((\d+) tokens\)`),    // llama.cpp
	regexp.MustCompile(`context window of (\d+)`),                    // llama.cpp "exceed context window of 512"
	regexp.MustCompile(`context length of only (\d+)`),               // LM Studio
	regexp.MustCompile(`configured limit of (\d+)`),                  // OpenAI "Input tokens exceed the configured limit"
}

// StatedWindow reads the model's context window from an overflow error's
// message (the ProviderError's message when there is one, else the error's
// text): the first pattern of windowPatterns that matches, in their order.
// It reports false for other errors and for messages that state no window
// (Apple's, for one). The standard's remote path assumes a high cap "then
// adapted down by failures": a stated window is the most a failure can tell.
func StatedWindow(err error) (int, bool) {
	if Classify(err) != Overflow {
		return 0, false
	}
	text := err.Error()
	var pe *ProviderError
	if errors.As(err, &pe) {
		text = pe.Message
	}
	text = strings.ToLower(text)
	for _, re := range windowPatterns {
		if m := re.FindStringSubmatch(text); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
				return n, true
			}
		}
	}
	return 0, false
}
